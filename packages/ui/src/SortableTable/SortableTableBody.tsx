import { Skeleton, Table } from '@chakra-ui/react';
import type { RowData } from '@tanstack/react-table';
import {
  defaultRangeExtractor,
  measureElement,
  observeElementRect,
  type Range,
  type Rect,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual';
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { SortableTableCustomRow } from './SortableTableCustomRow.tsx';
import { SortableTableRow } from './SortableTableRow.tsx';
import type { SortOrder } from './sortOrder.ts';
import { dataRowsCss } from './tableStyles.ts';
import type { SortableTableCustomRow as CustomRow, SortableTableColumn } from './types.ts';
import type { SortableTableRowModel } from './useSortableTable.ts';

export type SortableTableBodyProps<T extends RowData> = {
  /** The TanStack core rows, one per item of `data`, in the order of `data`. */
  rows: readonly SortableTableRowModel<T>[];
  /** Display order of `rows`, or null for the order of `data` itself. */
  order: SortOrder | null;
  columns: readonly SortableTableColumn<T>[];
  scrollElement: HTMLDivElement | null;
  customRow: CustomRow;
  hasCustomRow: boolean;
  emptyState: ReactNode;
  isLoading: boolean;
  loadingRowCount: number;
  onRowClick: ((row: T) => void) | undefined;
  estimatedRowHeight: number;
};

/**
 * Tables below this many rows render every row: no scroll bookkeeping, and the browser's find
 * and a screen reader's table navigation see all rows. From here on only the rows in view are.
 */
export const VIRTUALIZE_FROM = 100;

// Rows rendered beyond each edge of the viewport; also absorbs the header and custom row
// heights, which the virtualiser does not know about.
const OVERSCAN = 8;

// jsdom (and a hidden container) reports a size of 0 for everything, and a viewport of 0
// renders no row at all, even after a re-sort: the viewport size is then taken from this
// rectangle and unmeasured rows keep their estimate.
const INITIAL_RECT: Rect = { width: 1024, height: 768 };

const INTERACTIVE_SELECTOR = 'a, button, input, select, textarea, label, [role="button"]';
const DATA_ROW_SELECTOR = 'tr[data-kind="data"]';

type TableVirtualizer = Virtualizer<HTMLDivElement, HTMLTableRowElement>;

function observeViewport(instance: TableVirtualizer, onChange: (rect: Rect) => void) {
  return observeElementRect(instance, (rect) => onChange(rect.height > 0 ? rect : INITIAL_RECT));
}

function measureRow(
  element: HTMLTableRowElement,
  entry: ResizeObserverEntry | undefined,
  instance: TableVirtualizer,
): number {
  // Called without an entry when a row mounts: reading its height there forces a layout in the
  // middle of React's commit, before the first paint. The ResizeObserver reports the real size
  // right after the browser's own layout (before that frame is painted); until then the row
  // keeps its cached size or the estimate.
  const index = instance.indexFromElement(element);
  if (entry === undefined) {
    const cached = instance.itemSizeCache.get(instance.options.getItemKey(index));
    return cached ?? instance.options.estimateSize(index);
  }
  const size = measureElement(element, entry, instance);
  return size > 0 ? size : instance.options.estimateSize(index);
}

/** Spacer keeping the scroll height of the rows that are not rendered; hidden from AT. */
function SpacerRow({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: this tr has no tabIndex; hidden so AT counts only real rows
    <tr aria-hidden="true">
      {/* Pixels, not rem: the virtualiser measures and positions in CSS pixels. */}
      <td colSpan={columnCount} style={{ height: `${height}px`, padding: 0, border: 0 }} />
    </tr>
  );
}

/** The position a navigation key moves to from `position`, or null for other keys. */
function targetPosition(key: string, position: number, count: number): number | null {
  if (key === 'ArrowDown') return Math.min(position + 1, count - 1);
  if (key === 'ArrowUp') return Math.max(position - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** Scrolls `row` into the container's view, below the sticky header that would cover it. */
function revealRow(container: HTMLElement | null, row: HTMLElement) {
  if (!container) return;
  const view = container.getBoundingClientRect();
  const box = row.getBoundingClientRect();
  const headerHeight = container.querySelector('thead')?.getBoundingClientRect().height ?? 0;
  const top = view.top + headerHeight;
  if (box.top < top) container.scrollTop -= top - box.top;
  else if (box.bottom > view.top + container.clientHeight) {
    container.scrollTop += box.bottom - (view.top + container.clientHeight);
  }
}

/** The body: custom row, then skeleton, empty state or the (virtualised) data rows. */
export function SortableTableBody<T extends RowData>({
  rows,
  order,
  columns,
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
  const count = isLoading ? 0 : rows.length;
  const isVirtual = count >= VIRTUALIZE_FROM;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const pendingFocus = useRef<number | null>(null);
  // The focused row, as an index in `rows`: it stays rendered while scrolled out of view (so
  // focus is not lost) and follows its row through a re-sort.
  const [focused, setFocused] = useState<{
    rows: readonly SortableTableRowModel<T>[];
    index: number;
  } | null>(null);
  const focusedIndex = focused?.rows === rows ? focused.index : -1;
  const focusedPosition = order && focusedIndex >= 0 ? order.indexOf(focusedIndex) : focusedIndex;

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focusedPosition < 0 || focusedPosition >= range.count) return indexes;
      if (focusedPosition < (indexes[0] ?? 0)) return [focusedPosition, ...indexes];
      if (focusedPosition > (indexes[indexes.length - 1] ?? 0))
        return [...indexes, focusedPosition];
      return indexes;
    },
    [focusedPosition],
  );

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: isVirtual ? count : 0,
    enabled: isVirtual,
    getScrollElement: () => scrollElement,
    estimateSize: () => estimatedRowHeight,
    measureElement: measureRow,
    overscan: OVERSCAN,
    initialRect: INITIAL_RECT,
    observeElementRect: observeViewport,
    rangeExtractor,
  });

  // Focus asked for by a key on a row that was not rendered yet: it is now.
  useLayoutEffect(() => {
    const position = pendingFocus.current;
    if (position === null) return;
    const element = bodyRef.current?.querySelector<HTMLElement>(
      `${DATA_ROW_SELECTOR}[data-index="${position}"]`,
    );
    if (!element) return;
    pendingFocus.current = null;
    element.focus({ preventScroll: true });
    revealRow(scrollElement, element);
  });

  const rowAt = (position: number): SortableTableRowModel<T> | undefined =>
    rows[order ? (order[position] ?? 0) : position];

  const positionOf = (target: EventTarget): number | null => {
    const element = (target as Element).closest?.(DATA_ROW_SELECTOR) as HTMLElement | null;
    return element ? Number(element.dataset.index) : null;
  };

  const focusPosition = (position: number) => {
    const index = order ? (order[position] ?? position) : position;
    pendingFocus.current = position;
    if (focusedIndex !== index) setFocused({ rows, index });
    const element = bodyRef.current?.querySelector<HTMLElement>(
      `${DATA_ROW_SELECTOR}[data-index="${position}"]`,
    );
    if (element) {
      pendingFocus.current = null;
      element.focus({ preventScroll: true });
      revealRow(scrollElement, element);
    }
  };

  // Delegated: one handler for every row, none created per row.
  const handleClick = (event: MouseEvent<HTMLTableSectionElement>) => {
    const position = positionOf(event.target);
    // A link or button inside a cell does its own thing, not also open the row.
    if (position === null || (event.target as Element).closest(INTERACTIVE_SELECTOR)) return;
    const row = rowAt(position);
    if (row !== undefined) onRowClick?.(row.original);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    // Only keys on the row itself: a link or button inside a cell keeps its own keys.
    const target = event.target as HTMLElement;
    if (!target.matches(DATA_ROW_SELECTOR)) return;
    const position = Number(target.dataset.index);
    if (event.key === 'Enter') {
      event.preventDefault();
      const row = rowAt(position);
      if (row !== undefined) onRowClick?.(row.original);
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const next = targetPosition(event.key, position, count);
    if (next === null) return;
    // Handled here, rows rendered or not: a handler around the table must not move focus again.
    event.preventDefault();
    event.stopPropagation();
    focusPosition(next);
  };

  const handleFocus = (event: FocusEvent<HTMLTableSectionElement>) => {
    const position = positionOf(event.target);
    if (position === null) return;
    const index = order ? (order[position] ?? position) : position;
    if (index !== focusedIndex) setFocused({ rows, index });
  };

  const handleBlur = (event: FocusEvent<HTMLTableSectionElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null);
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

  if (count === 0) {
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

  const isClickable = onRowClick !== undefined;
  const renderRow = (position: number, measure: boolean) => {
    const row = rowAt(position) as SortableTableRowModel<T>;
    return (
      <SortableTableRow
        key={row.id}
        row={row.original}
        position={position}
        ariaRowIndex={firstRowIndex + position}
        columns={columns}
        isClickable={isClickable}
        measureRef={measure ? virtualizer.measureElement : undefined}
      />
    );
  };

  const rowElements: ReactNode[] = [];
  if (isVirtual) {
    // Rendered rows with spacers in the gaps: the window around the view, and the focused row.
    let offset = 0;
    let gaps = 0;
    for (const item of virtualizer.getVirtualItems()) {
      if (item.start > offset) {
        const height = item.start - offset;
        rowElements.push(
          <SpacerRow key={`gap-${gaps++}`} height={height} columnCount={columnCount} />,
        );
      }
      rowElements.push(renderRow(item.index, true));
      offset = item.end;
    }
    const rest = virtualizer.getTotalSize() - offset;
    if (rest > 0)
      rowElements.push(<SpacerRow key="spacer-end" height={rest} columnCount={columnCount} />);
  } else {
    for (let position = 0; position < count; position++)
      rowElements.push(renderRow(position, false));
  }

  return (
    <Table.Body
      ref={bodyRef}
      css={dataRowsCss}
      onClick={isClickable ? handleClick : undefined}
      onKeyDown={isClickable ? handleKeyDown : undefined}
      onFocus={isClickable ? handleFocus : undefined}
      onBlur={isClickable ? handleBlur : undefined}
    >
      {customRowElement}
      {rowElements}
    </Table.Body>
  );
}
