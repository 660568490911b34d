export { isRowKey, type SortableTableRowAction, sortableTableRowKeys } from './rowKeys.ts';
export { SortableTable } from './SortableTable.tsx';
export { sortedRows } from './sortedRows.ts';
export type {
  SortableTableAlign,
  SortableTableColumn,
  SortableTableCustomRow,
  SortableTableProps,
  SortableTableSort,
  SortableTableSortDirection,
  SortableTableSortLabels,
  SortableTableSortType,
  SortableTableSortValue,
} from './types.ts';
