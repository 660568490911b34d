import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SortableTableColumn, SortableTableSort } from './types.ts';
import { useSortableTable } from './useSortableTable.ts';

type Person = { id: string; name: string; score: number | null };

const columns: SortableTableColumn<Person>[] = [
  { id: 'name', header: 'Name', sortValue: (person) => person.name },
  { id: 'score', header: 'Score', sortValue: (person) => person.score, sortType: 'number' },
  { id: 'actions', header: 'Actions', cell: () => null },
];

const data: Person[] = [
  { id: 'p1', name: 'bea', score: 3 },
  { id: 'p2', name: 'Adam', score: null },
  { id: 'p3', name: 'carl', score: 7 },
];

const renderTable = (onSortChange?: (sort: SortableTableSort) => void) =>
  renderHook(() => useSortableTable({ data, columns, onSortChange }));

describe('useSortableTable', () => {
  it('gives the items themselves in the order of data, and headers from the table', () => {
    const { result } = renderTable();
    const { table, rows, order } = result.current;
    expect(rows).toBe(data);
    expect(order).toBeNull();
    const headers = table.getHeaderGroups()[0]?.headers ?? [];
    expect(headers.map((header) => header.column.id)).toEqual(['name', 'score', 'actions']);
    expect(headers.map((header) => header.column.getCanSort())).toEqual([true, true, false]);
  });

  it('toggles the TanStack sorting state from a header, asc -> desc -> asc, ordering the rows', () => {
    const onSortChange = vi.fn();
    const { result } = renderTable(onSortChange);
    const scoreHeader = () => result.current.table.getHeaderGroups()[0]?.headers[1];
    const names = () => {
      const { rows, order } = result.current;
      return [...(order ?? [])].map((index) => rows[index]?.name);
    };

    act(() => scoreHeader()?.column.getToggleSortingHandler()?.({}));
    expect(result.current.table.state.sorting).toEqual([{ id: 'score', desc: false }]);
    expect(scoreHeader()?.column.getIsSorted()).toBe('asc');
    expect(names()).toEqual(['bea', 'carl', 'Adam']);
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'score', direction: 'asc' });

    act(() => scoreHeader()?.column.getToggleSortingHandler()?.({}));
    expect(scoreHeader()?.column.getIsSorted()).toBe('desc');
    expect(names()).toEqual(['carl', 'bea', 'Adam']);

    act(() => scoreHeader()?.column.getToggleSortingHandler()?.({}));
    expect(scoreHeader()?.column.getIsSorted()).toBe('asc');
    expect(onSortChange).toHaveBeenCalledTimes(3);
  });

  it('sorts every sortable column while the page is idle, so a first click only reads an order', async () => {
    vi.useFakeTimers();
    try {
      const readName = vi.fn((person: Person) => person.name);
      const readScore = vi.fn((person: Person) => person.score);
      const spied: SortableTableColumn<Person>[] = [
        { id: 'name', header: 'Name', sortValue: readName },
        { id: 'score', header: 'Score', sortValue: readScore, sortType: 'number' },
      ];
      const { result, unmount } = renderHook(() => useSortableTable({ data, columns: spied }));
      expect(readName).not.toHaveBeenCalled();
      await act(() => vi.runAllTimersAsync());
      expect(readName).toHaveBeenCalledTimes(data.length);
      expect(readScore).toHaveBeenCalledTimes(data.length);

      const nameHeader = () => result.current.table.getHeaderGroups()[0]?.headers[0];
      act(() => nameHeader()?.column.getToggleSortingHandler()?.({}));
      const { rows, order } = result.current;
      expect([...(order ?? [])].map((index) => rows[index]?.name)).toEqual(['Adam', 'bea', 'carl']);
      expect(readName).toHaveBeenCalledTimes(data.length);
      unmount();
    } finally {
      vi.useRealTimers();
    }
  });
});
