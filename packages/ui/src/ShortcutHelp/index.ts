export {
  ShortcutHelp,
  type ShortcutHelpGroup,
  type ShortcutHelpItem,
  type ShortcutHelpProps,
} from './ShortcutHelp.tsx';
