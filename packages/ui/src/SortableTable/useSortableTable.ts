import {
  type ColumnDef,
  createColumnHelper,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { runWhenIdle } from '../scheduling/runWhenIdle.ts';
import { createTextCollator } from './sortFns.ts';
import { createSortOrderCache, type SortOrder } from './sortOrder.ts';
import type { SortableTableColumn, SortableTableSort } from './types.ts';

// Static, as TanStack recommends. Only the sorting state and its header APIs: no row model at
// all, since the rows are laid out from `data` and our cached orders (`manualSorting` below).
const features = tableFeatures({ rowSortingFeature });

type Features = typeof features;

/** The TanStack table behind a `SortableTable` of rows `T`. */
export type SortableTableInstance<T extends RowData> = ReturnType<
  typeof useSortableTable<T>
>['table'];

/** The rows of a `SortableTable` and the order they are shown in. */
export type SortableTableRowsInOrder<T extends RowData> = {
  /**
   * The items of `data` themselves, in the order of `data`: no TanStack row object is made for
   * them (the core row model made 10,000 of them before a table's first row painted, where a
   * window of about thirty is shown); a rendered row's key is `getRowId` of its item.
   */
  rows: readonly T[];
  /** Display order of `rows`, or null for the order of `data` itself. */
  order: SortOrder | null;
};

/** Options of `useSortableTable`. */
export type UseSortableTableOptions<T extends RowData> = {
  data: readonly T[];
  columns: readonly SortableTableColumn<T>[];
  initialSort?: SortableTableSort;
  onSortChange?: (sort: SortableTableSort) => void;
  locale?: string;
};

const toSortingState = (sort: SortableTableSort | null): SortingState =>
  sort ? [{ id: sort.columnId, desc: sort.direction === 'desc' }] : [];

function toTanStackColumns<T extends RowData>(
  columns: readonly SortableTableColumn<T>[],
): ColumnDef<Features, T, unknown>[] {
  const helper = createColumnHelper<Features, T>();
  return columns.map((column): ColumnDef<Features, T, unknown> => {
    const { sortValue } = column;
    const header = () => column.header;
    if (!sortValue) return helper.display({ id: column.id, header });
    // An accessor column, so TanStack can sort it (`getCanSort`); its sort itself is ours.
    return helper.accessor((row: T) => sortValue(row), {
      id: column.id,
      header,
      enableSorting: column.isSortable !== false,
    }) as ColumnDef<Features, T, unknown>;
  });
}

/**
 * The TanStack Table 9 instance behind `SortableTable`: the columns as column defs, the header
 * groups and the sort state (asc -> desc -> asc, never removed), which
 * the header buttons toggle through TanStack. Sorting is manual: the display order comes from a
 * cache kept per data version (the `data` and `columns` references and the locale), so a header
 * click sorts a column at most once per data version and later clicks only read a cached order;
 * the columns not sorted yet are sorted while the browser is idle, ahead of any click.
 */
export function useSortableTable<T extends RowData>({
  data,
  columns,
  initialSort,
  onSortChange,
  locale,
}: UseSortableTableOptions<T>) {
  const [sort, setSort] = useState<SortableTableSort | null>(initialSort ?? null);
  const sorting = useMemo(() => toSortingState(sort), [sort]);
  const tableColumns = useMemo(() => toTanStackColumns(columns), [columns]);
  // The collator is built on the first text sort, not on mount (see sortOrder.ts).
  const cache = useMemo(
    () => createSortOrderCache(data, columns, () => createTextCollator(locale)),
    [data, columns, locale],
  );
  // Each column's order is made while the browser is idle after a paint: the coach's first click
  // on a column then reads a ready order instead of sorting (a cold sort costs a re-sort).
  useEffect(() => runWhenIdle(() => cache.prepareNext()), [cache]);

  const handleSortingChange = (updater: Updater<SortingState>) => {
    const [first] = typeof updater === 'function' ? updater(sorting) : updater;
    if (!first) return;
    const next: SortableTableSort = { columnId: first.id, direction: first.desc ? 'desc' : 'asc' };
    setSort(next);
    onSortChange?.(next);
  };

  const table = useTable(
    {
      features,
      columns: tableColumns,
      data: data as T[],
      state: { sorting },
      onSortingChange: handleSortingChange,
      manualSorting: true,
      enableMultiSort: false,
      enableSortingRemoval: false,
      // The first click always sorts ascending, whatever the column holds.
      sortDescFirst: false,
    },
    (state) => ({ sorting: state.sorting }),
  );

  // null: the order of `data` itself (no sort yet, or a sort by an unknown column).
  const order: SortOrder | null = sort ? cache.orderOf(sort.columnId, sort.direction) : null;
  return { table, rows: data, order };
}
