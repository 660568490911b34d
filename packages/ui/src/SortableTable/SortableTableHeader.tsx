import { chakra, Table } from '@chakra-ui/react';
import type { Header, RowData } from '@tanstack/react-table';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import { pinnedCellStyle } from './pinnedCell.ts';
import type { SortableTableColumn, SortableTableSortLabels } from './types.ts';
import type { SortableTableInstance } from './useSortableTable.ts';

export type SortableTableHeaderProps<T extends RowData> = {
  table: SortableTableInstance<T>;
  columnsById: ReadonlyMap<string, SortableTableColumn<T>>;
  sortLabels: SortableTableSortLabels;
};

const ariaSortOf = { asc: 'ascending', desc: 'descending' } as const;

const justifyOf = { start: 'flex-start', center: 'center', end: 'flex-end' } as const;

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  if (direction === 'asc') return <LuArrowUp aria-hidden />;
  if (direction === 'desc') return <LuArrowDown aria-hidden />;
  return (
    <chakra.span color="fg.subtle" display="inline-flex" aria-hidden>
      <LuArrowUpDown />
    </chakra.span>
  );
}

/** The sticky header row: a button inside each sortable `th`, so click, Enter and Space sort. */
export function SortableTableHeader<T extends RowData>({
  table,
  columnsById,
  sortLabels,
}: SortableTableHeaderProps<T>) {
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  return (
    <Table.Header>
      <Table.Row aria-rowindex={1}>
        {headers.map((header) => {
          const column = columnsById.get(header.column.id);
          const align = column?.align ?? 'start';
          const isSortable = header.column.getCanSort();
          const direction = header.column.getIsSorted();
          return (
            <Table.ColumnHeader
              key={header.id}
              width={column?.width}
              textAlign={align}
              aria-sort={isSortable ? (direction ? ariaSortOf[direction] : 'none') : undefined}
              position="sticky"
              top="0"
              bg="bg"
              color="fg.muted"
              verticalAlign="bottom"
              // A pinned header stays above the scrolled header cells and the pinned body cells.
              zIndex={column?.isPinned ? '2' : '1'}
              css={pinnedCellStyle(column?.isPinned)}
            >
              {isSortable ? (
                <SortButton
                  table={table}
                  header={header}
                  justify={justifyOf[align]}
                  direction={direction}
                  sortLabels={sortLabels}
                />
              ) : (
                <table.FlexRender header={header} />
              )}
            </Table.ColumnHeader>
          );
        })}
      </Table.Row>
    </Table.Header>
  );
}

type SortButtonProps<T extends RowData> = {
  table: SortableTableInstance<T>;
  header: Header<SortableTableInstance<T>['_features'], T, unknown>;
  justify: (typeof justifyOf)[keyof typeof justifyOf];
  direction: false | 'asc' | 'desc';
  sortLabels: SortableTableSortLabels;
};

function SortButton<T extends RowData>({
  table,
  header,
  justify,
  direction,
  sortLabels,
}: SortButtonProps<T>) {
  const handleClick = () => header.column.toggleSorting();
  const next = header.column.getNextSortingOrder();
  return (
    <chakra.button
      type="button"
      onClick={handleClick}
      title={next === 'desc' ? sortLabels.sortDescending : sortLabels.sortAscending}
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
      <table.FlexRender header={header} />
      <SortIcon direction={direction} />
    </chakra.button>
  );
}
