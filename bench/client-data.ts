// The client-data figures at scale: 100,000 clients x 365 days stored by the bulk loader
// (packages/simulator/src/bulk.ts), then the real server (every service) as a child
// process: the coach's clients list (200 clients) one request after another and at 8
// connections, a profile's 365-day series, the profile header and device-metric ingestion, with
// a bare Fastify route measured in the same rounds as the peer of the rates; and the EXPLAIN
// (ANALYZE, BUFFERS) of the clients-list query. Every figure is the median of its rounds, the
// measurements of a round taken one after another so that the machine's load falls on all alike.
//
// The loaded databases are kept between runs: on PostgreSQL the database coach_bench_100k (or
// coach_bench_<clients>_<days>) of the TEST_DATABASE_URL server, on PGlite a folder under
// bench/.data/. A load is reused when its marker row (audit_log, action 'bench.bulk_load') has
// the same options, brought up to date when only its layout is older, and loaded again otherwise.
//
// BENCH_CLIENTS (100000), BENCH_DAYS (365), BENCH_PGLITE_CLIENTS (BENCH_CLIENTS),
// BENCH_PGLITE_DAYS (BENCH_DAYS), BENCH_ROUNDS (3), BENCH_SECONDS (5: per rate measurement),
// BENCH_SEQUENTIAL (200: requests per latency measurement), BENCH_SKIP_PGLITE=1.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import {
  bulkClientEmail,
  bulkLayout,
  bulkLoad,
  bulkPassword,
  readBulkMarker,
  upgradeBulkLoad,
} from '@coach/simulator/bulk';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { defaultOrganisationId } from '../packages/server/src/config.ts';
import { type DatabaseHandle, openDatabase } from '../packages/server/src/db/index.ts';
import { clientRowsStatement } from '../packages/server/src/services/analytics/store.ts';
import type { Bench, Figure } from '../scripts/figures.ts';

const clients = Number(process.env.BENCH_CLIENTS ?? 100_000);
const days = Number(process.env.BENCH_DAYS ?? 365);
const pgliteClients = Number(process.env.BENCH_PGLITE_CLIENTS ?? clients);
const pgliteDays = Number(process.env.BENCH_PGLITE_DAYS ?? days);
const seed = 1;
export const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const rateSeconds = Math.max(1, Number(process.env.BENCH_SECONDS ?? 5));
export const sequentialRequests = Math.max(20, Number(process.env.BENCH_SEQUENTIAL ?? 200));
const warmUpRequests = 30;
const concurrentConnections = 8;
const ingestionConcurrency = 8;
const batchSize = 1000;
const benchCoachEmail = 'bench-coach-0001@example.com';

export type Kind = 'postgres' | 'pglite';

export function log(message: string) {
  console.error(`client-data: ${message}`);
}

/** p-th percentile (0..1) of sorted values, nearest rank. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

type Child = { url: string; stop: () => Promise<void> };

function stopChild(child: ChildProcess) {
  return new Promise<void>((resolvePromise) => {
    if (child.exitCode !== null) return resolvePromise();
    child.once('exit', () => resolvePromise());
    child.kill('SIGTERM');
  });
}

/** A server script of bench/servers/ as a child process, once it printed its address. */
export async function startChild(script: string, env: NodeJS.ProcessEnv = {}): Promise<Child> {
  const child = spawn(process.execPath, [new URL(script, import.meta.url).pathname], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolvePromise, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('{"url"')) resolvePromise((JSON.parse(line) as { url: string }).url);
    });
  });
  return { url, stop: () => stopChild(child) };
}

/** Latency figures of `count` calls made one after another. */
export async function sequential(count: number, call: (index: number) => Promise<void>) {
  const latencies: number[] = [];
  const started = performance.now();
  for (let index = 0; index < count; index += 1) {
    const before = performance.now();
    await call(index);
    latencies.push(performance.now() - before);
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: count,
    p50Ms: round(percentile(latencies, 0.5)),
    p95Ms: round(percentile(latencies, 0.95)),
    p99Ms: round(percentile(latencies, 0.99)),
    maxMs: round(latencies.at(-1) ?? Number.NaN),
    requestsPerSecond: round(count / seconds),
  };
}

async function rate(options: autocannon.Options) {
  const result = await autocannon({
    connections: concurrentConnections,
    duration: rateSeconds,
    ...options,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${options.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

export async function getJson(url: string, token: string) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as unknown;
}

export async function login(base: string, email: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: bulkPassword }),
  });
  if (!response.ok) throw new Error(`login of ${email} failed: ${response.status}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** A client's local date `offset` days from today in their zone. */
function localDate(timeZone: string, offsetDays = 0): string {
  const instant = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant);
}

/** A batch of fresh samples within the physiological ranges, measured in the last day. */
function sampleBatch(): string {
  const now = Date.now();
  const samples = Array.from({ length: batchSize }, (_, index) => {
    const kind = (['hrv', 'pulse', 'respiratory'] as const)[index % 3] ?? 'hrv';
    const value =
      kind === 'hrv' ? 30 + Math.random() * 70 : kind === 'pulse' ? 55 + Math.random() * 35 : 12;
    return {
      id: randomUUID(),
      kind,
      value,
      measuredAt: new Date(now - 60_000 - Math.random() * 23 * 3_600_000).toISOString(),
    };
  });
  return JSON.stringify({ samples });
}

/** The clients whose tokens post device metrics. */
export async function clientTokens(base: string) {
  return Promise.all(
    Array.from({ length: ingestionConcurrency }, (_, index) =>
      login(base, bulkClientEmail(index + 1)),
    ),
  );
}

/** POSTs 1000-sample batches from several clients, `ingestionConcurrency` at a time. */
export async function ingestion(base: string, tokens: readonly string[], seconds = rateSeconds) {
  const pool = Array.from({ length: 60 }, sampleBatch);
  let accepted = 0;
  let batches = 0;
  let failures = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: ingestionConcurrency }, async (_, worker) => {
      const token = tokens[worker % tokens.length] ?? '';
      while (performance.now() < deadline) {
        const body = pool.pop() ?? sampleBatch();
        const before = performance.now();
        const response = await fetch(`${base}/api/device-metrics/batches`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body,
        });
        const answer = (await response.json()) as { accepted?: { samples: number } };
        latencies.push(performance.now() - before);
        batches += 1;
        if (response.ok) accepted += answer.accepted?.samples ?? 0;
        else failures += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    batches,
    failures,
    samplesPerSecond: Math.round(accepted / elapsed),
    batchP50Ms: round(percentile(latencies, 0.5)),
    batchP95Ms: round(percentile(latencies, 0.95)),
  };
}

export type Prepared = {
  kind: Kind;
  clients: number;
  childEnv: NodeJS.ProcessEnv;
  open: () => Promise<DatabaseHandle>;
  dataset: Record<string, unknown>;
};

/** Opens, checks the marker and loads (or brings up to date) when needed; the dataset's sizes. */
async function ensureLoaded(
  kind: Kind,
  open: () => Promise<DatabaseHandle>,
  wipe: () => Promise<void>,
  wanted: { clients: number; days: number },
) {
  let database = await open();
  let marker = await readBulkMarker(database);
  let loadSeconds: number | null = null;
  let upgradeSeconds: number | null = null;
  let rows: Record<string, number> | null = null;
  const what = `${wanted.clients} clients x ${wanted.days} days`;
  const matches =
    marker?.clients === wanted.clients && marker.days === wanted.days && marker.seed === seed;
  if (!matches) {
    log(`${kind}: loading ${what} (no matching load marker)`);
    await database.close();
    await wipe();
    database = await open();
    const result = await bulkLoad(database, {
      ...wanted,
      seed,
      onProgress: (m) => log(`${kind}: ${m}`),
    });
    loadSeconds = result.seconds;
    rows = result.rows;
    marker = await readBulkMarker(database);
  } else if (marker?.layout !== bulkLayout) {
    log(`${kind}: bringing the load of ${what} of ${marker?.now} up to layout ${bulkLayout}`);
    const started = performance.now();
    await upgradeBulkLoad(database, (m) => log(`${kind}: ${m}`));
    upgradeSeconds = round((performance.now() - started) / 1000);
  } else {
    log(`${kind}: reusing the load of ${what} of ${marker?.now}`);
  }
  const sizes = await database.db.execute<{ name: string; bytes: string }>(sql`
    select c.relname as name, pg_total_relation_size(c.oid)::text as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
    order by pg_total_relation_size(c.oid) desc limit 8`);
  const total = await database.db.execute<{ bytes: string }>(
    sql`select pg_database_size(current_database())::text as bytes`,
  );
  // The planner's estimates (kept by ANALYZE in pg_class, which PGlite persists, unlike the
  // statistics collector's live counts).
  const counted = await database.db.execute<{ name: string; n: string }>(sql`
    select relname as name, greatest(reltuples, 0)::bigint::text as n from pg_class
    where relkind = 'r' and relname in ('client_daily', 'client_phase_totals', 'persons',
      'usage_sessions', 'metric_samples', 'surveys', 'exercises')`);
  await database.close();
  return {
    ...wanted,
    seed,
    loadedAt: marker?.now ?? null,
    loadedThisRun: loadSeconds !== null,
    loadSeconds,
    upgradeSeconds,
    loadedRows: rows,
    approximateRows: Object.fromEntries(counted.rows.map((row) => [row.name, Number(row.n)])),
    databaseMegabytes: Math.round(Number(total.rows[0]?.bytes ?? 0) / 1e6),
    largestTablesMegabytes: Object.fromEntries(
      sizes.rows.map((row) => [row.name, Math.round(Number(row.bytes) / 1e6)]),
    ),
  };
}

/** The bulk load of `load` in its own database of the PostgreSQL server of `adminUrl`. */
export async function preparePostgres(
  adminUrl: string,
  load: { clients: number; days: number } = { clients, days },
): Promise<Prepared> {
  const name =
    load.clients === 100_000 && load.days === 365
      ? 'coach_bench_100k'
      : `coach_bench_${load.clients}_${load.days}`;
  const adminQuery = async (text: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      return await admin.query(text);
    } finally {
      await admin.end();
    }
  };
  const exists = await adminQuery(`select 1 from pg_database where datname = '${name}'`);
  if (exists.rowCount === 0) await adminQuery(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const open = () =>
    openDatabase({ dataDir: '', databaseUrl, organisationId: defaultOrganisationId });
  const wipe = async () => {
    await adminQuery(`drop database if exists ${name} with (force)`);
    await adminQuery(`create database ${name}`);
  };
  const dataset = await ensureLoaded('postgres', open, wipe, load);
  return {
    kind: 'postgres',
    clients: load.clients,
    childEnv: { BENCH_DATABASE_URL: databaseUrl, BENCH_DATA_DIR: '' },
    open,
    dataset,
  };
}

async function preparePglite(): Promise<Prepared> {
  const dataDir = resolve(import.meta.dirname, `.data/pglite-${pgliteClients}-${pgliteDays}`);
  const open = () =>
    openDatabase({ dataDir, databaseUrl: null, organisationId: defaultOrganisationId });
  const wipe = async () => rmSync(dataDir, { recursive: true, force: true });
  const dataset = await ensureLoaded('pglite', open, wipe, {
    clients: pgliteClients,
    days: pgliteDays,
  });
  return {
    kind: 'pglite',
    clients: pgliteClients,
    childEnv: { BENCH_DATABASE_URL: '', BENCH_DATA_DIR: dataDir },
    open,
    dataset: { ...dataset, dataDir },
  };
}

/**
 * The clients-list query of the bench coach (the one statement the route runs), explained with
 * ANALYZE and BUFFERS twice (the second, warm, is kept): its plan, execution time and the
 * buffers it touched.
 */
export async function explainClientsList(prepared: Prepared) {
  const database = await prepared.open();
  try {
    const coach = await database.db.execute<{ id: string }>(sql`
      select p.id from persons p join users u on u.id = p.user_id
      where u.email = ${benchCoachEmail}`);
    const coachPersonId = coach.rows[0]?.id;
    if (!coachPersonId) throw new Error('no bench coach');
    // The prepared statement's text with its values written in (explain takes no parameters
    // through every driver); the values are ids and instants, quoted as literals.
    const { text, params } = clientRowsStatement(
      database.db,
      database.organisationId,
      { coachPersonId },
      new Date(),
    );
    const literal = (value: unknown) => `'${String(value).replaceAll("'", "''")}'`;
    const inlined = text.replace(/\$(\d+)\b/g, (_, index: string) =>
      literal(params[Number(index) - 1]),
    );
    let plan: string[] = [];
    for (let run = 0; run < 2; run += 1) {
      const result = await database.db.execute<Record<string, string>>(
        sql.raw(`explain (analyze, buffers) ${inlined}`),
      );
      plan = result.rows.map((row) => Object.values(row)[0] ?? '');
    }
    const buffers = /Buffers: shared hit=(\d+)(?: read=(\d+))?/.exec(plan.join('\n'));
    const executionMs = /Execution Time: ([\d.]+) ms/.exec(plan.join('\n'));
    return {
      buffers: buffers ? Number(buffers[1]) + Number(buffers[2] ?? 0) : Number.NaN,
      executionMs: executionMs ? Number(executionMs[1]) : Number.NaN,
      plan,
    };
  } finally {
    await database.close();
  }
}

/**
 * The server of `prepared` as a child process, with the bench coach signed in. With
 * `keepsListAnswers` false it keeps no clients-list answer: every list is made from the rows.
 */
export async function startDataServer(prepared: Prepared, keepsListAnswers = true) {
  const server = await startChild('./servers/client-data-server.ts', {
    ...prepared.childEnv,
    ...(keepsListAnswers ? {} : { BENCH_LIST_ANSWER_BYTES: '0' }),
  });
  try {
    const coachToken = await login(server.url, benchCoachEmail);
    const listUrl = `${server.url}/api/analytics/clients`;
    const first = (await getJson(listUrl, coachToken)) as {
      clients: { clientId: string; timezone: string }[];
    };
    if (first.clients.length !== 200) {
      throw new Error(`the bench coach's list has ${first.clients.length} clients, not 200`);
    }
    const list = () => getJson(listUrl, coachToken).then(() => undefined);
    for (let index = 0; index < warmUpRequests; index += 1) await list();
    return { ...server, coachToken, listUrl, list, rows: first.clients };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Every figure of one database, the median of `rounds` rounds. */
async function measure(prepared: Prepared) {
  const { kind } = prepared;
  const bare = await startChild('./servers/bare-server.ts');
  const server = await startDataServer(prepared);
  let making: Awaited<ReturnType<typeof startDataServer>> | null = null;
  try {
    // The same lists made on every call (as after a write to one of the coach's clients).
    making = await startDataServer(prepared, false);
    const { url: base, coachToken, rows } = server;
    const seriesUrl = (index: number) => {
      const client = rows[index % rows.length];
      if (!client) throw new Error('no client in the list');
      const from = localDate(client.timezone, -364);
      const to = localDate(client.timezone);
      return `${base}/api/analytics/clients/${client.clientId}/series?from=${from}&to=${to}`;
    };
    const profileUrl = (index: number) =>
      `${base}/api/analytics/clients/${rows[index % rows.length]?.clientId}/profile`;
    const tokens = await clientTokens(base);
    const listHeaders = { authorization: `Bearer ${coachToken}` };
    await rate({ url: `${bare.url}/hello`, duration: 1 });
    await rate({ url: server.listUrl, headers: listHeaders, duration: 1 });
    const makingHeaders = { authorization: `Bearer ${making.coachToken}` };
    await rate({ url: making.listUrl, headers: makingHeaders, duration: 1 });
    const runs = [];
    for (let index = 0; index < rounds; index += 1) {
      const bareRate = await rate({ url: `${bare.url}/hello` });
      const listRate = await rate({ url: server.listUrl, headers: listHeaders });
      const list = await sequential(sequentialRequests, server.list);
      const madeRate = await rate({ url: making.listUrl, headers: makingHeaders });
      const made = await sequential(sequentialRequests, making.list);
      const series = await sequential(sequentialRequests, async (request) => {
        await getJson(seriesUrl(request), coachToken);
      });
      const profile = await sequential(sequentialRequests, async (request) => {
        await getJson(profileUrl(request), coachToken);
      });
      const ingest = await ingestion(base, tokens);
      log(
        `${kind} round ${index + 1}: list p95 ${list.p95Ms} ms, ${listRate.requestsPerSecond} req/s (made every call: p95 ${made.p95Ms} ms, ${madeRate.requestsPerSecond} req/s; bare ${bareRate.requestsPerSecond}); series p95 ${series.p95Ms} ms; ingestion ${ingest.samplesPerSecond} samples/s`,
      );
      runs.push({ bareRate, listRate, list, madeRate, made, series, profile, ingest });
    }
    return {
      database: kind,
      rounds: runs,
      bareRequestsPerSecond: median(runs.map((run) => run.bareRate.requestsPerSecond)),
      listRequestsPerSecond: median(runs.map((run) => run.listRate.requestsPerSecond)),
      listP95Ms: median(runs.map((run) => run.list.p95Ms)),
      madeListRequestsPerSecond: median(runs.map((run) => run.madeRate.requestsPerSecond)),
      madeListP95Ms: median(runs.map((run) => run.made.p95Ms)),
      seriesP95Ms: median(runs.map((run) => run.series.p95Ms)),
      profileP95Ms: median(runs.map((run) => run.profile.p95Ms)),
      samplesPerSecond: median(runs.map((run) => run.ingest.samplesPerSecond)),
    };
  } finally {
    await making?.stop();
    await server.stop();
    await bare.stop();
  }
}

type Measured = Awaited<ReturnType<typeof measure>> & {
  dataset: Record<string, unknown>;
  explainClientsList: Awaited<ReturnType<typeof explainClientsList>>;
};

async function runOn(prepared: Prepared): Promise<Measured> {
  const figures = await measure(prepared);
  const explain = await explainClientsList(prepared);
  return { ...figures, dataset: prepared.dataset, explainClientsList: explain };
}

/** The client-data figures on PostgreSQL (when `postgresAdminUrl` is given) and on PGlite. */
export async function runClientDataBenches(postgresAdminUrl: string | null) {
  const postgres = postgresAdminUrl ? await runOn(await preparePostgres(postgresAdminUrl)) : null;
  const pglite = process.env.BENCH_SKIP_PGLITE === '1' ? null : await runOn(await preparePglite());
  return {
    rounds,
    rateSeconds,
    sequentialRequests,
    connections: concurrentConnections,
    postgres,
    pglite,
  };
}

/** The goals of the list, the series and ingestion. */
const goals = {
  postgres: { listP95Ms: 20, listRequestsPerSecond: 300, seriesP95Ms: 50 },
  pglite: { listP95Ms: 60, listRequestsPerSecond: null, seriesP95Ms: null },
  samplesPerSecond: 5000,
};

function figuresOf(measured: Measured): Figure[] {
  const kind = measured.database;
  const name = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const stored = `${Number(measured.dataset.clients).toLocaleString('en-US')} x ${measured.dataset.days} days`;
  const note = `200 clients of ${stored}, ${name}, median of ${rounds}`;
  const goal = goals[kind];
  const bare = { label: 'bare Fastify route', value: measured.bareRequestsPerSecond };
  const absolute = (value: number | null) =>
    value === null ? ({ kind: 'none' } as const) : ({ kind: 'absolute', value } as const);
  return [
    {
      id: `client-data.list-p95-${kind}`,
      label: 'Clients list p95, one request after another (the answer kept: no write since)',
      note,
      value: measured.listP95Ms,
      unit: 'ms',
      better: 'lower',
      goal: absolute(goal.listP95Ms),
    },
    {
      id: `client-data.list-rate-${kind}`,
      label: `Clients list at ${concurrentConnections} connections (the answer kept: no write since)`,
      note,
      value: measured.listRequestsPerSecond,
      unit: 'req/s',
      better: 'higher',
      peer: bare,
      goal: absolute(goal.listRequestsPerSecond),
    },
    {
      id: `client-data.made-list-p95-${kind}`,
      label: 'Clients list p95, one request after another, made on every call (as after a write)',
      note,
      value: measured.madeListP95Ms,
      unit: 'ms',
      better: 'lower',
      goal: absolute(goal.listP95Ms),
    },
    {
      id: `client-data.made-list-rate-${kind}`,
      label: `Clients list at ${concurrentConnections} connections, made on every call (as after a write)`,
      note,
      value: measured.madeListRequestsPerSecond,
      unit: 'req/s',
      better: 'higher',
      peer: bare,
      goal: absolute(goal.listRequestsPerSecond),
    },
    {
      id: `client-data.series-p95-${kind}`,
      label: "A profile's 365-day series p95",
      note,
      value: measured.seriesP95Ms,
      unit: 'ms',
      better: 'lower',
      goal: absolute(goal.seriesP95Ms),
    },
    {
      id: `client-data.profile-p95-${kind}`,
      label: 'Profile header p95',
      note,
      value: measured.profileP95Ms,
      unit: 'ms',
      better: 'lower',
      goal: { kind: 'none' },
    },
    {
      id: `client-data.ingestion-${kind}`,
      label: `Device-metric ingestion, 1000-sample batches, ${ingestionConcurrency} at a time`,
      note: `${stored}, ${name}, median of ${rounds}`,
      value: measured.samplesPerSecond,
      unit: 'samples/s',
      better: 'higher',
      goal: { kind: 'absolute', value: goals.samplesPerSecond },
    },
  ];
}

export const clientDataBench: Bench = {
  name: 'client-data',
  title:
    'the clients list, series, profile and ingestion with 100,000 clients x 365 days stored, on PostgreSQL and PGlite',
  async run() {
    const results = await runClientDataBenches(process.env.TEST_DATABASE_URL ?? null);
    const figures = [results.postgres, results.pglite].flatMap((measured) =>
      measured ? figuresOf(measured) : [],
    );
    return { figures, details: results };
  },
};
