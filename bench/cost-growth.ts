// Cost growth: does one coach's work grow with the organisation? The same bench coach (200
// clients, 365 days each) in organisations of 1,000, 10,000 and 100,000 clients stored on
// PostgreSQL (bulk loads kept between runs, see ./client-data.ts): the clients list p95 one
// request after another, the buffers its query touches (EXPLAIN (ANALYZE, BUFFERS): a count of
// work that the machine's load does not blur; it grows with the depth of the b-trees, the log of
// the rows) and device-metric ingestion. The three servers run at once and each round measures
// them one after another, so that the load falls on all alike; the figures are the medians of
// the rounds, and the largest over the smallest is the growth, with goals near 1x: at most 1.25x
// for the list p95 and at least 0.8x for the ingestion rate (what index depth adds, nothing
// proportional to the organisation).
//
// BENCH_COST_SIZES (1000,10000,100000), BENCH_ROUNDS, BENCH_SECONDS, BENCH_SEQUENTIAL as in
// ./client-data.ts. PostgreSQL only (TEST_DATABASE_URL): PGlite's figures at 100,000 are in the
// client-data benchmark.

import type { Bench, Figure } from '../scripts/figures.ts';
import {
  clientTokens,
  explainClientsList,
  ingestion,
  log,
  median,
  type Prepared,
  preparePostgres,
  rounds,
  sequential,
  sequentialRequests,
  startDataServer,
} from './client-data.ts';

const sizes = (process.env.BENCH_COST_SIZES ?? '1000,10000,100000')
  .split(',')
  .map((size) => Number(size.trim()))
  .filter((size) => Number.isInteger(size) && size >= 200)
  .sort((a, b) => a - b);
const days = 365;

type SizeFigures = {
  clients: number;
  listP95Ms: number;
  queryBuffers: number;
  queryMs: number;
  samplesPerSecond: number;
  dataset: Record<string, unknown>;
  rounds: { listP95Ms: number; samplesPerSecond: number }[];
};

async function runCostGrowth(adminUrl: string) {
  const prepared: Prepared[] = [];
  for (const clients of sizes) prepared.push(await preparePostgres(adminUrl, { clients, days }));
  const servers = [];
  try {
    for (const entry of prepared) {
      // Lists made on every call: the growth is the reading of the rows, not of a kept answer.
      const server = await startDataServer(entry, false);
      servers.push({ entry, server, tokens: await clientTokens(server.url) });
    }
    const perSize = new Map<number, SizeFigures['rounds']>(sizes.map((size) => [size, []]));
    for (let index = 0; index < rounds; index += 1) {
      for (const { entry, server, tokens } of servers) {
        const list = await sequential(sequentialRequests, server.list);
        const ingest = await ingestion(server.url, tokens);
        perSize.get(entry.clients)?.push({
          listP95Ms: list.p95Ms,
          samplesPerSecond: ingest.samplesPerSecond,
        });
        log(
          `cost growth, ${entry.clients} clients, round ${index + 1}: list p95 ${list.p95Ms} ms, ingestion ${ingest.samplesPerSecond} samples/s`,
        );
      }
    }
    const figures: SizeFigures[] = [];
    for (const { entry } of servers) {
      const measured = perSize.get(entry.clients) ?? [];
      const explain = await explainClientsList(entry);
      figures.push({
        clients: entry.clients,
        listP95Ms: median(measured.map((run) => run.listP95Ms)),
        queryBuffers: explain.buffers,
        queryMs: explain.executionMs,
        samplesPerSecond: median(measured.map((run) => run.samplesPerSecond)),
        dataset: entry.dataset,
        rounds: measured,
      });
    }
    return figures;
  } finally {
    for (const { server } of servers) await server.stop();
  }
}

const count = (clients: number) => clients.toLocaleString('en-US');

export const costGrowthBench: Bench = {
  name: 'cost-growth',
  title:
    "one coach's clients list and ingestion with 1,000, 10,000 and 100,000 clients stored (PostgreSQL)",
  async run() {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('cost-growth needs TEST_DATABASE_URL (PostgreSQL)');
    const measured = await runCostGrowth(adminUrl);
    const smallest = measured[0];
    const largest = measured.at(-1);
    if (!smallest || !largest) throw new Error('no size measured');
    const figures: Figure[] = measured.flatMap((size): Figure[] => {
      const note = `200 clients of ${count(size.clients)} x ${days} days, median of ${rounds}`;
      return [
        {
          id: `cost-growth.list-p95-${size.clients}`,
          label: 'Clients list p95, one request after another',
          note,
          value: size.listP95Ms,
          unit: 'ms',
          better: 'lower',
          goal: { kind: 'none' },
        },
        {
          id: `cost-growth.list-buffers-${size.clients}`,
          label: 'Buffers the clients-list query touches',
          note: `${count(size.clients)} clients stored`,
          value: size.queryBuffers,
          unit: 'count',
          better: 'lower',
          goal: { kind: 'none' },
        },
        {
          id: `cost-growth.ingestion-${size.clients}`,
          label: 'Device-metric ingestion',
          note,
          value: size.samplesPerSecond,
          unit: 'samples/s',
          better: 'higher',
          goal: { kind: 'none' },
        },
      ];
    });
    const growth = `${count(largest.clients)} clients stored over ${count(smallest.clients)}`;
    figures.push(
      {
        id: 'cost-growth.list-p95-growth',
        label: 'Clients list p95 growth',
        note: growth,
        value: largest.listP95Ms,
        unit: 'ms',
        better: 'lower',
        peer: { label: `${count(smallest.clients)} clients stored`, value: smallest.listP95Ms },
        goal: { kind: 'ratio', ratio: 1.25 },
      },
      {
        // Recorded, no goal: one index probe per client and table, each as deep as its b-tree
        // (log of the rows; at 1,000 the planner reads the small tables whole instead).
        id: 'cost-growth.list-buffers-growth',
        label: 'Clients-list query buffers growth',
        note: growth,
        value: largest.queryBuffers,
        unit: 'count',
        better: 'lower',
        peer: { label: `${count(smallest.clients)} clients stored`, value: smallest.queryBuffers },
        goal: { kind: 'none' },
      },
      {
        id: 'cost-growth.ingestion-growth',
        label: 'Ingestion rate growth',
        note: growth,
        value: largest.samplesPerSecond,
        unit: 'samples/s',
        better: 'higher',
        peer: {
          label: `${count(smallest.clients)} clients stored`,
          value: smallest.samplesPerSecond,
        },
        goal: { kind: 'ratio', ratio: 0.8 },
      },
    );
    return { figures, details: { sizes: measured } };
  },
};
