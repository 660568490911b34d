import { tableClass } from './tableClass.ts';
import type { SortableTableColumn } from './types.ts';

export type SortableTableLoadingRowsProps<T> = {
  count: number;
  columns: readonly SortableTableColumn<T>[];
};

/** Skeleton rows shown while the data loads; hidden from AT (the table is aria-busy). */
export function SortableTableLoadingRows<T>({ count, columns }: SortableTableLoadingRowsProps<T>) {
  return Array.from({ length: count }, (_, index) => (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: this tr has no tabIndex; hidden while the table is busy
    <tr
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      key={index}
      aria-hidden="true"
      data-kind="loading"
      className={`chakra-table__row ${tableClass('table-row')}`}
    >
      {columns.map((column) => (
        <td key={column.id} className={`chakra-table__cell ${tableClass('table-cell')}`}>
          <div className={`chakra-skeleton ${tableClass('table-loading-bone')}`} />
        </td>
      ))}
    </tr>
  ));
}
