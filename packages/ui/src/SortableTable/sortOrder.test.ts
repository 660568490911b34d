import { describe, expect, it, vi } from 'vitest';
import { createTextCollator } from './sortFns.ts';
import { createSortOrderCache, type SortOrder } from './sortOrder.ts';
import type { SortableTableColumn } from './types.ts';

type Person = { id: string; name: string | null; team: string; score: number | null };

const person = (id: string, name: string | null, team: string, score: number | null): Person => ({
  id,
  name,
  team,
  score,
});

const columns: SortableTableColumn<Person>[] = [
  { id: 'name', header: 'Name', sortValue: (row) => row.name },
  { id: 'team', header: 'Team', sortValue: (row) => row.team },
  { id: 'score', header: 'Score', sortValue: (row) => row.score, sortType: 'number' },
  { id: 'actions', header: 'Actions', cell: () => null },
];

const ids = (data: readonly Person[], order: SortOrder | null) =>
  [...(order ?? [])].map((index) => data[index]?.id);

describe('createSortOrderCache', () => {
  const data = [
    person('a', 'bea', 'red', 3),
    person('b', null, 'blue', 5),
    person('c', 'Ádam', 'red', null),
    person('d', 'carl', 'blue', 10),
    person('e', '  ', 'red', 3),
    person('f', 'Client 10', 'blue', Number.NaN),
    person('g', 'client 2', 'red', -1),
  ];
  const cache = createSortOrderCache(data, columns, () => createTextCollator('en'));

  it('sorts text ascending and descending, ignoring case and accents, digit runs as numbers', () => {
    expect(ids(data, cache.orderOf('name', 'asc'))).toEqual(['c', 'a', 'd', 'g', 'f', 'b', 'e']);
    expect(ids(data, cache.orderOf('name', 'desc'))).toEqual(['f', 'g', 'd', 'a', 'c', 'b', 'e']);
  });

  it('sorts numbers numerically; missing values (null, NaN) last in both directions', () => {
    expect(ids(data, cache.orderOf('score', 'asc'))).toEqual(['g', 'a', 'e', 'b', 'd', 'c', 'f']);
    expect(ids(data, cache.orderOf('score', 'desc'))).toEqual(['d', 'b', 'a', 'e', 'g', 'c', 'f']);
  });

  it('keeps ties in data order in both directions (a stable sort)', () => {
    expect(ids(data, cache.orderOf('team', 'asc'))).toEqual(['b', 'd', 'f', 'a', 'c', 'e', 'g']);
    expect(ids(data, cache.orderOf('team', 'desc'))).toEqual(['a', 'c', 'e', 'g', 'b', 'd', 'f']);
  });

  it('has no order for an unknown or a display-only column', () => {
    expect(cache.orderOf('nope', 'asc')).toBeNull();
    expect(cache.orderOf('actions', 'desc')).toBeNull();
  });

  it('follows the collator locale', () => {
    const names = [person('1', 'zebra', 'x', 1), person('2', 'äpple', 'x', 1)];
    const german = createSortOrderCache(names, columns, () => createTextCollator('de'));
    const swedish = createSortOrderCache(names, columns, () => createTextCollator('sv'));
    // German sorts ä with a; Swedish puts it after z.
    expect(ids(names, german.orderOf('name', 'asc'))).toEqual(['2', '1']);
    expect(ids(names, swedish.orderOf('name', 'asc'))).toEqual(['1', '2']);
  });

  it('reads each row once per column and answers every later click from the cache', () => {
    const sortValue = vi.fn((row: Person) => row.name);
    const spied: SortableTableColumn<Person>[] = [{ id: 'name', header: 'Name', sortValue }];
    const compare = vi.fn(createTextCollator('en').compare);
    const spiedCache = createSortOrderCache(
      data,
      spied,
      () => ({ compare }) as unknown as Intl.Collator,
    );

    const asc = spiedCache.orderOf('name', 'asc');
    const desc = spiedCache.orderOf('name', 'desc');
    expect(sortValue).toHaveBeenCalledTimes(data.length);
    const comparisons = compare.mock.calls.length;
    for (let click = 0; click < 4; click++) {
      expect(spiedCache.orderOf('name', 'asc')).toBe(asc);
      expect(spiedCache.orderOf('name', 'desc')).toBe(desc);
    }
    expect(sortValue).toHaveBeenCalledTimes(data.length);
    expect(compare.mock.calls.length).toBe(comparisons);
  });

  it('sorts the sortable columns ahead of a click, one per step, in column order', () => {
    const sortValues = columns.map((column) =>
      column.sortValue ? vi.fn(column.sortValue) : undefined,
    );
    const spied = columns.map((column, index) => ({ ...column, sortValue: sortValues[index] }));
    const ahead = createSortOrderCache(data, spied, () => createTextCollator('en'));
    const reads = () => sortValues.map((sortValue) => sortValue?.mock.calls.length ?? null);
    expect(ahead.prepareNext()).toBe(true);
    expect(reads()).toEqual([data.length, 0, 0, null]);
    // A click meanwhile sorts its own column; the steps then skip it.
    expect(ids(data, ahead.orderOf('score', 'asc'))).toEqual(['g', 'a', 'e', 'b', 'd', 'c', 'f']);
    expect(ahead.prepareNext()).toBe(false);
    expect(reads()).toEqual([data.length, data.length, data.length, null]);
    expect(ahead.prepareNext()).toBe(false);
    // The clicks after read the prepared orders: no value is read again.
    expect(ids(data, ahead.orderOf('name', 'asc'))).toEqual(['c', 'a', 'd', 'g', 'f', 'b', 'e']);
    expect(ids(data, ahead.orderOf('team', 'desc'))).toEqual(['a', 'c', 'e', 'g', 'b', 'd', 'f']);
    expect(reads()).toEqual([data.length, data.length, data.length, null]);
  });

  it('builds the collator on the first text sort only, and once', () => {
    const getCollator = vi.fn(() => createTextCollator('en'));
    const lazy = createSortOrderCache(data, columns, getCollator);
    lazy.orderOf('score', 'asc');
    lazy.orderOf('score', 'desc');
    expect(getCollator).not.toHaveBeenCalled();
    expect(ids(data, lazy.orderOf('name', 'asc'))).toEqual(['c', 'a', 'd', 'g', 'f', 'b', 'e']);
    lazy.orderOf('name', 'desc');
    lazy.orderOf('team', 'asc');
    expect(getCollator).toHaveBeenCalledTimes(1);
  });

  it('sorts 50,000 rows and reverses them into a valid descending order', () => {
    const many = Array.from({ length: 50_000 }, (_, index) =>
      person(String(index), `Client ${(index * 7919) % 50_000}`, 'x', (index * 31) % 1000),
    );
    const big = createSortOrderCache(many, columns, () => createTextCollator('en'));
    const asc = big.orderOf('score', 'asc') as SortOrder;
    const desc = big.orderOf('score', 'desc') as SortOrder;
    expect(asc).toHaveLength(many.length);
    expect(new Set(desc).size).toBe(many.length);
    let valid = true;
    for (let position = 1; position < many.length; position++) {
      const previous = many[desc[position - 1] as number] as Person;
      const current = many[desc[position] as number] as Person;
      const [a, b] = [previous.score ?? 0, current.score ?? 0];
      // Descending, ties in data order.
      if (a < b || (a === b && Number(previous.id) > Number(current.id))) valid = false;
    }
    expect(valid).toBe(true);
  });
});
