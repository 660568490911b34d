// The app core's keyboard shortcuts: what features, routes/ and stories may import.
export { KeyboardShortcutHelp } from './components/KeyboardShortcutHelp.tsx';
export { isTextEntry } from './isTextEntry.ts';
export {
  isShortcutKey,
  type KeyboardShortcut,
  keyboardShortcuts,
  type ShortcutName,
  type ShortcutPlace,
} from './keyboardShortcuts.ts';
export { shortcutHelpGroups } from './shortcutHelpGroups.ts';
