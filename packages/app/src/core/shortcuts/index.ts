// The app core's keyboard shortcuts: what features, routes/ and stories may import. The help
// list's groups (shortcutHelpGroups.ts) stay with the dialog that loads on the first '?'.
export { KeyboardShortcutHelp } from './components/KeyboardShortcutHelp.tsx';
export { isTextEntry } from './isTextEntry.ts';
export { isShortcutKey, type ShortcutName } from './keyboardShortcuts.ts';
export { shortcutLabel } from './shortcutKeys.ts';
export { type ShortcutHandlers, useShortcutHandlers } from './useShortcutHandlers.ts';
