import { sortableTableRowKeys } from '@coach/ui';

/** Where a shortcut works: the groups of the shortcut list. */
export type ShortcutPlace = 'everywhere' | 'clients' | 'charts' | 'profile';

/** The key held with a shortcut's key: Alt (Option on a Mac), or Ctrl (Cmd on a Mac). */
type ShortcutModifier = 'alt' | 'mod';

/**
 * A keyboard shortcut: the keys that do it (any one) and where. Without a modifier the keys are
 * `KeyboardEvent.key` values; with one they are `KeyboardEvent.code` values ('KeyN', 'Digit1',
 * 'Enter'): Option+N on a Mac types '˜', so a letter is matched by the key's place, not its text.
 */
export type KeyboardShortcut = {
  keys: readonly string[];
  place: ShortcutPlace;
  modifier?: ShortcutModifier;
};

/**
 * Every keyboard shortcut of the app, the one source: the key handlers read their keys here (the
 * clients table's row keys come from the ui's table), and the '?' list shows this table.
 */
export const keyboardShortcuts = {
  help: { keys: ['?'], place: 'everywhere' },
  search: { keys: ['/'], place: 'clients' },
  nextRow: { keys: [...sortableTableRowKeys.next, 'j'], place: 'clients' },
  previousRow: { keys: [...sortableTableRowKeys.previous, 'k'], place: 'clients' },
  firstRow: { keys: sortableTableRowKeys.first, place: 'clients' },
  lastRow: { keys: sortableTableRowKeys.last, place: 'clients' },
  openRow: { keys: sortableTableRowKeys.open, place: 'clients' },
  startQueue: { keys: ['q'], place: 'clients' },
  previousDay: { keys: ['ArrowLeft'], place: 'charts' },
  nextDay: { keys: ['ArrowRight'], place: 'charts' },
  firstDay: { keys: ['Home'], place: 'charts' },
  lastDay: { keys: ['End'], place: 'charts' },
  // A client's profile: they work from the composer and the note's field too, the attention
  // queue's (next, previous, reviewed for today) among them while the coach walks it.
  sendMessage: { keys: ['Enter'], place: 'profile', modifier: 'mod' },
  openMessages: { keys: ['KeyM'], place: 'profile', modifier: 'alt' },
  writeNote: { keys: ['KeyN'], place: 'profile', modifier: 'alt' },
  followUp: { keys: ['KeyF'], place: 'profile', modifier: 'alt' },
  openOverview: { keys: ['Digit1'], place: 'profile', modifier: 'alt' },
  openIndicators: { keys: ['Digit2'], place: 'profile', modifier: 'alt' },
  openActivity: { keys: ['Digit3'], place: 'profile', modifier: 'alt' },
  openAssessments: { keys: ['Digit4'], place: 'profile', modifier: 'alt' },
  openReports: { keys: ['Digit5'], place: 'profile', modifier: 'alt' },
  nextInQueue: { keys: ['KeyJ'], place: 'profile', modifier: 'alt' },
  previousInQueue: { keys: ['KeyK'], place: 'profile', modifier: 'alt' },
  markReviewed: { keys: ['KeyR'], place: 'profile', modifier: 'alt' },
} as const satisfies Record<string, KeyboardShortcut>;

/** A shortcut's name in the table. */
export type ShortcutName = keyof typeof keyboardShortcuts;

/** Whether `key` (a `KeyboardEvent.key`) is one of the shortcut's keys. */
export function isShortcutKey(name: ShortcutName, key: string): boolean {
  return (keyboardShortcuts[name].keys as readonly string[]).includes(key);
}

/** The modifier keys of a key press. */
type KeyPress = Pick<KeyboardEvent, 'code' | 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>;

/**
 * Whether a key press is the shortcut: its key (by `code` with a modifier, by `key` without) with
 * exactly its modifier held (Ctrl or Cmd for 'mod', either platform's).
 */
export function isShortcutPress(name: ShortcutName, press: KeyPress): boolean {
  const shortcut: KeyboardShortcut = keyboardShortcuts[name];
  const keys = shortcut.keys as readonly string[];
  if (shortcut.modifier === undefined) {
    return !press.altKey && !press.ctrlKey && !press.metaKey && keys.includes(press.key);
  }
  const isMod = press.ctrlKey || press.metaKey;
  const held = shortcut.modifier === 'alt' ? press.altKey && !isMod : isMod && !press.altKey;
  return held && !press.shiftKey && keys.includes(press.code);
}
