import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import { sizeValue } from '../theme/tokenValues.ts';
import { alignClass, tableClass } from './tableClass.ts';
import type {
  SortableTableColumn,
  SortableTableSortDirection,
  SortableTableSortLabels,
} from './types.ts';
import type { SortableTableInstance } from './useSortableTable.ts';

export type SortableTableHeaderProps<T extends RowData> = {
  table: SortableTableInstance<T>;
  columnsById: ReadonlyMap<string, SortableTableColumn<T>>;
  sortLabels: SortableTableSortLabels;
};

const ariaSortOf = { asc: 'ascending', desc: 'descending' } as const;

const justifyOf = {
  start: tableClass('table-justify-start'),
  center: tableClass('table-justify-center'),
  end: tableClass('table-justify-end'),
} as const;

type Direction = SortableTableSortDirection | false;

function SortIcon({ direction }: { direction: Direction }) {
  if (direction === 'asc') return <LuArrowUp aria-hidden />;
  if (direction === 'desc') return <LuArrowDown aria-hidden />;
  return (
    <span className={tableClass('table-sort-idle-icon')} aria-hidden>
      <LuArrowUpDown />
    </span>
  );
}

/**
 * The sticky header row, from the TanStack table's header group: a button inside each sortable
 * `th`, so click, Enter and Space toggle the column's sort through TanStack.
 */
export function SortableTableHeader<T extends RowData>({
  table,
  columnsById,
  sortLabels,
}: SortableTableHeaderProps<T>) {
  return (
    <thead className={`chakra-table__header ${tableClass('table-header')}`}>
      {table.getHeaderGroups().map((headerGroup) => (
        <tr
          key={headerGroup.id}
          aria-rowindex={1}
          className={`chakra-table__row ${tableClass('table-row')}`}
        >
          {headerGroup.headers.map((header) => {
            const column = columnsById.get(header.column.id);
            const align = column?.align ?? 'start';
            const sortable = header.column.getCanSort();
            const direction: Direction = header.column.getIsSorted();
            const content = <table.FlexRender header={header} />;
            const classes = [
              'chakra-table__columnHeader',
              tableClass('table-head-cell'),
              // A pinned header stays above the scrolled header cells and the pinned body cells.
              column?.isPinned ? tableClass('table-head-cell-pinned') : '',
              alignClass[align],
            ];
            return (
              <th
                key={header.id}
                aria-sort={sortable ? (direction ? ariaSortOf[direction] : 'none') : undefined}
                className={classes.filter(Boolean).join(' ')}
                style={column?.width === undefined ? undefined : { width: sizeValue(column.width) }}
              >
                {sortable ? (
                  <SortButton
                    onClick={header.column.getToggleSortingHandler()}
                    justify={justifyOf[align]}
                    direction={direction}
                    // asc -> desc -> asc: only a column sorted ascending sorts descending next.
                    title={
                      header.column.getNextSortingOrder() === 'desc'
                        ? sortLabels.sortDescending
                        : sortLabels.sortAscending
                    }
                  >
                    {content}
                  </SortButton>
                ) : (
                  content
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}

type SortButtonProps = {
  onClick: ((event: unknown) => void) | undefined;
  justify: (typeof justifyOf)[keyof typeof justifyOf];
  direction: Direction;
  title: string;
  children: ReactNode;
};

function SortButton({ onClick, justify, direction, title, children }: SortButtonProps) {
  const classes = `${tableClass('table-sort')} ${direction ? `${tableClass('table-sort-sorted')} ` : ''}${justify}`;
  return (
    <button type="button" onClick={onClick} title={title} className={classes}>
      {children}
      <SortIcon direction={direction} />
    </button>
  );
}
