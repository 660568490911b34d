import { describe, expect, it } from 'vitest';
import { sortedRows } from './sortedRows.ts';

type Row = { name: string; score: number | null };
const rows: Row[] = [
  { name: 'émile', score: 3 },
  { name: 'Client 10', score: null },
  { name: 'client 2', score: 3 },
  { name: 'Ana', score: 1 },
];
const columns = [
  { id: 'name', sortValue: (row: Row) => row.name },
  { id: 'score', sortValue: (row: Row) => row.score, sortType: 'number' as const },
  { id: 'fixed', sortValue: (row: Row) => row.name, isSortable: false },
];
const names = (list: Row[]) => list.map((row) => row.name);

describe('sortedRows', () => {
  it('keeps the data order without a sort, an unknown column or an unsortable one', () => {
    expect(names(sortedRows(rows, columns, null))).toEqual(names(rows));
    expect(names(sortedRows(rows, columns, { columnId: 'nope', direction: 'asc' }))).toEqual(
      names(rows),
    );
    expect(names(sortedRows(rows, columns, { columnId: 'fixed', direction: 'asc' }))).toEqual(
      names(rows),
    );
  });

  it('sorts text ignoring case and accents, digit runs as numbers', () => {
    expect(names(sortedRows(rows, columns, { columnId: 'name', direction: 'asc' }))).toEqual([
      'Ana',
      'client 2',
      'Client 10',
      'émile',
    ]);
  });

  it('keeps ties in data order and missing values last in both directions', () => {
    expect(names(sortedRows(rows, columns, { columnId: 'score', direction: 'asc' }))).toEqual([
      'Ana',
      'émile',
      'client 2',
      'Client 10',
    ]);
    expect(names(sortedRows(rows, columns, { columnId: 'score', direction: 'desc' }))).toEqual([
      'émile',
      'client 2',
      'Ana',
      'Client 10',
    ]);
  });
});
