/**
 * The keys of the table's rows, by what they do: the body's key handler reads them, and a list of
 * shortcuts can show them from the same place.
 */
export const sortableTableRowKeys = {
  next: ['ArrowDown'],
  previous: ['ArrowUp'],
  first: ['Home'],
  last: ['End'],
  open: ['Enter'],
} as const satisfies Record<string, readonly string[]>;

/** What a row key does. */
export type SortableTableRowAction = keyof typeof sortableTableRowKeys;

/** Whether `key` (a `KeyboardEvent.key`) is one of the row keys for `action`. */
export function isRowKey(action: SortableTableRowAction, key: string): boolean {
  return (sortableTableRowKeys[action] as readonly string[]).includes(key);
}
