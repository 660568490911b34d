import type { ReactNode } from 'react';
import { tableClass } from './tableClass.ts';

export type SortableTableEmptyRowProps = {
  ariaRowIndex: number;
  columnCount: number;
  emptyState: ReactNode;
};

/** The one row shown when there is no data: the empty state across every column. */
export function SortableTableEmptyRow({
  ariaRowIndex,
  columnCount,
  emptyState,
}: SortableTableEmptyRowProps) {
  return (
    <tr
      aria-rowindex={ariaRowIndex}
      data-kind="empty"
      className={`chakra-table__row ${tableClass('table-row')}`}
    >
      <td
        colSpan={columnCount}
        className={`chakra-table__cell ${tableClass('table-cell')} ${tableClass('table-empty-cell')}`}
      >
        {emptyState}
      </td>
    </tr>
  );
}
