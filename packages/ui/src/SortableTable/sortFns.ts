import type { SortableTableSortType, SortableTableSortValue } from './types.ts';

/** A normalised sort value; `undefined` marks a missing value that sorts last. */
export type SortKey = string | number | undefined;

/**
 * A collator that ignores case and accents and compares digit runs as numbers ("Client 2" before
 * "Client 10"). Its `compare` runs only on the first sort by a column of a data version (see
 * sortOrder.ts); later clicks read the cached order.
 */
export function createTextCollator(locale?: string): Intl.Collator {
  return new Intl.Collator(locale, { sensitivity: 'base', numeric: true, usage: 'sort' });
}

/**
 * Normalises a column's sort value, so the comparators never meet null, NaN or blank strings.
 * Those become `undefined`, which the table places last in both directions.
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
