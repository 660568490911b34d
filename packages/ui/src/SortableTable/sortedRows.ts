import { createTextCollator } from './sortFns.ts';
import { createSortOrderCache } from './sortOrder.ts';
import type { SortableTableColumn, SortableTableSort } from './types.ts';

/**
 * The rows in the order the table shows them for `sort` (ties in data order, missing values
 * last in both directions), the same order cache the table reads: what walks a table's rows
 * outside it (the app's attention queue) never disagrees with the rows on screen. No sort, or an
 * unknown or unsortable column: the data's own order.
 */
export function sortedRows<T>(
  data: readonly T[],
  columns: readonly Pick<SortableTableColumn<T>, 'id' | 'sortValue' | 'sortType' | 'isSortable'>[],
  sort: SortableTableSort | null,
  locale?: string,
): T[] {
  if (!sort) return [...data];
  const order = createSortOrderCache(data, columns as readonly SortableTableColumn<T>[], () =>
    createTextCollator(locale),
  ).orderOf(sort.columnId, sort.direction);
  if (!order) return [...data];
  return Array.from(order, (index) => data[index] as T);
}
