import { type SortableTableColumn, sortedRows } from '@coach/ui';
import {
  type ClientRow,
  completionColumns,
  completionRatio,
  indicatorColumns,
  phaseOrder,
} from './clientRows.ts';
import { type ClientListView, filterRows } from './listView.ts';

/** What a column of the clients table sorts by: its id, value and kind. */
type ClientSortColumn = Pick<SortableTableColumn<ClientRow>, 'id' | 'sortValue' | 'sortType'>;

/**
 * How each column of the clients table sorts, the one source: the table's columns take their
 * sort from here, and the attention queue walks the rows in the same order.
 */
export const clientSortColumns: Record<string, ClientSortColumn> = Object.fromEntries(
  [
    { id: 'name', sortValue: (row: ClientRow) => `${row.lastName} ${row.firstName}` },
    { id: 'phase', sortValue: phaseOrder, sortType: 'number' },
    { id: 'engagement', sortValue: (row: ClientRow) => row.engagement.hours, sortType: 'number' },
    ...indicatorColumns.map((indicator) => ({
      id: indicator,
      sortValue: (row: ClientRow) => row.indicators[indicator].value,
      sortType: 'number' as const,
    })),
    ...completionColumns.map((kind) => ({
      id: kind,
      sortValue: (row: ClientRow) => completionRatio(row[kind]),
      sortType: 'number' as const,
    })),
    { id: 'messages', sortValue: (row: ClientRow) => row.unreadMessages, sortType: 'number' },
  ].map((column) => [column.id, column as ClientSortColumn]),
);

/**
 * The rows the clients screen shows for a view, in its order: filtered, then sorted as the table
 * sorts (the needs-attention order without a sort).
 */
export function rowsInViewOrder(
  rows: readonly ClientRow[],
  view: ClientListView,
  locale?: string,
): ClientRow[] {
  return sortedRows(filterRows(rows, view), Object.values(clientSortColumns), view.sort, locale);
}
