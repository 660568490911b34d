import { Table } from '@chakra-ui/react';
import { isValidElement, type ReactNode } from 'react';
import { pinnedCellStyle } from './pinnedCell.ts';
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
    <Table.Row aria-rowindex={2} data-kind="custom" bg="bg.subtle">
      {isCustomCells(customRow) ? (
        columns.map((column) => (
          <Table.Cell
            key={column.id}
            textAlign={column.align ?? 'start'}
            fontWeight="medium"
            zIndex={column.isPinned ? '1' : undefined}
            css={pinnedCellStyle(column.isPinned, 'bg.subtle')}
          >
            {customRow.cells[column.id]}
          </Table.Cell>
        ))
      ) : (
        <Table.Cell colSpan={columns.length}>{customRow}</Table.Cell>
      )}
    </Table.Row>
  );
}
