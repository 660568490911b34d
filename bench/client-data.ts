// The client-data figures at scale: 100,000 clients x 365 days stored by the bulk loader
// (packages/server/src/simulation/bulk.ts), then the real server (every service) as a child
// process: the coach's clients list (200 clients), a profile's 365-day series, the profile header
// and device-metric ingestion, beside a bare Fastify route measured in the same run; and the
// EXPLAIN (ANALYZE, BUFFERS) of the clients-list queries.
//
// The loaded databases are kept between runs: on PostgreSQL the database coach_bench_100k of the
// TEST_DATABASE_URL server, on PGlite a folder under bench/.data/. A load is reused when its
// marker row (audit_log, action 'bench.bulk_load') has the same parameters; otherwise the
// database is emptied and loaded again.
//
// BENCH_CLIENTS (100000), BENCH_DAYS (365), BENCH_PGLITE_DAYS (BENCH_DAYS), BENCH_SECONDS (10).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { serviceNames } from '../packages/api/src/index.ts';
import { defaultOrganisationId } from '../packages/server/src/config.ts';
import { type DatabaseHandle, openDatabase } from '../packages/server/src/db/index.ts';
import {
  bulkClientEmail,
  bulkLoad,
  bulkPassword,
  readBulkMarker,
} from '../packages/server/src/simulation/bulk.ts';
import { buildBenchServer } from './servers/benchServer.ts';

const clients = Number(process.env.BENCH_CLIENTS ?? 100_000);
const days = Number(process.env.BENCH_DAYS ?? 365);
const pgliteDays = Number(process.env.BENCH_PGLITE_DAYS ?? days);
const seed = 1;
const durationSeconds = Math.max(10, Number(process.env.BENCH_SECONDS ?? 10));
/** Requests measured one after another (after the warm-up) for the latency percentiles. */
const sequentialRequests = 300;
const warmUpRequests = 30;
const concurrentConnections = 8;
const ingestionConcurrency = 8;
const batchSize = 1000;
const benchCoachEmail = 'bench-coach-0001@example.com';

/** The targets of the issue, in milliseconds and samples per second. */
const targets = {
  postgres: { clientsListP95Ms: 50, seriesP95Ms: 50, samplesPerSecond: 5000 },
  pglite: { clientsListP95Ms: 150, seriesP95Ms: null, samplesPerSecond: 5000 },
};

type Kind = 'postgres' | 'pglite';

function log(message: string) {
  console.error(`client-data: ${message}`);
}

async function startChild(script: string, env: NodeJS.ProcessEnv = {}) {
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
  return { url, child };
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolvePromise) => {
    if (child.exitCode !== null) return resolvePromise();
    child.once('exit', () => resolvePromise());
    child.kill('SIGTERM');
  });
}

/** p-th percentile (0..1) of sorted values, nearest rank. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Latency figures of `requests` calls made one after another (after a warm-up). */
async function sequential(count: number, call: (index: number) => Promise<void>) {
  for (let index = 0; index < warmUpRequests; index += 1) await call(index);
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

async function autocannonFigures(options: autocannon.Options) {
  const result = await autocannon({
    connections: concurrentConnections,
    duration: durationSeconds,
    ...options,
  });
  return {
    connections: concurrentConnections,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function getJson(url: string, token: string) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as unknown;
}

async function login(base: string, email: string) {
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

/** POSTs 1000-sample batches from several clients, `ingestionConcurrency` at a time. */
async function ingestion(base: string, tokens: string[]) {
  const pool = Array.from({ length: 150 }, sampleBatch);
  let accepted = 0;
  let batches = 0;
  let failures = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + durationSeconds * 1000;
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
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    batchSize,
    concurrency: ingestionConcurrency,
    clients: tokens.length,
    seconds: round(seconds),
    batches,
    failures,
    samplesAccepted: accepted,
    samplesPerSecond: Math.round(accepted / seconds),
    batchP50Ms: round(percentile(latencies, 0.5)),
    batchP95Ms: round(percentile(latencies, 0.95)),
  };
}

type Prepared = {
  kind: Kind;
  childEnv: NodeJS.ProcessEnv;
  open: () => Promise<DatabaseHandle>;
  dataset: Record<string, unknown>;
};

/** Opens, checks the marker and loads when needed; answers the dataset's figures. */
async function ensureLoaded(
  kind: Kind,
  open: () => Promise<DatabaseHandle>,
  wipe: () => Promise<void>,
  loadDays: number,
) {
  let database = await open();
  let marker = await readBulkMarker(database);
  let loadSeconds: number | null = null;
  let rows: Record<string, number> | null = null;
  const wanted = { clients, days: loadDays, seed };
  const matches =
    marker?.clients === wanted.clients && marker.days === wanted.days && marker.seed === seed;
  if (!matches) {
    log(`${kind}: loading ${clients} clients x ${loadDays} days (no matching load marker)`);
    await database.close();
    await wipe();
    database = await open();
    const result = await bulkLoad(database, { ...wanted, onProgress: (m) => log(`${kind}: ${m}`) });
    loadSeconds = result.seconds;
    rows = result.rows;
    marker = await readBulkMarker(database);
  } else {
    log(`${kind}: reusing the load of ${marker?.now}`);
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
    clients,
    days: loadDays,
    seed,
    loadedAt: marker?.now ?? null,
    loadedThisRun: loadSeconds !== null,
    loadSeconds,
    loadedRows: rows,
    approximateRows: Object.fromEntries(counted.rows.map((row) => [row.name, Number(row.n)])),
    databaseMegabytes: Math.round(Number(total.rows[0]?.bytes ?? 0) / 1e6),
    largestTablesMegabytes: Object.fromEntries(
      sizes.rows.map((row) => [row.name, Math.round(Number(row.bytes) / 1e6)]),
    ),
  };
}

async function preparePostgres(adminUrl: string): Promise<Prepared> {
  const name =
    clients === 100_000 && days === 365 ? 'coach_bench_100k' : `coach_bench_${clients}_${days}`;
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
  const dataset = await ensureLoaded('postgres', open, wipe, days);
  return { kind: 'postgres', childEnv: { BENCH_DATABASE_URL: databaseUrl }, open, dataset };
}

async function preparePglite(): Promise<Prepared> {
  const dataDir = resolve(import.meta.dirname, `.data/pglite-${clients}-${pgliteDays}`);
  const open = () =>
    openDatabase({ dataDir, databaseUrl: null, organisationId: defaultOrganisationId });
  const wipe = async () => rmSync(dataDir, { recursive: true, force: true });
  const dataset = await ensureLoaded('pglite', open, wipe, pgliteDays);
  return {
    kind: 'pglite',
    childEnv: { BENCH_DATABASE_URL: '', BENCH_DATA_DIR: dataDir },
    open,
    dataset: { ...dataset, dataDir },
  };
}

type Captured = { text: string; values: unknown[] };

/**
 * The SQL the clients list runs, captured from the driver while the real route answers in this
 * process, then each select explained with ANALYZE and BUFFERS on the same database.
 */
async function explainClientsList(prepared: Prepared) {
  const database = await prepared.open();
  const captured: Captured[] = [];
  let capturing = false;
  let pglite: PGlite | null = null;
  const pgQuery = pg.Client.prototype.query;
  const pgliteQuery = PGlite.prototype.query;
  const record = (text: unknown, values: unknown) => {
    if (!capturing) return;
    const query = typeof text === 'string' ? text : (text as { text?: string }).text;
    const params = Array.isArray(values) ? values : ((text as { values?: unknown[] }).values ?? []);
    if (query) captured.push({ text: query, values: params });
  };
  pg.Client.prototype.query = function patched(this: pg.Client, ...args: unknown[]) {
    record(args[0], args[1]);
    return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgQuery;
  PGlite.prototype.query = function patched(this: PGlite, ...args: unknown[]) {
    pglite = this;
    record(args[0], args[1]);
    return (pgliteQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgliteQuery;
  try {
    const app = await buildBenchServer(database, serviceNames);
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: benchCoachEmail, password: bulkPassword },
      });
      const token = (signIn.json() as { accessToken: string }).accessToken;
      const list = () =>
        app.inject({
          method: 'GET',
          url: '/api/analytics/clients',
          headers: { authorization: `Bearer ${token}` },
        });
      await list();
      capturing = true;
      await list();
      capturing = false;
      const selects = captured.filter((query) => /^\s*(select|with)\b/i.test(query.text));
      const plans: { sql: string; values: unknown[]; plan: string[] }[] = [];
      for (const query of selects) {
        const text = `explain (analyze, buffers) ${query.text}`;
        let lines: string[];
        if (prepared.kind === 'pglite' && pglite) {
          const result = await pgliteQuery.call(pglite, text, query.values);
          lines = (result.rows as Record<string, string>[]).map(
            (row) => Object.values(row)[0] ?? '',
          );
        } else {
          const client = new pg.Client({
            connectionString: String(prepared.childEnv.BENCH_DATABASE_URL),
          });
          await client.connect();
          try {
            const run = pgQuery as unknown as (
              text: string,
              values: unknown[],
            ) => Promise<pg.QueryResult>;
            const result = await run.call(client, text, query.values);
            lines = (result.rows as Record<string, string>[]).map(
              (row) => Object.values(row)[0] ?? '',
            );
          } finally {
            await client.end();
          }
        }
        plans.push({ sql: query.text, values: query.values, plan: lines });
      }
      return plans;
    } finally {
      await app.close();
    }
  } finally {
    pg.Client.prototype.query = pgQuery;
    PGlite.prototype.query = pgliteQuery;
    await database.close();
  }
}

async function measure(prepared: Prepared) {
  const { kind } = prepared;
  const bare = await startChild('./servers/bare-server.ts');
  const ceiling = await autocannonFigures({ url: `${bare.url}/hello` });
  await stop(bare.child);

  const server = await startChild('./servers/client-data-server.ts', prepared.childEnv);
  try {
    const base = server.url;
    const coachToken = await login(base, benchCoachEmail);
    const listUrl = `${base}/api/analytics/clients`;
    const first = (await getJson(listUrl, coachToken)) as {
      clients: { clientId: string; timezone: string }[];
    };
    const rows = first.clients;
    log(`${kind}: the bench coach's list has ${rows.length} clients`);
    const listSequential = await sequential(sequentialRequests, async () => {
      await getJson(listUrl, coachToken);
    });
    const listConcurrent = await autocannonFigures({
      url: listUrl,
      headers: { authorization: `Bearer ${coachToken}` },
    });
    log(`${kind}: clients list p95 ${listSequential.p95Ms} ms`);
    const seriesUrl = (index: number) => {
      const client = rows[index % rows.length];
      if (!client) throw new Error('no client in the list');
      const from = localDate(client.timezone, -364);
      const to = localDate(client.timezone);
      return `${base}/api/analytics/clients/${client.clientId}/series?from=${from}&to=${to}`;
    };
    const seriesDays = ((await getJson(seriesUrl(0), coachToken)) as { days: unknown[] }).days
      .length;
    const series = await sequential(sequentialRequests, async (index) => {
      await getJson(seriesUrl(index), coachToken);
    });
    log(`${kind}: 365-day series p95 ${series.p95Ms} ms`);
    const profile = await sequential(sequentialRequests, async (index) => {
      const client = rows[index % rows.length];
      await getJson(`${base}/api/analytics/clients/${client?.clientId}/profile`, coachToken);
    });
    const clientTokens = await Promise.all(
      Array.from({ length: ingestionConcurrency }, (_, index) =>
        login(base, bulkClientEmail(index + 1)),
      ),
    );
    const ingest = await ingestion(base, clientTokens);
    log(`${kind}: ingestion ${ingest.samplesPerSecond} samples/s`);
    const target = targets[kind];
    return {
      database: kind,
      bareFastify: ceiling,
      clientsList: {
        clients: rows.length,
        sequential: listSequential,
        concurrent: listConcurrent,
        concurrent_over_bare:
          Math.round((listConcurrent.requestsPerSecond / ceiling.requestsPerSecond) * 10_000) /
          10_000,
      },
      series365: { days: seriesDays, sequential: series },
      profile: { sequential: profile },
      ingestion: {
        ...ingest,
        samples_over_bare_requests:
          Math.round((ingest.samplesPerSecond / ceiling.requestsPerSecond) * 1000) / 1000,
      },
      targets: {
        clientsListP95: {
          targetMs: target.clientsListP95Ms,
          met: listSequential.p95Ms <= target.clientsListP95Ms,
        },
        seriesP95:
          target.seriesP95Ms === null
            ? null
            : { targetMs: target.seriesP95Ms, met: series.p95Ms <= target.seriesP95Ms },
        ingestion: {
          targetSamplesPerSecond: target.samplesPerSecond,
          met: ingest.samplesPerSecond >= target.samplesPerSecond,
        },
      },
    };
  } finally {
    await stop(server.child);
  }
}

async function runOn(prepared: Prepared) {
  const figures = await measure(prepared);
  const explain = await explainClientsList(prepared);
  return { ...figures, dataset: prepared.dataset, explainClientsList: explain };
}

/** The client-data figures on PostgreSQL (when `postgresAdminUrl` is given) and on PGlite. */
export async function runClientDataBenches(postgresAdminUrl: string | null) {
  const results: Record<string, unknown> = {
    durationSeconds,
    sequentialRequests,
    warmUpRequests,
  };
  if (postgresAdminUrl) results.postgres = await runOn(await preparePostgres(postgresAdminUrl));
  if (process.env.BENCH_SKIP_PGLITE !== '1') results.pglite = await runOn(await preparePglite());
  return results;
}
