import {
  defaultRangeExtractor,
  measureElement,
  observeElementRect,
  type Range,
  type Rect,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { type RefObject, useCallback } from 'react';
import { scrollElementOf } from './rowElements.ts';

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

export type TableVirtualizer = Virtualizer<HTMLDivElement, HTMLTableRowElement>;

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

export type UseRowVirtualizerOptions = {
  /** Number of data rows; the virtualiser is off (and counts none) below `VIRTUALIZE_FROM`. */
  count: number;
  isVirtual: boolean;
  /** The body of the table: the virtualiser scrolls the element that scrolls it. */
  bodyRef: RefObject<HTMLTableSectionElement | null>;
  estimatedRowHeight: number;
  /** Display position of the focused row, rendered even out of view; -1 for none. */
  focusedPosition: number;
};

/** The window of data rows to render in the table's scroll element, plus the focused row. */
export function useRowVirtualizer({
  count,
  isVirtual,
  bodyRef,
  estimatedRowHeight,
  focusedPosition,
}: UseRowVirtualizerOptions): TableVirtualizer {
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

  return useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: isVirtual ? count : 0,
    enabled: isVirtual,
    getScrollElement: () => scrollElementOf(bodyRef.current),
    estimateSize: () => estimatedRowHeight,
    measureElement: measureRow,
    overscan: OVERSCAN,
    initialRect: INITIAL_RECT,
    observeElementRect: observeViewport,
    rangeExtractor,
  });
}
