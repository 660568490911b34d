// The embedded database off the event loop: the real server (every service) on PGlite with the
// bulk loader's data (client-data's load in bench/.data/, made when missing), the bench coach's
// clients list (200 clients) read by 8 connections at once while /api/health is asked one request
// after another (2 ms apart). PGlite in its worker thread (the product) against PGlite on the
// main thread (the peer), in alternating rounds of the same run. Then the opening of a test
// database (in memory, from a migrated dump) both ways: what a worker thread costs a test file.
//
// BENCH_EMBEDDED_SECONDS (8) per round, BENCH_EMBEDDED_ROUNDS (3) per thread; the load's size
// follows client-data's BENCH_PGLITE_CLIENTS (BENCH_CLIENTS, 100000) and BENCH_PGLITE_DAYS
// (BENCH_DAYS, 365).
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout } from 'node:timers/promises';
import {
  bulkCoachEmail,
  bulkLoad,
  bulkPassword,
  readBulkMarker,
  upgradeBulkLoad,
} from '@coach/simulator/bulk';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { defaultOrganisationId } from '../packages/server/src/config.ts';
import {
  migrationsFolder,
  openDatabase,
  type PgliteThread,
} from '../packages/server/src/db/index.ts';
import { openPglite } from '../packages/server/src/db/pglite.ts';
import { round } from '../scripts/figures.ts';

const clients = Number(process.env.BENCH_PGLITE_CLIENTS ?? process.env.BENCH_CLIENTS ?? 100_000);
const days = Number(process.env.BENCH_PGLITE_DAYS ?? process.env.BENCH_DAYS ?? 365);
const seed = 1;

const seconds = Math.max(2, Number(process.env.BENCH_EMBEDDED_SECONDS ?? 8));
const rounds = Math.max(1, Number(process.env.BENCH_EMBEDDED_ROUNDS ?? 3));
const listConnections = 8;
/**
 * The pause between two health requests: at most a few hundred a second whichever thread runs
 * PGlite, so that the probe does not load the worker's server more than the peer's.
 */
const healthPauseMs = 2;
const openings = 3;
const threads: PgliteThread[] = ['worker', 'main'];

function log(message: string) {
  console.error(`embedded: ${message}`);
}

/** p-th percentile (0..1) of sorted values, nearest rank. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function latencyFigures(latencies: number[], elapsedSeconds: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    requestsPerSecond: round(sorted.length / elapsedSeconds),
    p50Ms: round(percentile(sorted, 0.5), 2),
    p95Ms: round(percentile(sorted, 0.95), 2),
    p99Ms: round(percentile(sorted, 0.99), 2),
    maxMs: round(sorted.at(-1) ?? Number.NaN, 2),
  };
}

/**
 * The bulk load of `clients` x `days` in client-data's folder: reused when its marker matches
 * (brought up to the current layout), loaded afresh otherwise. Answers the folder.
 */
async function ensureLoaded(): Promise<string> {
  const dataDir = resolve(import.meta.dirname, `.data/pglite-${clients}-${days}`);
  const config = { dataDir, databaseUrl: null, organisationId: defaultOrganisationId };
  let database = await openDatabase(config);
  try {
    const marker = await readBulkMarker(database);
    if (marker?.clients === clients && marker.days === days && marker.seed === seed) {
      await upgradeBulkLoad(database, log);
      return dataDir;
    }
    log(`loading ${clients} clients x ${days} days (no matching load marker)`);
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    database = await openDatabase(config);
    await bulkLoad(database, { clients, days, seed, onProgress: log });
    return dataDir;
  } finally {
    await database.close();
  }
}

async function startServer(dataDir: string, thread: PgliteThread) {
  const script = new URL('./servers/embedded-server.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, BENCH_DATA_DIR: dataDir, BENCH_PGLITE_THREAD: thread },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`embedded server exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('{"url"')) resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  return { url, child };
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** One GET; answers its time in milliseconds (the body read to its end). */
async function timedGet(url: string, headers: Record<string, string> = {}): Promise<number> {
  const before = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  if (!response.ok) {
    throw new Error(`GET ${url}: ${response.status} ${Buffer.from(body).toString().slice(0, 200)}`);
  }
  return performance.now() - before;
}

/**
 * Calls `get` on `connections` loops until `deadline`, each call after the previous one answered
 * (and `pauseMs` more); answers every latency.
 */
async function loops(
  connections: number,
  deadline: number,
  get: () => Promise<number>,
  pauseMs = 0,
) {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        latencies.push(await get());
        if (pauseMs > 0) await setTimeout(pauseMs);
      }
    }),
  );
  return latencies;
}

async function signIn(base: string, email: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: bulkPassword }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** One round on one thread: /api/health alone, then beside the clients list at full load. */
async function measureRound(dataDir: string, thread: PgliteThread) {
  const server = await startServer(dataDir, thread);
  try {
    const base = server.url;
    const token = await signIn(base, bulkCoachEmail(1));
    const listUrl = `${base}/api/analytics/clients`;
    const auth = { authorization: `Bearer ${token}` };
    const first = await fetch(listUrl, { headers: auth });
    const clients = ((await first.json()) as { clients: unknown[] }).clients.length;
    const list = () => timedGet(listUrl, auth);
    const health = () => timedGet(`${base}/api/health`);
    // Warm-up: the JIT, PGlite's caches, the connections.
    await loops(listConnections, performance.now() + 1000, list);
    const idleStarted = performance.now();
    const idle = await loops(1, idleStarted + 1000, health);
    const idleSeconds = (performance.now() - idleStarted) / 1000;

    const started = performance.now();
    const deadline = started + seconds * 1000;
    const [listLatencies, healthLatencies] = await Promise.all([
      loops(listConnections, deadline, list),
      loops(1, deadline, health, healthPauseMs),
    ]);
    const elapsed = (performance.now() - started) / 1000;
    return {
      clients,
      idleHealth: latencyFigures(idle, idleSeconds),
      listLatencies,
      healthLatencies,
      elapsed,
    };
  } finally {
    await stop(server.child);
  }
}

/** A migrated, empty database as a dump: what every test file's database is loaded from. */
async function migratedDump(): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** Opening a test database (load the dump, check the migrations, seed, one query), median ms. */
async function measureOpenings() {
  const dump = await migratedDump();
  const times: Record<PgliteThread, number[]> = { worker: [], main: [] };
  for (let index = 0; index < openings; index += 1) {
    for (const thread of threads) {
      const before = performance.now();
      const handle = await openPglite({ loadDataDir: dump }, defaultOrganisationId, { thread });
      await handle.db.execute(sql`select 1`);
      times[thread].push(performance.now() - before);
      await handle.close();
    }
  }
  const median = (values: number[]) =>
    round(
      percentile(
        [...values].sort((a, b) => a - b),
        0.5,
      ),
    );
  return {
    openings,
    workerMs: median(times.worker),
    mainMs: median(times.main),
    allMs: {
      worker: times.worker.map((value) => round(value)),
      main: times.main.map((value) => round(value)),
    },
  };
}

export type EmbeddedBenchResult = Awaited<ReturnType<typeof runEmbeddedBench>>;

export async function runEmbeddedBench() {
  const dataDir = await ensureLoaded();
  const collected = Object.fromEntries(
    threads.map((thread) => [
      thread,
      { list: [] as number[], health: [] as number[], seconds: 0, idle: [] as unknown[] },
    ]),
  ) as Record<PgliteThread, { list: number[]; health: number[]; seconds: number; idle: unknown[] }>;
  let listed = 0;
  for (let index = 0; index < rounds; index += 1) {
    for (const thread of threads) {
      const result = await measureRound(dataDir, thread);
      listed = result.clients;
      const into = collected[thread];
      into.list.push(...result.listLatencies);
      into.health.push(...result.healthLatencies);
      into.seconds += result.elapsed;
      into.idle.push(result.idleHealth);
      const health = latencyFigures(result.healthLatencies, result.elapsed);
      const list = latencyFigures(result.listLatencies, result.elapsed);
      log(
        `round ${index + 1}, PGlite on the ${thread} thread: list ${list.requestsPerSecond} req/s, ` +
          `p95 ${list.p95Ms} ms; health p99 ${health.p99Ms} ms`,
      );
    }
  }
  const byThread = (thread: PgliteThread) => {
    const { list, health, seconds: total, idle } = collected[thread];
    return {
      clientsList: latencyFigures(list, total),
      healthUnderLoad: latencyFigures(health, total),
      healthIdle: idle,
    };
  };
  const openingsResult = await measureOpenings();
  return {
    secondsPerRound: seconds,
    rounds,
    listConnections,
    clients: listed,
    dataset: { clients, days, seed, dataDir },
    worker: byThread('worker'),
    main: byThread('main'),
    openings: openingsResult,
  };
}
