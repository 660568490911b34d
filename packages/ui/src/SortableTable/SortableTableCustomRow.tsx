import { isValidElement, type ReactNode } from 'react';
import { alignClass, tableClass } from './tableClass.ts';
import type { SortableTableCustomRow as CustomRow, SortableTableColumn } from './types.ts';

type CustomCells = { cells: Partial<Record<string, ReactNode>> };

function isCustomCells(customRow: CustomRow): customRow is CustomCells {
  return (
    typeof customRow === 'object' &&
    customRow !== null &&
    !isValidElement(customRow) &&
    'cells' in customRow
  );
}

export type SortableTableCustomRowProps<T> = {
  customRow: CustomRow;
  columns: readonly SortableTableColumn<T>[];
};

/**
 * The non-data row at the top of the body (averages, an invite prompt). It has no click or
 * key handler, so it never calls `onRowClick`.
 */
export function SortableTableCustomRow<T>({ customRow, columns }: SortableTableCustomRowProps<T>) {
  return (
    <tr
      aria-rowindex={2}
      data-kind="custom"
      className={`chakra-table__row ${tableClass('table-row')} ${tableClass('table-custom-row')}`}
    >
      {isCustomCells(customRow) ? (
        columns.map((column) => (
          <td
            key={column.id}
            className={[
              'chakra-table__cell',
              tableClass('table-cell'),
              tableClass('table-custom-cell'),
              column.isPinned ? tableClass('table-custom-cell-pinned') : '',
              alignClass[column.align ?? 'start'],
            ]
              .filter(Boolean)
              .join(' ')}
          >
            {customRow.cells[column.id]}
          </td>
        ))
      ) : (
        <td colSpan={columns.length} className={`chakra-table__cell ${tableClass('table-cell')}`}>
          {customRow}
        </td>
      )}
    </tr>
  );
}
