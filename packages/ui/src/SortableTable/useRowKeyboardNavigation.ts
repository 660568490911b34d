import { type KeyboardEvent, type RefObject, useLayoutEffect, useRef } from 'react';
import { DATA_ROW_SELECTOR, dataRowAt, focusRow, scrollElementOf } from './rowElements.ts';
import { isRowKey } from './rowKeys.ts';
import { indexAtPosition, type SortOrder } from './sortOrder.ts';
import type { FocusedRow } from './useFocusedRow.ts';

/** The position a navigation key moves to from `position`, or null for other keys. */
function targetPosition(key: string, position: number, count: number): number | null {
  if (isRowKey('next', key)) return Math.min(position + 1, count - 1);
  if (isRowKey('previous', key)) return Math.max(position - 1, 0);
  if (isRowKey('first', key)) return 0;
  if (isRowKey('last', key)) return count - 1;
  return null;
}

export type UseRowKeyboardNavigationOptions = {
  bodyRef: RefObject<HTMLTableSectionElement | null>;
  order: SortOrder | null;
  /** Number of data rows. */
  count: number;
  focusedRow: FocusedRow;
  /** Opens the row at a display position (Enter). */
  onOpen: (position: number) => void;
};

/**
 * The body's key handler: Enter opens the focused row; arrows, Home and End move focus between
 * the rows, rendered or not (a row out of the virtualiser's window is focused once rendered).
 * Call it after the virtualiser: its layout effect runs after the virtualiser's own.
 */
export function useRowKeyboardNavigation({
  bodyRef,
  order,
  count,
  focusedRow,
  onOpen,
}: UseRowKeyboardNavigationOptions) {
  const pendingFocus = useRef<number | null>(null);

  // Focus asked for by a key on a row that was not rendered yet: it is now.
  useLayoutEffect(() => {
    const position = pendingFocus.current;
    if (position === null) return;
    const element = dataRowAt(bodyRef.current, position);
    if (!element) return;
    pendingFocus.current = null;
    focusRow(element, scrollElementOf(bodyRef.current));
  });

  const focusPosition = (position: number) => {
    pendingFocus.current = position;
    focusedRow.focusIndex(indexAtPosition(order, position));
    const element = dataRowAt(bodyRef.current, position);
    if (element) {
      pendingFocus.current = null;
      focusRow(element, scrollElementOf(bodyRef.current));
    }
  };

  return (event: KeyboardEvent<HTMLTableSectionElement>) => {
    // Only keys on the row itself: a link or button inside a cell keeps its own keys.
    const target = event.target as HTMLElement;
    if (!target.matches(DATA_ROW_SELECTOR)) return;
    const position = Number(target.dataset.index);
    if (isRowKey('open', event.key)) {
      event.preventDefault();
      onOpen(position);
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
}
