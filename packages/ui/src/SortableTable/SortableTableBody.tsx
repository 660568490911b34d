import { Skeleton, Table } from '@chakra-ui/react';
import type { RowData } from '@tanstack/react-table';
import {
  measureElement,
  observeElementRect,
  type Rect,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { pinnedCellStyle } from './pinnedCell.ts';
import { SortableTableCustomRow } from './SortableTableCustomRow.tsx';
import type { SortableTableCustomRow as CustomRow, SortableTableColumn } from './types.ts';
import type { SortableTableInstance, SortableTableRowModel } from './useSortableTable.ts';

export type SortableTableBodyProps<T extends RowData> = {
  table: SortableTableInstance<T>;
  rows: SortableTableRowModel<T>[];
  columns: readonly SortableTableColumn<T>[];
  columnsById: ReadonlyMap<string, SortableTableColumn<T>>;
  scrollElement: HTMLDivElement | null;
  customRow: CustomRow;
  hasCustomRow: boolean;
  emptyState: ReactNode;
  isLoading: boolean;
  loadingRowCount: number;
  onRowClick: ((row: T) => void) | undefined;
  estimatedRowHeight: number;
};

// Rows rendered beyond each edge of the viewport; also absorbs the header and custom row
// heights, which the virtualiser does not know about.
const OVERSCAN = 8;

// jsdom (and a hidden container) reports a size of 0 for everything, and a viewport of 0
// renders no row at all, even after a re-sort: the viewport size is then taken from this
// rectangle and unmeasured rows keep their estimate.
const INITIAL_RECT: Rect = { width: 1024, height: 768 };

const INTERACTIVE_SELECTOR = 'a, button, input, select, textarea, label, [role="button"]';

type TableVirtualizer = Virtualizer<HTMLDivElement, HTMLTableRowElement>;

function observeViewport(instance: TableVirtualizer, onChange: (rect: Rect) => void) {
  return observeElementRect(instance, (rect) => onChange(rect.height > 0 ? rect : INITIAL_RECT));
}

function measureRow(
  element: HTMLTableRowElement,
  entry: ResizeObserverEntry | undefined,
  instance: TableVirtualizer,
): number {
  const size = measureElement(element, entry, instance);
  return size > 0 ? size : instance.options.estimateSize(instance.indexFromElement(element));
}

/** Spacer keeping the scroll height of the rows that are not rendered; hidden from AT. */
function SpacerRow({ height, columnCount }: { height: number; columnCount: number }) {
  if (height <= 0) return null;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: this tr has no tabIndex; hidden so AT counts only real rows
    <tr aria-hidden="true">
      {/* Pixels, not rem: the virtualiser measures and positions in CSS pixels. */}
      <td colSpan={columnCount} style={{ height: `${height}px`, padding: 0, border: 0 }} />
    </tr>
  );
}

/** The body: custom row, then skeleton, empty state or the virtualised data rows. */
export function SortableTableBody<T extends RowData>({
  table,
  rows,
  columns,
  columnsById,
  scrollElement,
  customRow,
  hasCustomRow,
  emptyState,
  isLoading,
  loadingRowCount,
  onRowClick,
  estimatedRowHeight,
}: SortableTableBodyProps<T>) {
  const columnCount = columns.length;
  const firstRowIndex = hasCustomRow ? 3 : 2;
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: isLoading ? 0 : rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => estimatedRowHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
    measureElement: measureRow,
    overscan: OVERSCAN,
    initialRect: INITIAL_RECT,
    observeElementRect: observeViewport,
  });

  const handleRowClick = (event: MouseEvent<HTMLTableRowElement>, row: T) => {
    // A link or button inside a cell does its own thing, not also open the row.
    const target = event.target as Element;
    if (target.closest(INTERACTIVE_SELECTOR) !== null) return;
    onRowClick?.(row);
  };

  const handleRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    // Only the row itself: Enter on a link or button inside a cell keeps its own meaning.
    if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
    event.preventDefault();
    onRowClick?.(row);
  };

  const customRowElement = hasCustomRow ? (
    <SortableTableCustomRow customRow={customRow} columns={columns} />
  ) : null;

  if (isLoading) {
    return (
      <Table.Body>
        {customRowElement}
        {Array.from({ length: loadingRowCount }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Table.Row key={index} aria-hidden="true" data-kind="loading">
            {columns.map((column) => (
              <Table.Cell key={column.id}>
                <Skeleton height="4" />
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    );
  }

  if (rows.length === 0) {
    return (
      <Table.Body>
        {customRowElement}
        <Table.Row aria-rowindex={firstRowIndex} data-kind="empty">
          <Table.Cell colSpan={columnCount} textAlign="center" color="fg.muted" paddingBlock="8">
            {emptyState}
          </Table.Cell>
        </Table.Row>
      </Table.Body>
    );
  }

  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const isClickable = onRowClick !== undefined;

  return (
    <Table.Body>
      {customRowElement}
      <SpacerRow height={paddingTop} columnCount={columnCount} />
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <Table.Row
            key={row.id}
            ref={virtualizer.measureElement}
            data-index={item.index}
            data-kind="data"
            aria-rowindex={firstRowIndex + item.index}
            tabIndex={isClickable ? 0 : undefined}
            onClick={isClickable ? (event) => handleRowClick(event, row.original) : undefined}
            onKeyDown={isClickable ? (event) => handleRowKeyDown(event, row.original) : undefined}
            cursor={isClickable ? 'pointer' : undefined}
            _hover={
              isClickable
                ? { bg: 'bg.subtle', '& > [data-pinned]': { bg: 'bg.subtle' } }
                : undefined
            }
            // Drawn inside the row: an outline outside it is clipped by the scroll container.
            _focusVisible={{
              outlineWidth: '0.125rem',
              outlineStyle: 'solid',
              outlineColor: 'accent',
              outlineOffset: '-0.125rem',
            }}
          >
            {row.getAllCells().map((cell) => {
              const column = columnsById.get(cell.column.id);
              return (
                <Table.Cell
                  key={cell.id}
                  textAlign={column?.align ?? 'start'}
                  overflowWrap="anywhere"
                  data-pinned={column?.isPinned || undefined}
                  zIndex={column?.isPinned ? '1' : undefined}
                  css={pinnedCellStyle(column?.isPinned)}
                >
                  <table.FlexRender cell={cell} />
                </Table.Cell>
              );
            })}
          </Table.Row>
        );
      })}
      <SpacerRow height={paddingBottom} columnCount={columnCount} />
    </Table.Body>
  );
}
