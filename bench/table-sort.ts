// Sorting a clients table by name in Node: the SortableTable's order cache (keys read and sorted
// once per column and data version, descending read from the ascending order, later clicks
// cached) against sorting the rows with the same collator on every click, as a table without a
// cache does. Same rows, same run; the browser figures are in table-grids.ts.
import { createTextCollator } from '../packages/ui/src/SortableTable/sortFns.ts';
import { createSortOrderCache } from '../packages/ui/src/SortableTable/sortOrder.ts';
import type { SortableTableColumn } from '../packages/ui/src/SortableTable/types.ts';

type Row = { name: string };

const first = ['Maya', 'Tomás', 'Aiko', 'Zoë', 'Liam', 'Émile', 'Noor', 'Kwame', 'Ines', 'Ravi'];
const last = ['Lindqvist', 'Ortega', 'Tanaka', 'Müller', 'Okafor', 'Dubois', 'Haddad', 'Singh'];

/** Deterministic names (a linear congruential generator), so every run sorts the same rows. */
function makeRows(count: number): Row[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed;
  };
  return Array.from({ length: count }, (_, index) => ({
    name: `${first[next() % first.length]} ${last[next() % last.length]} ${index % 97}`,
  }));
}

const columns: SortableTableColumn<Row>[] = [
  { id: 'name', header: 'Name', sortValue: (row) => row.name },
];

function median(repeats: number, run: () => void): number {
  const times: number[] = [];
  for (let repeat = 0; repeat < repeats; repeat++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

export function runTableSortBench() {
  const collator = createTextCollator('en-US');
  const results: Record<string, number> = {};
  for (const size of [10_000, 100_000]) {
    const rows = makeRows(size);
    const repeats = size > 10_000 ? 3 : 7;
    const firstAsc = median(repeats, () =>
      createSortOrderCache(rows, columns, () => collator).orderOf('name', 'asc'),
    );
    const cache = createSortOrderCache(rows, columns, () => collator);
    cache.orderOf('name', 'asc');
    const firstDesc = median(repeats, () => {
      const fresh = createSortOrderCache(rows, columns, () => collator);
      fresh.orderOf('name', 'asc');
      fresh.orderOf('name', 'desc');
    });
    const cached = median(repeats, () => cache.orderOf('name', 'desc'));
    const everyClick = median(repeats, () =>
      rows.slice().sort((a, b) => collator.compare(a.name, b.name)),
    );
    results[`sort_${size}_first_asc_ms`] = round(firstAsc);
    results[`sort_${size}_first_asc_then_desc_ms`] = round(firstDesc);
    results[`sort_${size}_cached_click_ms`] = round(cached);
    results[`sort_${size}_collator_every_click_ms`] = round(everyClick);
    results[`sort_${size}_first_asc_over_collator`] = round(firstAsc / everyClick);
  }
  return results;
}

const round = (value: number) => Math.round(value * 100) / 100;
