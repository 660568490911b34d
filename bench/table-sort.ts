// Sorting a clients table by name: the SortableTable's collator sort against TanStack's
// built-in alphanumeric and text sorts, on the same rows in the same run.
import { sortFn_alphanumeric, sortFn_text } from '@tanstack/react-table';
import { createSortFn, createTextCollator } from '../packages/ui/src/SortableTable/sortFns.ts';

type FakeRow = { getValue: (columnId: string) => unknown };
type RowSortFn = (a: FakeRow, b: FakeRow, columnId: string) => number;

const first = ['Maya', 'Tomás', 'Aiko', 'Zoë', 'Liam', 'Émile', 'Noor', 'Kwame', 'Ines', 'Ravi'];
const last = ['Lindqvist', 'Ortega', 'Tanaka', 'Müller', 'Okafor', 'Dubois', 'Haddad', 'Singh'];

/** Deterministic names (a linear congruential generator), so every run sorts the same rows. */
function makeRows(count: number): FakeRow[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed;
  };
  return Array.from({ length: count }, (_, index) => {
    const name = `${first[next() % first.length]} ${last[next() % last.length]} ${index % 97}`;
    return { getValue: () => name };
  });
}

function timeSort(rows: FakeRow[], sortFn: RowSortFn, repeats: number): number {
  const times: number[] = [];
  for (let run = 0; run < repeats; run++) {
    const copy = rows.slice();
    const start = performance.now();
    copy.sort((a, b) => sortFn(a, b, 'name'));
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

export function runTableSortBench() {
  const collatorSort = createSortFn('text', createTextCollator('en-US')) as unknown as RowSortFn;
  const results: Record<string, number> = {};
  for (const size of [10_000, 100_000]) {
    const rows = makeRows(size);
    const repeats = size > 10_000 ? 3 : 7;
    const ours = timeSort(rows, collatorSort, repeats);
    const alphanumeric = timeSort(rows, sortFn_alphanumeric as unknown as RowSortFn, repeats);
    const text = timeSort(rows, sortFn_text as unknown as RowSortFn, repeats);
    results[`sort_${size}_collator_ms`] = round(ours);
    results[`sort_${size}_tanstack_alphanumeric_ms`] = round(alphanumeric);
    results[`sort_${size}_tanstack_text_ms`] = round(text);
    results[`sort_${size}_alphanumeric_over_collator`] = round(alphanumeric / ours);
    results[`sort_${size}_text_over_collator`] = round(text / ours);
  }
  return results;
}

const round = (value: number) => Math.round(value * 100) / 100;
