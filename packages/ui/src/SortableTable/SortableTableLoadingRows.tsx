import { Skeleton, Table } from '@chakra-ui/react';
import type { SortableTableColumn } from './types.ts';

export type SortableTableLoadingRowsProps<T> = {
  count: number;
  columns: readonly SortableTableColumn<T>[];
};

/** Skeleton rows shown while the data loads; hidden from AT (the table is aria-busy). */
export function SortableTableLoadingRows<T>({ count, columns }: SortableTableLoadingRowsProps<T>) {
  return Array.from({ length: count }, (_, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <Table.Row key={index} aria-hidden="true" data-kind="loading">
      {columns.map((column) => (
        <Table.Cell key={column.id}>
          <Skeleton height="4" />
        </Table.Cell>
      ))}
    </Table.Row>
  ));
}
