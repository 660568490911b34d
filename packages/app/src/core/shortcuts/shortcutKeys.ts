import type { TFunction } from 'i18next';
import {
  type KeyboardShortcut,
  keyboardShortcuts,
  type ShortcutName,
} from './keyboardShortcuts.ts';

// Keys whose `KeyboardEvent.key` name is not what the key shows ('ArrowDown' is '↓').
const namedKeys = [
  'ArrowDown',
  'ArrowUp',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'Enter',
] as const;
type NamedKey = (typeof namedKeys)[number];
const isNamedKey = (key: string): key is NamedKey => (namedKeys as readonly string[]).includes(key);

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** A key as its cap shows it: 'KeyN' is 'N', 'Digit1' is '1', 'ArrowDown' is '↓'. */
function keyCap(key: string, t: TFunction): string {
  if (isNamedKey(key)) return t(`shortcuts.keys.${key}`);
  const letterOrDigit = /^(?:Key|Digit)(.)$/.exec(key);
  return letterOrDigit?.[1] ?? key;
}

/** The keys of a shortcut as the coach presses them, one a line: 'Alt+N' ('⌥+N' on a Mac). */
export function shortcutKeyLabels(name: ShortcutName, t: TFunction): string[] {
  const shortcut: KeyboardShortcut = keyboardShortcuts[name];
  const held =
    shortcut.modifier === 'alt'
      ? isMac()
        ? '⌥'
        : 'Alt'
      : shortcut.modifier === 'mod'
        ? isMac()
          ? '⌘'
          : 'Ctrl'
        : null;
  return shortcut.keys.map((key) => (held ? `${held}+${keyCap(key, t)}` : keyCap(key, t)));
}

/** A shortcut's keys in one text, for a control's title ('Alt+1'). */
export const shortcutLabel = (name: ShortcutName, t: TFunction) =>
  shortcutKeyLabels(name, t).join(` ${t('shortcuts.or')} `);
