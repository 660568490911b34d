import { sortableTableRowKeys } from '@coach/ui';

/** Where a shortcut works: the groups of the shortcut list. */
export type ShortcutPlace = 'everywhere' | 'clients' | 'charts';

/** A keyboard shortcut: the keys that do it (`KeyboardEvent.key` values, any one) and where. */
export type KeyboardShortcut = { keys: readonly string[]; place: ShortcutPlace };

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
  previousDay: { keys: ['ArrowLeft'], place: 'charts' },
  nextDay: { keys: ['ArrowRight'], place: 'charts' },
  firstDay: { keys: ['Home'], place: 'charts' },
  lastDay: { keys: ['End'], place: 'charts' },
} as const satisfies Record<string, KeyboardShortcut>;

/** A shortcut's name in the table. */
export type ShortcutName = keyof typeof keyboardShortcuts;

/** Whether `key` (a `KeyboardEvent.key`) is one of the shortcut's keys. */
export function isShortcutKey(name: ShortcutName, key: string): boolean {
  return (keyboardShortcuts[name].keys as readonly string[]).includes(key);
}
