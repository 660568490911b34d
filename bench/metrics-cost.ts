// What the Prometheus metrics cost (issue 40): the product server built with the process's metrics
// (`createMetrics()`, as main.ts builds it with METRICS_PORT set: every request timed by an
// onResponse hook, every database statement timed, gauges read at each scrape, Node's default
// metrics) and scraped every second at `GET /metrics` on its own port, as Prometheus would, beside
// the same server without metrics, in one run. Two loads:
// - `/api/health` (no database), autocannon at 20 connections, as the request-path benchmark;
// - the mixed load of the reliability check (reliability/load/mix.ts: coaches reading the clients
//   list and profiles, now and then a PDF report; clients sending device batches, assessments and
//   reflections; 10 % of the users signing in and out), at bench scale: 20 virtual users for
//   BENCH_MIX_SECONDS on cost-growth's bulk load (1,000 clients x 365 days) on PostgreSQL.
// The two servers run at once, each on its own copy of the load (a template copy, dropped at the
// end), logging as main.ts does (to a file). A round measures each load on both servers, one after
// the other, off first in odd rounds and on first in even ones, so that a machine busy with other
// work and the order weigh on both alike; a figure is the median of its rounds beside the median of
// the other side's. The scraper runs only while the server with metrics is measured, so the scrapes'
// cost falls within its runs.
//
// `npm run bench -- metrics-cost` runs it alone (it needs TEST_DATABASE_URL). BENCH_SECONDS (3):
// seconds per /api/health run; BENCH_MIX_SECONDS (15): per mixed-load run; BENCH_ROUNDS (9): pairs
// of each (a run's rate swings with the data the load writes and the machine's other work by more
// than the goal's 3 %: 9 pairs make the median steadier than 5); BENCH_MIX_CONNECTIONS (20):
// virtual users of the mixed load; BENCH_SCRAPE_SECONDS (1): the scrape interval.
import { bulkCoachEmail } from '@coach/simulator/bulk';
import autocannon from 'autocannon';
import pg from 'pg';
import { createRecorder, type Recorder } from '../reliability/load/client.ts';
import { type LoadAccounts, runMix } from '../reliability/load/mix.ts';
import { errorsText, runFigures } from '../reliability/load/stats.ts';
import { type Bench, type Figure, round } from '../scripts/figures.ts';
import { preparePostgres } from './client-data.ts';
import { median, type ProductServer, percentile, startProductServer } from './productServer.ts';

const healthSeconds = Math.max(1, Number(process.env.BENCH_SECONDS ?? 3));
const mixSeconds = Math.max(2, Number(process.env.BENCH_MIX_SECONDS ?? 15));
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 9));
const mixConnections = Math.max(10, Number(process.env.BENCH_MIX_CONNECTIONS ?? 20));
const healthConnections = 20;
/** Requests `/api/health` gets on each server before it is measured (its code then optimised). */
const healthWarmUpRequests = 3000;
/** Seconds of the mixed load on each server before it is measured. */
const mixWarmUpSeconds = 5;
/**
 * Prometheus' scrape interval here (BENCH_SCRAPE_SECONDS, 1 by default): far shorter than its
 * default minute or the common 15 s, the harshest case.
 */
const scrapeEveryMs = Math.max(0.1, Number(process.env.BENCH_SCRAPE_SECONDS ?? 1)) * 1000;
/** cost-growth's load: five coaches of 200 clients, the first coach's with raw history. */
const load = { clients: 1000, days: 365 };
const clientsPerCoach = 200;

function log(message: string) {
  console.error(`metrics-cost: ${message}`);
}

/** One run of a load on one server. */
type CostRun = {
  requestsPerSecond: number;
  requests: number;
  p99Ms: number;
  /** The server's CPU time per request (all its threads), the scrapes' included. */
  serverCpuMicroseconds: number;
};

type Side = 'on' | 'off';
type Pair = Record<Side, CostRun> & { order: string };

/** A scraper fetching `url` every second while it runs, one scrape at a time, as Prometheus. */
function startScraper(url: string) {
  const durations: number[] = [];
  const failures: string[] = [];
  let bytes = 0;
  let series = 0;
  let running: Promise<void> | null = null;
  const scrape = async () => {
    const started = performance.now();
    try {
      const response = await fetch(url);
      const text = await response.text();
      if (!response.ok) throw new Error(`${response.status} ${text.slice(0, 200)}`);
      durations.push(performance.now() - started);
      bytes = Buffer.byteLength(text);
      series = text.split('\n').filter((line) => line !== '' && !line.startsWith('#')).length;
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  };
  const tick = () => {
    // A scrape still under way when the next one is due: Prometheus skips that one too.
    running ??= scrape().finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, scrapeEveryMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
      return { durations, failures, bytes, series };
    },
  };
}

/** Scrapes of the idle server with metrics, one after another, for a scrape's own CPU. */
const idleScrapes = 200;

/**
 * What one scrape costs the server with metrics: its CPU over `idleScrapes` scrapes one after
 * another while no other load runs (the gauges' reads, the outbox's statement, the text written),
 * and the share of a core that makes at the scrape interval.
 */
async function scrapeCost(server: ProductServer) {
  const url = server.metricsUrl;
  if (!url) throw new Error('the server with metrics has no metrics address');
  for (let scrape = 0; scrape < 20; scrape += 1) await (await fetch(url)).text();
  const cpuBefore = server.cpuSeconds();
  for (let scrape = 0; scrape < idleScrapes; scrape += 1) {
    const response = await fetch(url);
    await response.text();
    if (!response.ok) throw new Error(`a scrape of ${url} answered ${response.status}`);
  }
  const microseconds = ((server.cpuSeconds() - cpuBefore) / idleScrapes) * 1e6;
  return {
    serverCpuMicroseconds: Math.round(microseconds),
    percentOfCore: round((microseconds / 1e6 / (scrapeEveryMs / 1000)) * 100, 3),
  };
}

/** The scrapes of the whole run. */
type ScrapeTally = { durations: number[]; failures: string[]; bytes: number; series: number };

/** Runs `work` on `server`, scraped meanwhile when it keeps metrics. */
async function scraped<T>(server: ProductServer, tally: ScrapeTally, work: () => Promise<T>) {
  if (!server.metricsUrl) return work();
  const scraper = startScraper(server.metricsUrl);
  try {
    return await work();
  } finally {
    const scrapes = await scraper.stop();
    tally.durations.push(...scrapes.durations);
    tally.failures.push(...scrapes.failures);
    tally.bytes = scrapes.bytes || tally.bytes;
    tally.series = scrapes.series || tally.series;
  }
}

async function health(server: ProductServer, amount?: number): Promise<CostRun> {
  const url = `${server.url}/api/health`;
  const cpuBefore = server.cpuSeconds();
  const result = await autocannon({
    url,
    connections: healthConnections,
    ...(amount ? { amount } : { duration: healthSeconds }),
  });
  const cpu = server.cpuSeconds() - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    p99Ms: result.latency.p99,
    serverCpuMicroseconds: Math.round((cpu / result.requests.total) * 1e6),
  };
}

/**
 * A run of the mixed load on `server`: its calls answered a second and their p99, and the
 * server's CPU between the start and the end of the measure (its users' sign-ins before it are not
 * counted). Any call that failed fails the benchmark.
 */
async function mix(
  server: ProductServer,
  accounts: LoadAccounts,
  seconds: number,
  addressBlock: number,
): Promise<CostRun> {
  let measuring = false;
  let cpuAtStart = Number.NaN;
  let cpuAtEnd = Number.NaN;
  // The mix flips `isMeasuring` as its measured time starts and ends: the server's CPU is read then.
  const recorder: Recorder = {
    ...createRecorder(),
    get isMeasuring() {
      return measuring;
    },
    set isMeasuring(value: boolean) {
      if (value && !measuring) cpuAtStart = server.cpuSeconds();
      if (!value && measuring) cpuAtEnd = server.cpuSeconds();
      measuring = value;
    },
  };
  const done = await runMix({
    bases: [server.url],
    connections: mixConnections,
    seconds,
    accounts,
    recorder,
    addressBlock,
  });
  const figures = runFigures(recorder, mixConnections, done.seconds);
  if (figures.errors > 0) {
    const first = figures.failures[0];
    throw new Error(
      `the mixed load met ${figures.errors} errors (${errorsText(figures.errorsByStatus)})${first ? `, first: ${first.route} ${first.status} ${first.body}` : ''}`,
    );
  }
  return {
    requestsPerSecond: figures.requestsPerSecond,
    requests: figures.requests,
    p99Ms: figures.p99Ms,
    serverCpuMicroseconds: Math.round(((cpuAtEnd - cpuAtStart) / figures.requests) * 1e6),
  };
}

/** The medians of each side's runs, and the median of the pairs' ratios (on over off). */
function summary(pairs: Pair[]) {
  const of = (side: Side, pick: (run: CostRun) => number) =>
    median(pairs.map((pair) => pick(pair[side])));
  const side = (name: Side) => ({
    requestsPerSecond: of(name, (run) => run.requestsPerSecond),
    p99Ms: of(name, (run) => run.p99Ms),
    serverCpuMicroseconds: of(name, (run) => run.serverCpuMicroseconds),
  });
  return {
    on: side('on'),
    off: side('off'),
    medianPairRateRatio: round(
      median(pairs.map((pair) => pair.on.requestsPerSecond / pair.off.requestsPerSecond)),
      3,
    ),
    pairs,
  };
}

type Summary = ReturnType<typeof summary>;

async function adminQuery(adminUrl: string, text: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export async function runMetricsCostBench(adminUrl: string) {
  const prepared = await preparePostgres(adminUrl, load);
  const loadUrl = prepared.childEnv.BENCH_DATABASE_URL ?? '';
  const template = new URL(loadUrl).pathname.slice(1);
  const stamp = Date.now();
  const copies: string[] = [];
  const servers: ProductServer[] = [];
  const copyOf = async (side: Side) => {
    const name = `coach_bench_metrics_${stamp}_${side}`;
    await adminQuery(adminUrl, `create database ${name} template ${template}`);
    copies.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  try {
    log(`copying the load of ${load.clients} clients x ${load.days} days for each server`);
    const offUrl = await copyOf('off');
    const onUrl = await copyOf('on');
    const off = await startProductServer(offUrl);
    servers.push(off);
    const on = await startProductServer(onUrl, { metrics: true });
    servers.push(on);
    const bySide: Record<Side, ProductServer> = { off, on };
    const coaches = Math.ceil(load.clients / clientsPerCoach);
    const accounts: LoadAccounts = {
      coachEmails: Array.from({ length: coaches }, (_, index) => bulkCoachEmail(index + 1)),
      clientCount: load.clients,
      firstCoachClients: clientsPerCoach,
    };
    const tally: ScrapeTally = { durations: [], failures: [], bytes: 0, series: 0 };
    // Each run of the mixed load sends its own client addresses (the mix's `addressBlock`).
    let addressBlock = 0;
    const nextBlock = () => {
      addressBlock = (addressBlock + 1) % 256;
      return addressBlock;
    };

    log('warming up both servers');
    for (const side of ['off', 'on'] as const) {
      const server = bySide[side];
      await scraped(server, tally, () => health(server, healthWarmUpRequests));
      await scraped(server, tally, () => mix(server, accounts, mixWarmUpSeconds, nextBlock()));
    }

    const pairs: Record<'health' | 'mix', Pair[]> = { health: [], mix: [] };
    for (let index = 1; index <= rounds; index += 1) {
      const order: Side[] = index % 2 === 1 ? ['off', 'on'] : ['on', 'off'];
      for (const kind of ['health', 'mix'] as const) {
        const runs = {} as Record<Side, CostRun>;
        for (const side of order) {
          const server = bySide[side];
          runs[side] = await scraped(server, tally, () =>
            kind === 'health' ? health(server) : mix(server, accounts, mixSeconds, nextBlock()),
          );
        }
        pairs[kind].push({ ...runs, order: order.join(' then ') });
        log(
          `round ${index} ${kind}: on ${runs.on.requestsPerSecond} req/s, p99 ${runs.on.p99Ms} ms (${runs.on.serverCpuMicroseconds} µs CPU a request); off ${runs.off.requestsPerSecond} req/s, p99 ${runs.off.p99Ms} ms (${runs.off.serverCpuMicroseconds} µs)`,
        );
      }
    }
    if (tally.failures.length > 0) {
      throw new Error(
        `${tally.failures.length} scrapes of /metrics failed, first: ${tally.failures[0]}`,
      );
    }
    const sorted = [...tally.durations].sort((a, b) => a - b);
    log(`scraping the idle server ${idleScrapes} times, one after another`);
    const idle = await scrapeCost(on);
    return {
      healthConnections,
      healthSeconds,
      mixConnections,
      mixSeconds,
      rounds,
      dataset: prepared.dataset,
      scrapes: {
        everyMs: scrapeEveryMs,
        count: sorted.length,
        p50Ms: round(percentile(sorted, 0.5)),
        maxMs: round(sorted.at(-1) ?? Number.NaN),
        lastBytes: tally.bytes,
        lastSeries: tally.series,
        idle,
      },
      health: summary(pairs.health),
      mix: summary(pairs.mix),
    };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    for (const name of copies) {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    }
  }
}

/** The goal of the issue: the rate with metrics within 3 % of the rate without. */
const rateGoal = { kind: 'ratio', ratio: 0.97 } as const;

export const metricsCostBench: Bench = {
  name: 'metrics-cost',
  title: `the Prometheus metrics' cost: /api/health and the mixed load with metrics on (scraped every ${scrapeEveryMs / 1000} s) beside off (PostgreSQL)`,
  async run() {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('metrics-cost needs TEST_DATABASE_URL (PostgreSQL)');
    const result = await runMetricsCostBench(adminUrl);
    const off = 'metrics off';
    const pairs = `median of ${result.rounds} interleaved pairs`;
    const healthNote = `${result.healthConnections} connections, ${pairs}`;
    const mixNote = `reliability's mix, ${result.mixConnections} users for ${result.mixSeconds} s, ${pairs}`;
    const sides = (of: Summary, pick: (side: Summary['on']) => number) => ({
      value: pick(of.on),
      peer: { label: off, value: pick(of.off) },
    });
    const figures: Figure[] = [
      {
        id: 'metrics-cost.health-rate',
        label: `/api/health with metrics on, scraped every ${scrapeEveryMs / 1000} s`,
        note: healthNote,
        ...sides(result.health, (side) => side.requestsPerSecond),
        unit: 'req/s',
        better: 'higher',
        goal: rateGoal,
      },
      {
        id: 'metrics-cost.health-p99',
        label: '/api/health p99 with metrics on',
        note: healthNote,
        ...sides(result.health, (side) => side.p99Ms),
        unit: 'ms',
        better: 'lower',
        goal: { kind: 'none' },
      },
      {
        id: 'metrics-cost.health-cpu',
        label: '/api/health server CPU a request with metrics on',
        note: healthNote,
        ...sides(result.health, (side) => side.serverCpuMicroseconds),
        unit: 'µs',
        better: 'lower',
        goal: { kind: 'none' },
      },
      {
        id: 'metrics-cost.mix-rate',
        label: `The mixed load (calls answered a second) with metrics on, scraped every ${scrapeEveryMs / 1000} s`,
        note: mixNote,
        ...sides(result.mix, (side) => side.requestsPerSecond),
        unit: 'req/s',
        better: 'higher',
        goal: rateGoal,
      },
      {
        id: 'metrics-cost.mix-p99',
        label: 'The mixed load p99 with metrics on',
        note: mixNote,
        ...sides(result.mix, (side) => side.p99Ms),
        unit: 'ms',
        better: 'lower',
        goal: { kind: 'none' },
      },
      {
        id: 'metrics-cost.mix-cpu',
        label: 'The mixed load server CPU a call with metrics on',
        note: mixNote,
        ...sides(result.mix, (side) => side.serverCpuMicroseconds),
        unit: 'µs',
        better: 'lower',
        goal: { kind: 'none' },
      },
      {
        id: 'metrics-cost.scrape-cpu',
        label: `A scrape's server CPU (the idle server, ${idleScrapes} scrapes one after another, ${result.scrapes.lastSeries} series)`,
        note: `${result.scrapes.idle.percentOfCore} % of a core at a scrape every ${scrapeEveryMs / 1000} s`,
        value: result.scrapes.idle.serverCpuMicroseconds,
        unit: 'µs',
        better: 'lower',
        goal: { kind: 'none' },
      },
    ];
    return { figures, details: result };
  },
};
