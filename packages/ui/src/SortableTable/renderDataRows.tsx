import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { SortableTableRow } from './SortableTableRow.tsx';
import { SortableTableSpacerRow } from './SortableTableSpacerRow.tsx';
import { itemAtPosition } from './sortOrder.ts';
import type { SortableTableColumn } from './types.ts';
import type { TableVirtualizer } from './useRowVirtualizer.ts';
import type { SortableTableRowsInOrder } from './useSortableTable.ts';

type RenderRow = (position: number, measure: boolean) => ReactNode;

/** The rendered rows with spacers in the gaps: the window around the view, and the focused row. */
function virtualRowElements(
  virtualizer: TableVirtualizer,
  renderRow: RenderRow,
  columnCount: number,
): ReactNode[] {
  const rowElements: ReactNode[] = [];
  let offset = 0;
  let gaps = 0;
  for (const item of virtualizer.getVirtualItems()) {
    if (item.start > offset) {
      const height = item.start - offset;
      rowElements.push(
        <SortableTableSpacerRow key={`gap-${gaps++}`} height={height} columnCount={columnCount} />,
      );
    }
    rowElements.push(renderRow(item.index, true));
    offset = item.end;
  }
  const rest = virtualizer.getTotalSize() - offset;
  if (rest > 0)
    rowElements.push(
      <SortableTableSpacerRow key="spacer-end" height={rest} columnCount={columnCount} />,
    );
  return rowElements;
}

/** Every data row, in display order: tables below `VIRTUALIZE_FROM` rows. */
function allRowElements(count: number, renderRow: RenderRow): ReactNode[] {
  const rowElements: ReactNode[] = [];
  for (let position = 0; position < count; position++) rowElements.push(renderRow(position, false));
  return rowElements;
}

export type RenderDataRowsOptions<T extends RowData> = SortableTableRowsInOrder<T> & {
  getRowId: (row: T) => string;
  columns: readonly SortableTableColumn<T>[];
  /** The virtualiser when the rows are virtualised; null renders every row. */
  virtualizer: TableVirtualizer | null;
  /** `aria-rowindex` of the first data row. */
  firstRowIndex: number;
  isClickable: boolean;
};

/** The data rows to render, in display order: all of them, or the virtualiser's window. */
export function renderDataRows<T extends RowData>({
  rows,
  order,
  getRowId,
  columns,
  virtualizer,
  firstRowIndex,
  isClickable,
}: RenderDataRowsOptions<T>): ReactNode[] {
  const renderRow: RenderRow = (position, measure) => {
    const row = itemAtPosition(rows, order, position) as T;
    return (
      <SortableTableRow
        key={getRowId(row)}
        row={row}
        position={position}
        ariaRowIndex={firstRowIndex + position}
        columns={columns}
        isClickable={isClickable}
        measureRef={measure ? virtualizer?.measureElement : undefined}
      />
    );
  };
  return virtualizer
    ? virtualRowElements(virtualizer, renderRow, columns.length)
    : allRowElements(rows.length, renderRow);
}
