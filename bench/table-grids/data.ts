import { seededRandom } from '../../packages/domain/src/seededRandom.ts';
// The one data generator of the table benchmark: every page (ours and the peers) builds the same
// rows from the same seed, in the page, so generating them costs each page the same.

export type BenchRow = {
  id: string;
  name: string;
  phase: number;
  engagement: number | null;
  productivity: number | null;
  mental: number | null;
  physical: number | null;
  exercises: number;
  reflections: number;
};

const firstNames = [
  'Ana',
  'Émile',
  'zoë',
  'Lukas',
  'Çağla',
  'Noah',
  'Maya',
  'Søren',
  'Inès',
  'Tomás',
];
const lastNames = ['Bell', 'Østergaard', 'da Silva', 'Nguyen', 'Kowalski', 'Álvarez', 'Okafor'];

export function createBenchRows(count: number): BenchRow[] {
  const random = seededRandom(20_261_122);
  const pick = (items: readonly string[]) => items[Math.floor(random() * items.length)] ?? '';
  const percent = () => (random() < 0.125 ? null : Math.round(random() * 100));
  return Array.from({ length: count }, (_, index) => ({
    id: `r${index}`,
    name: `${pick(lastNames)} ${pick(firstNames)} ${Math.floor(random() * count)}`,
    phase: 1 + Math.floor(random() * 3),
    engagement: percent(),
    productivity: percent(),
    mental: percent(),
    physical: percent(),
    exercises: Math.floor(random() * 16),
    reflections: Math.floor(random() * 30),
  }));
}

/** The columns every page shows, in this order; `name` is the one the benchmark sorts by. */
export const benchColumns = [
  { id: 'name', header: 'Name', width: 220 },
  { id: 'phase', header: 'Phase', width: 90 },
  { id: 'engagement', header: 'Engagement', width: 130 },
  { id: 'productivity', header: 'Productivity', width: 130 },
  { id: 'mental', header: 'Mental', width: 110 },
  { id: 'physical', header: 'Physical', width: 110 },
  { id: 'exercises', header: 'Exercises', width: 110 },
  { id: 'reflections', header: 'Reflections', width: 120 },
] as const satisfies readonly { id: keyof BenchRow; header: string; width: number }[];

/** Row count from the page's `?rows=` (default 10,000). */
export const rowCountFromUrl = () =>
  Number(new URLSearchParams(window.location.search).get('rows') ?? 10_000);

/**
 * What the harness reads on every page: the first body cell of the name column (its text
 * changes when a sort lands), the element a click on sorts by name, and the row elements.
 */
export type BenchTargets = { firstCell: string; sortTarget: string; rows: string };

declare global {
  // biome-ignore lint/style/useConsistentTypeDefinitions: only an interface merges into Window
  interface Window {
    benchTargets?: BenchTargets;
  }
}
