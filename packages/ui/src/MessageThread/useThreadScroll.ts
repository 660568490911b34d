import {
  elementScroll,
  measureElement,
  observeElementRect,
  type Rect,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { useLayoutEffect, useRef } from 'react';
import type { ThreadRow } from './types.ts';

export type ThreadVirtualizer = Virtualizer<HTMLDivElement, HTMLDivElement>;

// Rough heights of a row before it is measured: a day's separator and a one-line message.
const DAY_ROW_HEIGHT = 44;
const MESSAGE_ROW_HEIGHT = 76;
// Rows rendered beyond each edge of the viewport.
const OVERSCAN = 6;
// Within this distance of the end, the reader counts as following the conversation.
const AT_END_SLACK = 48;
// jsdom and a hidden container measure 0: the window is then taken as this size.
const INITIAL_RECT: Rect = { width: 800, height: 600 };

type Anchor = { key: string; offset: number };
/** An anchor kept after older messages came in, and the scroll offset last written for it. */
type HeldAnchor = Anchor & { written: number | null };

/**
 * The window of rows to render, with a chat's scrolling: it opens at the newest message; a new
 * message at the end scrolls into view when the reader was at the end (or wrote it); older
 * messages added at the top leave the rows in view where they were.
 *
 * That last holds until the reader scrolls: the new rows' heights are estimates until each is
 * measured, in whatever order the browser lays them out, so at every change of the measurements
 * the row that was at the top is put back at its offset from their fresh sum. (One scroll to the
 * first estimate left the messages in view 58 px off on a loaded machine, where rows were measured
 * before that scroll was read back.)
 */
export function useThreadScroll(
  rows: readonly ThreadRow[],
  scrollElement: HTMLDivElement | null,
): { virtualizer: ThreadVirtualizer; handleScroll: () => void } {
  const rowsNow = useRef(rows);
  rowsNow.current = rows;
  const held = useRef<HeldAnchor | null>(null);
  // The offset the virtualizer itself last wrote (its corrections as rows above are measured):
  // a scroll there is not the reader's.
  const virtualizerWrote = useRef<number | null>(null);

  /** Puts the held anchor's row back at its offset in the view, from the current measurements. */
  const holdAnchor = (instance: ThreadVirtualizer) => {
    const anchored = held.current;
    const element = instance.scrollElement;
    if (!anchored || !element) return;
    const index = rowsNow.current.findIndex((row) => row.key === anchored.key);
    // Reading the rows in view brings the measurements up to date first.
    instance.getVirtualItems();
    const start = index < 0 ? undefined : instance.measurementsCache[index]?.start;
    if (start === undefined) {
      held.current = null;
      return;
    }
    const target = start + anchored.offset;
    if (Math.abs(element.scrollTop - target) >= 1) element.scrollTop = target;
    anchored.written = element.scrollTop;
  };

  const anchor = useRef<Anchor | null>(null);
  // The rows the last layout effect saw: until it has run for new rows, the measurements describe
  // rows the reader has not seen, and no anchor is taken from them.
  const settledRows = useRef<readonly ThreadRow[] | null>(null);
  /**
   * The anchor is the first message at the reader's offset, from the measurements:
   * - not from the rows rendered, which may still be those of an earlier offset (the virtualizer
   *   reads the offset back from the scroll event), far from what the reader sees;
   * - never a day's separator: older messages of that same day come in under it, so the
   *   separator would stay put while the messages below it moved down;
   * - taken again when rows are measured, not only when the reader scrolls: a row measured above
   *   the anchor after the last scroll moves it.
   */
  const takeAnchor = (instance: ThreadVirtualizer, element: HTMLDivElement) => {
    const top = element.scrollTop;
    let index = instance.getVirtualItemForOffset(top)?.index ?? -1;
    while (index >= 0 && rowsNow.current[index]?.kind === 'day') index += 1;
    const first = index >= 0 ? instance.measurementsCache[index] : undefined;
    anchor.current = first ? { key: String(first.key), offset: top - first.start } : null;
  };

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count: rows.length,
    getScrollElement: () => scrollElement,
    getItemKey: (index) => rows[index]?.key ?? index,
    estimateSize: (index) => (rows[index]?.kind === 'day' ? DAY_ROW_HEIGHT : MESSAGE_ROW_HEIGHT),
    measureElement: (element, entry, instance) => {
      const size = measureElement(element, entry, instance);
      return size > 0 ? size : instance.options.estimateSize(instance.indexFromElement(element));
    },
    overscan: OVERSCAN,
    initialRect: INITIAL_RECT,
    observeElementRect: (instance, onChange) =>
      observeElementRect(instance, (rect) => onChange(rect.height > 0 ? rect : INITIAL_RECT)),
    onChange: (instance) => {
      if (held.current) {
        holdAnchor(instance);
      } else if (instance.scrollElement && settledRows.current === rowsNow.current) {
        takeAnchor(instance, instance.scrollElement);
      }
    },
    scrollToFn: (offset, options, instance) => {
      virtualizerWrote.current = offset + (options.adjustments ?? 0);
      elementScroll(offset, options, instance);
    },
  });

  const isAtEnd = useRef(true);
  const pinned = usePinnedToEnd(scrollElement);
  const previous = useRef<{ first?: string; last?: string; element: HTMLDivElement | null }>({
    element: null,
  });

  const handleScroll = () => {
    const element = scrollElement;
    if (!element) return;
    // A scroll away from the offset written for the held anchor is the reader's: it lets go.
    const anchored = held.current;
    // Read once: a later scroll to the same offset is the reader's.
    const wrote = virtualizerWrote.current;
    virtualizerWrote.current = null;
    pinned.readScroll(element, wrote);
    if (
      anchored &&
      anchored.written !== null &&
      Math.abs(element.scrollTop - anchored.written) >= 1
    ) {
      if (wrote !== null && Math.abs(element.scrollTop - wrote) < 1) {
        // The virtualizer's own correction: the anchor is put back from the fresh measurements.
        holdAnchor(virtualizer);
      } else {
        held.current = null;
      }
    }
    isAtEnd.current =
      element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_SLACK;
    // Here as well as in onChange: the virtualizer notifies a scroll only when the rows rendered
    // change, and this handler runs first, after the reader let go.
    takeAnchor(virtualizer, element);
  };

  const firstKey = rows[0]?.key;
  const lastRow = rows[rows.length - 1];
  const lastKey = lastRow?.key;
  const isLastOwn = lastRow?.kind === 'message' && lastRow.message.isOwn;

  // biome-ignore lint/correctness/useExhaustiveDependencies: holdAnchor reads the anchor and the rows through refs, the same work at every render
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { first: firstKey, last: lastKey, element: scrollElement };
    settledRows.current = rows;
    if (!scrollElement || rows.length === 0) return;
    const lastIndex = rows.length - 1;
    if (before.element !== scrollElement || before.last === undefined) {
      // Opened (or first filled): at the newest message.
      held.current = null;
      virtualizer.scrollToIndex(lastIndex, { align: 'end' });
      isAtEnd.current = true;
      pinned.pin();
      return;
    }
    if (before.last !== lastKey && (isAtEnd.current || isLastOwn)) {
      held.current = null;
      virtualizer.scrollToIndex(lastIndex, { align: 'end' });
      pinned.pin();
      return;
    }
    if (before.first !== firstKey && anchor.current) {
      // Older messages came in above: keep the row that was at the top where it was.
      held.current = { ...anchor.current, written: null };
      pinned.unpin();
      holdAnchor(virtualizer);
    }
  }, [firstKey, lastKey, isLastOwn, scrollElement, rows, virtualizer]);

  return { virtualizer, handleScroll };
}

/**
 * Following the newest message: from a scroll to the end (`pin`) until the reader scrolls away,
 * the view is put back at the end after every render, the rows' fresh measurements included (a
 * row measured after that scroll, such as a sent message's new status, left the newest line 6 px
 * under the edge). A scroll event away from the end that neither this nor the virtualiser wrote
 * (`readScroll`) is the reader's and lets go.
 */
function usePinnedToEnd(scrollElement: HTMLDivElement | null) {
  const isPinned = useRef(false);
  const wrote = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (!isPinned.current || !scrollElement) return;
    const end = scrollElement.scrollHeight - scrollElement.clientHeight;
    if (end > 0 && Math.abs(scrollElement.scrollTop - end) >= 1) {
      wrote.current = end;
      scrollElement.scrollTop = end;
    }
  });
  return {
    pin: () => {
      isPinned.current = true;
    },
    unpin: () => {
      isPinned.current = false;
    },
    readScroll: (element: HTMLDivElement, virtualizerWrote: number | null) => {
      const ours = wrote.current;
      wrote.current = null;
      if (!isPinned.current) return;
      const isOurs = [virtualizerWrote, ours].some(
        (offset) => offset !== null && Math.abs(element.scrollTop - offset) < 1,
      );
      const gap = element.scrollHeight - element.scrollTop - element.clientHeight;
      if (gap >= 1 && !isOurs) isPinned.current = false;
    },
  };
}
