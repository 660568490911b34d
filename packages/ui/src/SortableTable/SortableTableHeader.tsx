import { chakra, Table } from '@chakra-ui/react';
import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import { pinnedCellStyle } from './pinnedCell.ts';
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

const justifyOf = { start: 'flex-start', center: 'center', end: 'flex-end' } as const;

type Direction = SortableTableSortDirection | false;

function SortIcon({ direction }: { direction: Direction }) {
  if (direction === 'asc') return <LuArrowUp aria-hidden />;
  if (direction === 'desc') return <LuArrowDown aria-hidden />;
  return (
    <chakra.span color="fg.subtle" display="inline-flex" aria-hidden>
      <LuArrowUpDown />
    </chakra.span>
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
    <Table.Header>
      {table.getHeaderGroups().map((headerGroup) => (
        <Table.Row key={headerGroup.id} aria-rowindex={1}>
          {headerGroup.headers.map((header) => {
            const column = columnsById.get(header.column.id);
            const align = column?.align ?? 'start';
            const sortable = header.column.getCanSort();
            const direction: Direction = header.column.getIsSorted();
            const content = <table.FlexRender header={header} />;
            return (
              <Table.ColumnHeader
                key={header.id}
                width={column?.width}
                textAlign={align}
                aria-sort={sortable ? (direction ? ariaSortOf[direction] : 'none') : undefined}
                position="sticky"
                top="0"
                bg="bg"
                color="fg.muted"
                verticalAlign="bottom"
                // A pinned header stays above the scrolled header cells and the pinned body cells.
                zIndex={column?.isPinned ? '2' : '1'}
                css={pinnedCellStyle(column?.isPinned)}
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
              </Table.ColumnHeader>
            );
          })}
        </Table.Row>
      ))}
    </Table.Header>
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
  return (
    <chakra.button
      type="button"
      onClick={onClick}
      title={title}
      display="inline-flex"
      alignItems="center"
      justifyContent={justify}
      gap="1"
      width="full"
      font="inherit"
      color={direction ? 'fg' : 'inherit'}
      textAlign="inherit"
      cursor="pointer"
      borderRadius="sm"
      _hover={{ color: 'fg' }}
      focusVisibleRing="outside"
      focusRingColor="accent"
    >
      {children}
      <SortIcon direction={direction} />
    </chakra.button>
  );
}
