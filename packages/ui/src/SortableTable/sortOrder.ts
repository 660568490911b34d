import { type SortKey, toSortKey } from './sortFns.ts';
import type { SortableTableColumn, SortableTableSortDirection } from './types.ts';

/** Positions of `data` in display order: `order[i]` is the index in `data` of the i-th row. */
export type SortOrder = Uint32Array;

type ColumnOrders = { asc: SortOrder; desc: SortOrder | null; presentCount: number };

/**
 * The display orders of one data version (one `data` and `columns` reference, one collator).
 * The collator is asked for on the first text sort only: building one loads the locale's
 * collation data, which the first paint of a table never needs. Each column's keys are
 * read and sorted once, on the first sort by that column or ahead of it (`prepareNext`, while the
 * browser is idle); descending is the ascending order read backwards, group by group of equal
 * keys so that ties keep the order of `data` in both directions. Missing values stay last in both
 * directions.
 */
export type SortOrderCache = {
  /** The order of a sortable column in a direction, or null for an unknown column. */
  orderOf(columnId: string, direction: SortableTableSortDirection): SortOrder | null;
  /**
   * Sorts the next sortable column not sorted yet, ascending (columns in their order), so that a
   * later click only reads it; answers whether any is left. The table calls it while the browser
   * is idle: a coach's first click on a column then costs what a second one does.
   */
  prepareNext(): boolean;
};

export function createSortOrderCache<T>(
  data: readonly T[],
  columns: readonly SortableTableColumn<T>[],
  getCollator: () => Intl.Collator,
): SortOrderCache {
  const orders = new Map<string, ColumnOrders>();
  const keysOf = new Map<string, SortKey[]>();
  let collator: Intl.Collator | null = null;
  const textCollator = () => {
    collator ??= getCollator();
    return collator;
  };

  const ascendingOf = (column: SortableTableColumn<T>): ColumnOrders => {
    const cached = orders.get(column.id);
    if (cached) return cached;
    const keys = readKeys(data, column);
    keysOf.set(column.id, keys);
    const computed = sortAscending(keys, column.sortType ?? 'text', textCollator);
    orders.set(column.id, computed);
    return computed;
  };

  const sortable = columns.filter((column) => column.sortValue && column.isSortable !== false);
  const unsorted = () => sortable.find((column) => !orders.has(column.id));

  return {
    prepareNext() {
      const next = unsorted();
      if (next) ascendingOf(next);
      return unsorted() !== undefined;
    },
    orderOf(columnId, direction) {
      const column = columns.find((candidate) => candidate.id === columnId);
      if (!column?.sortValue || column.isSortable === false) return null;
      const orders = ascendingOf(column);
      if (direction === 'asc') return orders.asc;
      if (!orders.desc) {
        const keys = keysOf.get(columnId) ?? [];
        const same =
          (column.sortType ?? 'text') === 'number'
            ? (a: number, b: number) => keys[a] === keys[b]
            : (a: number, b: number) =>
                textCollator().compare(keys[a] as string, keys[b] as string) === 0;
        orders.desc = reverseGroups(orders.asc, orders.presentCount, same);
      }
      return orders.desc;
    },
  };
}

function readKeys<T>(data: readonly T[], column: SortableTableColumn<T>): SortKey[] {
  const sortValue = column.sortValue;
  const sortType = column.sortType ?? 'text';
  const keys = new Array<SortKey>(data.length);
  if (!sortValue) return keys.fill(undefined);
  for (let index = 0; index < data.length; index++) {
    keys[index] = toSortKey(sortValue(data[index] as T), sortType);
  }
  return keys;
}

/** Present keys sorted ascending (ties in data order), then the missing ones in data order. */
function sortAscending(
  keys: readonly SortKey[],
  sortType: 'text' | 'number',
  textCollator: () => Intl.Collator,
): ColumnOrders {
  const present: number[] = [];
  const missing: number[] = [];
  for (let index = 0; index < keys.length; index++) {
    (keys[index] === undefined ? missing : present).push(index);
  }
  if (sortType === 'number') {
    // A typed copy of the keys: the comparator then reads doubles, not tagged array slots.
    const numbers = new Float64Array(keys.length);
    for (const index of present) numbers[index] = keys[index] as number;
    present.sort((a, b) => (numbers[a] as number) - (numbers[b] as number) || a - b);
  } else {
    const texts = keys as readonly string[];
    const compare = textCollator().compare;
    present.sort((a, b) => compare(texts[a] as string, texts[b] as string) || a - b);
  }
  const asc = new Uint32Array(keys.length);
  asc.set(present);
  asc.set(missing, present.length);
  return { asc, desc: null, presentCount: present.length };
}

/**
 * The ascending order read from its end, one run of equal keys at a time (each run kept in
 * data order), then the missing values as they were: no comparison sort, one pass.
 */
function reverseGroups(
  asc: SortOrder,
  presentCount: number,
  same: (a: number, b: number) => boolean,
): SortOrder {
  const desc = new Uint32Array(asc.length);
  let written = 0;
  let end = presentCount;
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && same(asc[start - 1] as number, asc[start] as number)) start--;
    desc.set(asc.subarray(start, end), written);
    written += end - start;
    end = start;
  }
  desc.set(asc.subarray(presentCount), presentCount);
  return desc;
}

/** The index in `data` of the row shown at display `position`. */
export function indexAtPosition(order: SortOrder | null, position: number): number {
  return order ? (order[position] ?? position) : position;
}

/** The item of `items` (one per item of `data`) shown at display `position`. */
export function itemAtPosition<T>(
  items: readonly T[],
  order: SortOrder | null,
  position: number,
): T | undefined {
  return items[order ? (order[position] ?? 0) : position];
}
