import { textControlStyle } from '../Field/Field.tsx';
import { defineStaticStyles } from '../theme/staticStyles.ts';

/** A text input (Chakra's input recipe, its default size and variant) and its end element. */
export const textFieldStyles = defineStaticStyles({
  'text-input': {
    recipe: { key: 'input', variants: { size: 'md', variant: 'outline' } },
    css: textControlStyle,
  },
  // Room for the end element, as Chakra's `InputGroup` gives its input.
  'text-input-with-end': { css: { pe: 'calc(var(--input-height) - 0px)' } },
  // Chakra's `InputGroup` (a `Group`, full width) and its `InputElement` at the end.
  'text-input-group': {
    css: {
      display: 'inline-flex',
      gap: 'var(--group-gap, 0.5rem)',
      isolation: 'isolate',
      position: 'relative',
      '& [data-group-item]': { _focusVisible: { zIndex: 1 } },
      flexDirection: 'row',
      width: 'full',
      alignItems: 'center',
      justifyContent: 'flex-start',
    },
  },
  'text-input-end': {
    css: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      position: 'absolute',
      zIndex: 2,
      color: 'fg.muted',
      height: 'full',
      fontSize: 'sm',
      px: '3',
      insetInlineEnd: '0',
    },
  },
});
