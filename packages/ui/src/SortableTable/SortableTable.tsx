import type { RowData } from '@tanstack/react-table';
import { useId, useMemo } from 'react';
import { sizeValue } from '../theme/tokenValues.ts';
import { SortableTableBody } from './SortableTableBody.tsx';
import { SortableTableHeader } from './SortableTableHeader.tsx';
import { tableClass } from './tableClass.ts';
import type { SortableTableProps, SortableTableSortLabels } from './types.ts';
import { useSortableTable } from './useSortableTable.ts';

const defaultSortLabels: SortableTableSortLabels = {
  sortAscending: 'Sort ascending',
  sortDescending: 'Sort descending',
};

/**
 * A table of rows `T` with sortable headers (click, Enter or Space on the header button;
 * asc -> desc -> asc), an initial sort, an empty-state slot, an optional custom row, clickable
 * rows (click, Enter; arrows, Home and End move between rows), a sticky header and row
 * virtualisation from 100 rows, so 10,000 rows keep a few dozen `tr` in the DOM.
 * Text sorts with a case- and accent-insensitive collator; missing values always sort last.
 * The engine is TanStack Table (columns, core rows, sort state, header groups) with manual
 * sorting: each column is sorted once per data version, later clicks read a cached order.
 */
export function SortableTable<T extends RowData>({
  emptyState,
  customRow,
  onRowClick,
  isLoading = false,
  loadingRowCount = 5,
  height,
  maxHeight = '40rem',
  caption,
  'aria-label': ariaLabel,
  sortLabels,
  estimatedRowHeight = 52,
  ...sortOptions
}: SortableTableProps<T>) {
  const { columns, getRowId } = sortOptions;
  const captionId = useId();
  const { table, rows, order } = useSortableTable(sortOptions);
  const columnsById = useMemo(
    () => new Map(columns.map((column) => [column.id, column])),
    [columns],
  );
  const labels = { ...defaultSortLabels, ...sortLabels };
  const hasCaption = caption !== undefined && caption !== null;
  const hasCustomRow = customRow !== undefined && customRow !== null && customRow !== false;
  // Header, custom row, then the data rows (or the one empty-state row).
  const rowCount = 1 + (hasCustomRow ? 1 : 0) + Math.max(rows.length, 1);
  const name = hasCaption
    ? { 'aria-labelledby': captionId }
    : ariaLabel
      ? { 'aria-label': ariaLabel }
      : {};

  return (
    // Focusable so keyboard users can scroll it (axe: scrollable-region-focusable).
    <div
      role={hasCaption || ariaLabel ? 'region' : undefined}
      {...name}
      tabIndex={0}
      className={tableClass('table-scroll')}
      style={{
        height: height === undefined ? undefined : sizeValue(height),
        maxHeight: sizeValue(maxHeight),
      }}
    >
      <table
        className={`chakra-table__root ${tableClass('table')}`}
        aria-label={hasCaption ? undefined : ariaLabel}
        aria-rowcount={isLoading ? undefined : rowCount}
        aria-busy={isLoading || undefined}
      >
        {hasCaption ? (
          <caption
            id={captionId}
            className={`chakra-table__caption ${tableClass('table-caption')}`}
          >
            {caption}
          </caption>
        ) : null}
        <SortableTableHeader table={table} columnsById={columnsById} sortLabels={labels} />
        <SortableTableBody
          rows={rows}
          order={order}
          getRowId={getRowId}
          columns={columns}
          customRow={customRow}
          hasCustomRow={hasCustomRow}
          emptyState={emptyState}
          isLoading={isLoading}
          loadingRowCount={loadingRowCount}
          onRowClick={onRowClick}
          estimatedRowHeight={estimatedRowHeight}
        />
      </table>
    </div>
  );
}
