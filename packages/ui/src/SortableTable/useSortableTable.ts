import {
  type ColumnDef,
  createColumnHelper,
  createSortedRowModel,
  type Row,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { createSortFn, createTextCollator, toSortKey } from './sortFns.ts';
import type { SortableTableColumn, SortableTableSort } from './types.ts';

// Static, as TanStack recommends: only sorting, with sort functions passed per column.
const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() });

type Features = typeof features;

/** The TanStack table behind a `SortableTable` of rows `T`. */
export type SortableTableInstance<T extends RowData> = ReturnType<
  typeof useSortableTable<T>
>['table'];

/** A TanStack row of a `SortableTable` of rows `T`. */
export type SortableTableRowModel<T extends RowData> = Row<Features, T>;

/** Options of `useSortableTable`. */
export type UseSortableTableOptions<T extends RowData> = {
  data: readonly T[];
  columns: readonly SortableTableColumn<T>[];
  getRowId: (row: T) => string;
  initialSort?: SortableTableSort;
  onSortChange?: (sort: SortableTableSort) => void;
  locale?: string;
};

function toSortingState(sort: SortableTableSort | undefined): SortingState {
  return sort ? [{ id: sort.columnId, desc: sort.direction === 'desc' }] : [];
}

function toTanStackColumns<T extends RowData>(
  columns: readonly SortableTableColumn<T>[],
  collator: Intl.Collator,
): ColumnDef<Features, T, unknown>[] {
  const helper = createColumnHelper<Features, T>();
  return columns.map((column): ColumnDef<Features, T, unknown> => {
    const { sortValue } = column;
    const header = () => column.header;
    // The default cell shows the sort key TanStack already cached, not a second accessor call.
    const cell = ({ row, getValue }: { row: { original: T }; getValue: () => unknown }) =>
      column.cell ? column.cell(row.original) : String(getValue() ?? '');
    if (!sortValue) return helper.display({ id: column.id, header, cell });
    const sortType = column.sortType ?? 'text';
    return helper.accessor((row: T) => toSortKey(sortValue(row), sortType), {
      id: column.id,
      header,
      cell,
      enableSorting: column.isSortable !== false,
      sortFn: createSortFn(sortType, collator),
      // Missing values go last whatever the direction: a coach looks for who is lagging.
      sortUndefined: 'last',
    }) as ColumnDef<Features, T, unknown>;
  });
}

/**
 * The TanStack Table 9 instance behind `SortableTable`: maps the simple column API onto
 * accessor columns, holds the sort (asc -> desc -> asc, never removed) and reports changes.
 * Sorting is memoised by TanStack on the sort state and the `data` reference.
 */
export function useSortableTable<T extends RowData>({
  data,
  columns,
  getRowId,
  initialSort,
  onSortChange,
  locale,
}: UseSortableTableOptions<T>) {
  const [sorting, setSorting] = useState<SortingState>(() => toSortingState(initialSort));
  const collator = useMemo(() => createTextCollator(locale), [locale]);
  const tableColumns = useMemo(() => toTanStackColumns(columns, collator), [columns, collator]);

  const handleSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    setSorting(next);
    const [first] = next;
    if (first) onSortChange?.({ columnId: first.id, direction: first.desc ? 'desc' : 'asc' });
  };

  const table = useTable(
    {
      features,
      columns: tableColumns,
      data,
      getRowId: (row: T) => getRowId(row),
      state: { sorting },
      onSortingChange: handleSortingChange,
      enableMultiSort: false,
      enableSortingRemoval: false,
      // The first click always sorts ascending, whatever the column holds.
      sortDescFirst: false,
    },
    (state) => ({ sorting: state.sorting }),
  );

  return { table, rows: table.getRowModel().rows, sorting };
}
