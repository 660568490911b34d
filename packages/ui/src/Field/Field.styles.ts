import { defineStaticStyles } from '../theme/staticStyles.ts';

/** A field's parts: Chakra's field slot recipe, and the row of its messages. */
export const fieldStyles = defineStaticStyles({
  field: { recipe: { key: 'field', slot: 'root' }, css: { gap: '1.5' } },
  'field-label': { recipe: { key: 'field', slot: 'label' }, css: { color: 'fg' } },
  // An `HStack`: the messages at the start, `helperEnd` at the end.
  'field-footer': {
    css: {
      display: 'flex',
      alignItems: 'start',
      justifyContent: 'space-between',
      flexDirection: 'row',
      gap: '3',
      width: 'full',
    },
  },
  'field-messages': {
    css: { display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' },
  },
  'field-error': { recipe: { key: 'field', slot: 'errorText' }, css: { color: 'error.fg' } },
  'field-helper': { recipe: { key: 'field', slot: 'helperText' }, css: { color: 'fg.muted' } },
});
