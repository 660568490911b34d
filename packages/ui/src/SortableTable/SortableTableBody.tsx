import type { RowData } from '@tanstack/react-table';
import { type MouseEvent, type ReactNode, useRef } from 'react';
import { renderDataRows } from './renderDataRows.tsx';
import { INTERACTIVE_SELECTOR, positionOf } from './rowElements.ts';
import { SortableTableCustomRow } from './SortableTableCustomRow.tsx';
import { SortableTableEmptyRow } from './SortableTableEmptyRow.tsx';
import { SortableTableLoadingRows } from './SortableTableLoadingRows.tsx';
import { itemAtPosition } from './sortOrder.ts';
import { tableClass } from './tableClass.ts';
import type { SortableTableCustomRow as CustomRow, SortableTableColumn } from './types.ts';
import { useFocusedRow } from './useFocusedRow.ts';
import { useRowKeyboardNavigation } from './useRowKeyboardNavigation.ts';
import { useRowVirtualizer, VIRTUALIZE_FROM } from './useRowVirtualizer.ts';
import type { SortableTableRowsInOrder } from './useSortableTable.ts';

export type SortableTableBodyProps<T extends RowData> = SortableTableRowsInOrder<T> & {
  getRowId: (row: T) => string;
  columns: readonly SortableTableColumn<T>[];
  customRow: CustomRow;
  hasCustomRow: boolean;
  emptyState: ReactNode;
  isLoading: boolean;
  loadingRowCount: number;
  onRowClick: ((row: T) => void) | undefined;
  estimatedRowHeight: number;
};

const bodyClass = `chakra-table__body ${tableClass('table-body')}`;

/** The body: custom row, then skeleton, empty state or the (virtualised) data rows. */
export function SortableTableBody<T extends RowData>({
  rows,
  order,
  getRowId,
  columns,
  customRow,
  hasCustomRow,
  emptyState,
  isLoading,
  loadingRowCount,
  onRowClick,
  estimatedRowHeight,
}: SortableTableBodyProps<T>) {
  const columnCount = columns.length;
  const firstRowIndex = hasCustomRow ? 3 : 2;
  const count = isLoading ? 0 : rows.length;
  const isVirtual = count >= VIRTUALIZE_FROM;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const focusedRow = useFocusedRow(rows, order);
  const virtualizer = useRowVirtualizer({
    count,
    isVirtual,
    bodyRef,
    estimatedRowHeight,
    focusedPosition: focusedRow.position,
  });

  const openRow = (position: number) => {
    const row = itemAtPosition(rows, order, position);
    if (row !== undefined) onRowClick?.(row);
  };
  const handleKeyDown = useRowKeyboardNavigation({
    bodyRef,
    order,
    count,
    focusedRow,
    onOpen: openRow,
  });
  // Delegated: one handler for every row, none created per row.
  const handleClick = (event: MouseEvent<HTMLTableSectionElement>) => {
    const position = positionOf(event.target);
    // A link or button inside a cell does its own thing, not also open the row.
    if (position === null || (event.target as Element).closest(INTERACTIVE_SELECTOR)) return;
    openRow(position);
  };

  const customRowElement = hasCustomRow ? (
    <SortableTableCustomRow customRow={customRow} columns={columns} />
  ) : null;

  if (isLoading) {
    return (
      <tbody className={bodyClass}>
        {customRowElement}
        <SortableTableLoadingRows count={loadingRowCount} columns={columns} />
      </tbody>
    );
  }

  if (count === 0) {
    return (
      <tbody className={bodyClass}>
        {customRowElement}
        <SortableTableEmptyRow
          ariaRowIndex={firstRowIndex}
          columnCount={columnCount}
          emptyState={emptyState}
        />
      </tbody>
    );
  }

  const isClickable = onRowClick !== undefined;
  const rowElements = renderDataRows({
    rows,
    order,
    getRowId,
    columns,
    virtualizer: isVirtual ? virtualizer : null,
    firstRowIndex,
    isClickable,
  });

  return (
    <tbody
      ref={bodyRef}
      className={`${bodyClass} ${tableClass('table-body-data')}`}
      onClick={isClickable ? handleClick : undefined}
      onKeyDown={isClickable ? handleKeyDown : undefined}
      onFocus={isClickable ? focusedRow.handleFocus : undefined}
      onBlur={isClickable ? focusedRow.handleBlur : undefined}
    >
      {customRowElement}
      {rowElements}
    </tbody>
  );
}
