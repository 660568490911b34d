import { defineStaticStyles, stackCss as stack } from '@coach/ui/static-css';

/** The sign-in screen and its form, static: the route that loads first carries no Chakra. */
export const signInStyles = defineStaticStyles({
  'sign-in': { css: stack('8') },
  'sign-in-head': { css: stack('2') },
  'sign-in-title': {
    recipe: { key: 'heading', variants: { size: 'xl' } },
    css: { fontSize: '2xl', fontWeight: 'semibold' },
  },
  'sign-in-subtitle': { css: { color: 'fg.muted' } },
  'sign-in-fields': { css: stack('5') },
  'sign-in-code': { css: stack('3') },
  // 'or' between two lines, before the passkey's button.
  'sign-in-or': {
    css: { display: 'flex', alignItems: 'center', flexDirection: 'row', gap: '3' },
  },
  'sign-in-or-line': {
    recipe: { key: 'separator', variants: { orientation: 'horizontal' } },
    css: { flex: '1' },
  },
  'sign-in-or-text': { css: { color: 'fg.muted', fontSize: 'sm' } },
});
