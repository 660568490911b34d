import {
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

/**
 * The window of rows to render, with a chat's scrolling: it opens at the newest message; a new
 * message at the end scrolls into view when the reader was at the end (or wrote it); older
 * messages added at the top leave the rows in view where they were.
 */
export function useThreadScroll(
  rows: readonly ThreadRow[],
  scrollElement: HTMLDivElement | null,
): { virtualizer: ThreadVirtualizer; handleScroll: () => void } {
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
  });

  const isAtEnd = useRef(true);
  const anchor = useRef<Anchor | null>(null);
  const previous = useRef<{ first?: string; last?: string; element: HTMLDivElement | null }>({
    element: null,
  });

  const handleScroll = () => {
    const element = scrollElement;
    if (!element) return;
    isAtEnd.current =
      element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_SLACK;
    const top = element.scrollTop;
    const first = virtualizer.getVirtualItems().find((item) => item.end > top);
    anchor.current = first ? { key: String(first.key), offset: top - first.start } : null;
  };

  const firstKey = rows[0]?.key;
  const lastRow = rows[rows.length - 1];
  const lastKey = lastRow?.key;
  const isLastOwn = lastRow?.kind === 'message' && lastRow.message.isOwn;

  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { first: firstKey, last: lastKey, element: scrollElement };
    if (!scrollElement || rows.length === 0) return;
    const lastIndex = rows.length - 1;
    if (before.element !== scrollElement || before.last === undefined) {
      // Opened (or first filled): at the newest message.
      virtualizer.scrollToIndex(lastIndex, { align: 'end' });
      isAtEnd.current = true;
      return;
    }
    if (before.last !== lastKey && (isAtEnd.current || isLastOwn)) {
      virtualizer.scrollToIndex(lastIndex, { align: 'end' });
      return;
    }
    if (before.first !== firstKey && anchor.current) {
      // Older messages came in above: keep the row that was at the top where it was.
      const { key, offset } = anchor.current;
      const index = rows.findIndex((row) => row.key === key);
      const start = virtualizer.measurementsCache[index]?.start;
      if (start !== undefined) virtualizer.scrollToOffset(start + offset);
    }
  }, [firstKey, lastKey, isLastOwn, scrollElement, rows, virtualizer]);

  return { virtualizer, handleScroll };
}
