import { memo, type Ref } from 'react';
import { toSortKey } from './sortFns.ts';
import type { SortableTableColumn } from './types.ts';

export type SortableTableRowProps<T> = {
  row: T;
  /** Position in display order (0-based), read back by the body's click and key handlers. */
  position: number;
  ariaRowIndex: number;
  columns: readonly SortableTableColumn<T>[];
  isClickable: boolean;
  measureRef?: Ref<HTMLTableRowElement>;
};

function cellContent<T>(column: SortableTableColumn<T>, row: T) {
  if (column.cell) return column.cell(row);
  if (!column.sortValue) return null;
  return String(toSortKey(column.sortValue(row), column.sortType ?? 'text') ?? '');
}

/**
 * One data row as plain `tr`/`td`: styles come from the body's selectors (see tableStyles.ts)
 * and events from the body's delegated handlers, so a row has no style object or closure of
 * its own and re-renders only when its row, position or columns change.
 */
function DataRow<T>({
  row,
  position,
  ariaRowIndex,
  columns,
  isClickable,
  measureRef,
}: SortableTableRowProps<T>) {
  return (
    <tr
      ref={measureRef}
      data-index={position}
      data-kind="data"
      data-clickable={isClickable || undefined}
      aria-rowindex={ariaRowIndex}
      tabIndex={isClickable ? 0 : undefined}
    >
      {columns.map((column) => (
        <td
          key={column.id}
          data-align={column.align && column.align !== 'start' ? column.align : undefined}
          data-pinned={column.isPinned || undefined}
        >
          {cellContent(column, row)}
        </td>
      ))}
    </tr>
  );
}

export const SortableTableRow = memo(DataRow) as typeof DataRow;
