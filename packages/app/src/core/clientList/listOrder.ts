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
type ClientSortColumn = Required<Pick<SortableTableColumn<ClientRow>, 'id' | 'sortValue'>> &
  Pick<SortableTableColumn<ClientRow>, 'sortType'>;

const byNumber = (id: string, sortValue: ClientSortColumn['sortValue']): ClientSortColumn => ({
  id,
  sortValue,
  sortType: 'number',
});

/**
 * How each column of the clients table sorts, the one source: the table's columns take their
 * sort from here, and the attention queue walks the rows in the same order.
 */
export const clientSortColumns = {
  name: { id: 'name', sortValue: (row: ClientRow) => `${row.lastName} ${row.firstName}` },
  phase: byNumber('phase', phaseOrder),
  engagement: byNumber('engagement', (row) => row.engagement.hours),
  ...(Object.fromEntries(
    indicatorColumns.map((indicator) => [
      indicator,
      byNumber(indicator, (row) => row.indicators[indicator].value),
    ]),
  ) as Record<(typeof indicatorColumns)[number], ClientSortColumn>),
  ...(Object.fromEntries(
    completionColumns.map((kind) => [kind, byNumber(kind, (row) => completionRatio(row[kind]))]),
  ) as Record<(typeof completionColumns)[number], ClientSortColumn>),
  messages: byNumber('messages', (row) => row.unreadMessages),
} satisfies Record<string, ClientSortColumn>;

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
