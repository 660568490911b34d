import { defineStaticStyles } from '@coach/ui/static-css';

/** A screen whose code did not load: static, since the code that failed may be Chakra's own. */
export const screenLoadErrorStyles = defineStaticStyles({
  'load-error': {
    css: {
      display: 'flex',
      alignItems: 'flex-start',
      flexDirection: 'column',
      gap: '4',
      paddingBlock: '8',
    },
  },
  'load-error-title': {
    recipe: { key: 'heading', variants: { size: 'xl' } },
    css: { fontSize: '2xl', fontWeight: 'semibold' },
  },
  'load-error-hint': { css: { color: 'fg.muted' } },
  'load-error-actions': {
    css: {
      display: 'flex',
      alignItems: 'center',
      flexDirection: 'row',
      flexWrap: 'wrap',
      gap: '3',
    },
  },
});
