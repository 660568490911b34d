// What both pages of our table share: the benchmark's columns as SortableTable columns, and the
// elements the harness reads.
import type { SortableTableColumn } from '@coach/ui';
import { type BenchRow, benchColumns } from '../table-grids/data.ts';

export const oursColumns: SortableTableColumn<BenchRow>[] = benchColumns.map((column) => ({
  id: column.id,
  header: column.header,
  width: `${column.width}px`,
  sortValue: (row: BenchRow) => row[column.id],
  sortType: column.id === 'name' ? 'text' : 'number',
}));

export const oursTargets = {
  firstCell: 'tbody tr[data-kind="data"][data-index="0"] td',
  sortTarget: 'thead th:first-child button',
  rows: 'tbody tr[data-kind="data"]',
};
