import { constructSortFn } from '@tanstack/react-table';
import type { SortableTableSortType, SortableTableSortValue } from './types.ts';

/** A normalised sort value; `undefined` marks a missing value that sorts last. */
export type SortKey = string | number | undefined;

/**
 * A collator that ignores case and accents and compares digit runs as numbers ("Client 2" before
 * "Client 10"). One `compare` call is cheaper than TanStack's default alphanumeric sort and
 * about as cheap as comparing pre-computed keys (10,000 names sort in ~10 ms).
 */
export function createTextCollator(locale?: string): Intl.Collator {
  return new Intl.Collator(locale, { sensitivity: 'base', numeric: true, usage: 'sort' });
}

/**
 * Normalises a column's sort value once per row (TanStack caches it per row), so the
 * comparators never meet null, NaN or blank strings. Those become `undefined`, which the table
 * places last in both directions (`sortUndefined: 'last'`).
 */
export function toSortKey(value: SortableTableSortValue, sortType: SortableTableSortType): SortKey {
  if (value === null || value === undefined) return undefined;
  if (sortType === 'number') {
    const number =
      typeof value === 'number' ? value : Number(value.trim() === '' ? Number.NaN : value);
    return Number.isNaN(number) ? undefined : number;
  }
  const text = String(value);
  return text.trim() === '' ? undefined : text;
}

/** Ascending numeric comparison of two present keys. */
export function compareNumbers(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/** Ascending text comparison of two present keys with the given collator. */
export function compareText(collator: Intl.Collator, a: string, b: string): number {
  return collator.compare(a, b);
}

/** The TanStack sort function for a column of the given type; it only sees present keys. */
export function createSortFn(sortType: SortableTableSortType, collator: Intl.Collator) {
  return sortType === 'number'
    ? constructSortFn({ sort: (a: number, b: number) => compareNumbers(a, b) })
    : constructSortFn({ sort: (a: string, b: string) => compareText(collator, a, b) });
}
