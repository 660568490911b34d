import { blockingScreenStyles } from './BlockingScreen/BlockingScreen.styles.ts';
import { buttonLoaderStyles, buttonStyles } from './Button/Button.styles.ts';
import { fieldStyles } from './Field/Field.styles.ts';
import { loadingPlaceholderStyles } from './LoadingPlaceholder/LoadingPlaceholder.styles.ts';
import { sortableTableStyles } from './SortableTable/SortableTable.styles.ts';
import { passwordFieldStyles } from './PasswordField/PasswordField.styles.ts';
import { textFieldStyles } from './TextField/TextField.styles.ts';
import type { StaticStyles } from './theme/staticStyles.ts';

/**
 * Every static style of @coach/ui: their CSS is made ahead of time into the library's stylesheet
 * (`@coach/ui/global.css`, after the global styles), by globalCss.test.tsx.
 */
export const uiStaticStyles: StaticStyles = {
  ...blockingScreenStyles,
  ...buttonStyles,
  ...buttonLoaderStyles,
  ...fieldStyles,
  ...loadingPlaceholderStyles,
  ...textFieldStyles,
  ...passwordFieldStyles,
  ...sortableTableStyles,
};
