import { defineStaticStyles } from '../theme/staticStyles.ts';

/** The show/hide toggle: a ghost button as Chakra's `IconButton` has it, in the muted colour. */
export const passwordFieldStyles = defineStaticStyles({
  'password-toggle': { css: { px: '0', py: '0', _icon: { fontSize: '1.2em' }, color: 'fg.muted' } },
});
