import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { compareNumbers, compareText, createTextCollator, toSortKey } from './sortFns.ts';
import type { SortableTableColumn, SortableTableSort } from './types.ts';
import { useSortableTable } from './useSortableTable.ts';

type Person = { id: string; name: string | null; score: number | null };

const columns: SortableTableColumn<Person>[] = [
  { id: 'name', header: 'Name', sortValue: (person) => person.name },
  { id: 'score', header: 'Score', sortValue: (person) => person.score, sortType: 'number' },
];

const people = (...rows: [string | null, number | null][]): Person[] =>
  rows.map(([name, score], index) => ({ id: String(index), name, score }));

function sortedNames(data: Person[], initialSort: SortableTableSort): (string | null)[] {
  const { result } = renderHook(() => useSortableTable({ data, columns, initialSort }));
  const order = result.current.order ?? [];
  return [...order].map((index) => data[index]?.name ?? null);
}

describe('compareText', () => {
  const collator = createTextCollator('en');
  const sortText = (values: string[]) => [...values].sort((a, b) => compareText(collator, a, b));

  it('ignores case and accents', () => {
    expect(compareText(collator, 'émile', 'Emile')).toBe(0);
    expect(compareText(collator, 'ZOË', 'zoe')).toBe(0);
    expect(sortText(['zoë', 'Émile', 'adam', 'Bea'])).toEqual(['adam', 'Bea', 'Émile', 'zoë']);
  });

  it('compares digit runs as numbers', () => {
    expect(sortText(['Client 10', 'Client 2', 'Client 1'])).toEqual([
      'Client 1',
      'Client 2',
      'Client 10',
    ]);
  });
});

describe('compareNumbers', () => {
  it('orders numerically, not as text', () => {
    expect([10, 9, -1, 100, 0.5].sort(compareNumbers)).toEqual([-1, 0.5, 9, 10, 100]);
  });
});

describe('toSortKey', () => {
  it('turns null, blank text and NaN into a missing key', () => {
    expect(toSortKey(null, 'text')).toBeUndefined();
    expect(toSortKey(undefined, 'number')).toBeUndefined();
    expect(toSortKey('  ', 'text')).toBeUndefined();
    expect(toSortKey('n/a', 'number')).toBeUndefined();
    expect(toSortKey(Number.NaN, 'number')).toBeUndefined();
  });

  it('keeps text as text and parses numbers of number columns', () => {
    expect(toSortKey('Ana', 'text')).toBe('Ana');
    expect(toSortKey(42, 'text')).toBe('42');
    expect(toSortKey('42', 'number')).toBe(42);
    expect(toSortKey(0, 'number')).toBe(0);
  });
});

describe('sorting rows through the table', () => {
  const data = people(['bea', 3], [null, 5], ['Ádam', null], ['carl', 10], ['', 1]);

  it('sorts text ascending and descending, case- and accent-insensitively, missing last', () => {
    expect(sortedNames(data, { columnId: 'name', direction: 'asc' })).toEqual([
      'Ádam',
      'bea',
      'carl',
      null,
      '',
    ]);
    expect(sortedNames(data, { columnId: 'name', direction: 'desc' })).toEqual([
      'carl',
      'bea',
      'Ádam',
      null,
      '',
    ]);
  });

  it('sorts numbers numerically in both directions with nulls last', () => {
    expect(sortedNames(data, { columnId: 'score', direction: 'asc' })).toEqual([
      '',
      'bea',
      null,
      'carl',
      'Ádam',
    ]);
    expect(sortedNames(data, { columnId: 'score', direction: 'desc' })).toEqual([
      'carl',
      null,
      'bea',
      '',
      'Ádam',
    ]);
  });
});

describe('memoisation', () => {
  it('does not re-sort when re-rendered with the same data, and does with new data', () => {
    const data = people(['bea', 3], ['adam', 1]);
    const { result, rerender } = renderHook(
      ({ rows }: { rows: Person[] }) =>
        useSortableTable({
          data: rows,
          columns,
          initialSort: { columnId: 'name', direction: 'asc' },
        }),
      { initialProps: { rows: data } },
    );
    const sorted = result.current.order;
    rerender({ rows: data });
    expect(result.current.order).toBe(sorted);
    const copy = [...data];
    rerender({ rows: copy });
    expect(result.current.order).not.toBe(sorted);
    expect([...(result.current.order ?? [])].map((index) => copy[index]?.name)).toEqual([
      'adam',
      'bea',
    ]);
  });
});
