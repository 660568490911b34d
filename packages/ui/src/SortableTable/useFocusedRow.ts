import type { RowData } from '@tanstack/react-table';
import { type FocusEvent, useState } from 'react';
import { positionOf } from './rowElements.ts';
import { indexAtPosition, type SortOrder } from './sortOrder.ts';

export type FocusedRow = {
  /** Index in `rows` of the focused row, or -1. */
  index: number;
  /** Display position of the focused row, or -1. */
  position: number;
  /** Marks the row at `index` in `rows` as the focused one. */
  focusIndex: (index: number) => void;
  handleFocus: (event: FocusEvent<HTMLTableSectionElement>) => void;
  handleBlur: (event: FocusEvent<HTMLTableSectionElement>) => void;
};

/**
 * The focused row, as an index in `rows`: the virtualiser keeps it rendered while scrolled out
 * of view (so focus is not lost) and it follows its row through a re-sort. Tracked from the
 * body's focus events, delegated: none is created per row.
 */
export function useFocusedRow<T extends RowData>(
  rows: readonly T[],
  order: SortOrder | null,
): FocusedRow {
  const [focused, setFocused] = useState<{
    rows: readonly T[];
    index: number;
  } | null>(null);
  const index = focused?.rows === rows ? focused.index : -1;
  const position = order && index >= 0 ? order.indexOf(index) : index;

  const focusIndex = (next: number) => {
    if (next !== index) setFocused({ rows, index: next });
  };

  const handleFocus = (event: FocusEvent<HTMLTableSectionElement>) => {
    const focusedPosition = positionOf(event.target);
    if (focusedPosition === null) return;
    focusIndex(indexAtPosition(order, focusedPosition));
  };

  const handleBlur = (event: FocusEvent<HTMLTableSectionElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null);
  };

  return { index, position, focusIndex, handleFocus, handleBlur };
}
