import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

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
    <Table.Row aria-rowindex={ariaRowIndex} data-kind="empty">
      <Table.Cell colSpan={columnCount} textAlign="center" color="fg.muted" paddingBlock="8">
        {emptyState}
      </Table.Cell>
    </Table.Row>
  );
}
