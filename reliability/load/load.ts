// The `load` check: the mixed load of reliability/load/mix.ts
// - at RELIABILITY_CONNECTIONS (200) connections for RELIABILITY_SECONDS (60) against two server
//   processes over one PostgreSQL server (the TEST_DATABASE_URL server of
//   scripts/ensure-postgres.sh, database coach_reliability_load): the goal is 0 errors, p50 and
//   p99 per route recorded;
// - then against one process on the embedded PGlite database (it serves one process), in steps
//   of RELIABILITY_PGLITE_STEPS connections (10,25,50,100,200) of RELIABILITY_STEP_SECONDS (20)
//   each, to find where it starts to queue (more connections no longer add throughput, or answers
//   fail) and what a user sees then.
//
// The data: RELIABILITY_CLIENTS (10,000) clients x RELIABILITY_DAYS (60) days and a coach per 200
// clients, written by the bulk loader (packages/simulator/src/bulk.ts). A load is kept
// between runs (its marker row says with which parameters), like the client-data benchmark's;
// the sign-in and refresh throttles' buckets are emptied before each run, so that runs in a row
// start as a fresh deployment would.
//
// Development knobs: RELIABILITY_PARTS (postgres,pglite) runs one half; RELIABILITY_KEEP_LOGS=1
// keeps the servers' logs; RELIABILITY_SERVER_NODE_OPTIONS passes NODE_OPTIONS to the servers
// (`--cpu-prof --cpu-prof-dir=/tmp/profiles`).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bulkCoachEmail, bulkLoad, readBulkMarker } from '@coach/simulator/bulk';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { serviceNames } from '../../packages/api/src/index.ts';
import { defaultOrganisationId } from '../../packages/server/src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../packages/server/src/db/index.ts';
import { freePort } from '../../packages/server/test/freePort.ts';
import { type CheckResult, type Figure, markdownTable } from '../harness.ts';
import { createRecorder } from './client.ts';
import { type LoadAccounts, roleOf, runMix } from './mix.ts';
import { errorLines, type ServerProcess, startServer, stopServer } from './servers.ts';
import { errorsText, type RunFigures, runFigures } from './stats.ts';

const connections = Number(process.env.RELIABILITY_CONNECTIONS ?? 200);
const seconds = Number(process.env.RELIABILITY_SECONDS ?? 60);
const stepSeconds = Number(process.env.RELIABILITY_STEP_SECONDS ?? 20);
const pgliteSteps = (process.env.RELIABILITY_PGLITE_STEPS ?? '10,25,50,100,200')
  .split(',')
  .map(Number)
  .filter((step) => Number.isInteger(step) && step > 0);
const clients = Number(process.env.RELIABILITY_CLIENTS ?? 10_000);
const days = Number(process.env.RELIABILITY_DAYS ?? 60);
const coaches = Math.max(1, Math.ceil(clients / 200));
const seed = 1;
/** Which halves to run (a development knob): 'postgres', 'pglite' or both (the default). */
const parts = (process.env.RELIABILITY_PARTS ?? 'postgres,pglite').split(',');
const databaseName = 'coach_reliability_load';
const warmUpConnections = 20;
const warmUpSeconds = 10;
/** A step that adds less throughput than this over the one before only adds waiting. */
const minThroughputGain = 0.1;

function log(message: string) {
  console.error(`load: ${message}`);
}

const accounts: LoadAccounts = {
  coachEmails: Array.from({ length: coaches }, (_, index) => bulkCoachEmail(index + 1)),
  clientCount: clients,
  firstCoachClients: Math.ceil(clients / coaches),
};

/** Loads the data unless the database holds this very load already; empties the throttles. */
async function ensureLoaded(open: () => Promise<DatabaseHandle>, wipe: () => Promise<void>) {
  let database = await open();
  const marker = await readBulkMarker(database);
  const isLoaded = marker?.clients === clients && marker.days === days && marker.seed === seed;
  let loadSeconds: number | null = null;
  if (!isLoaded) {
    log(`${database.kind}: loading ${clients} clients x ${days} days, ${coaches} coaches`);
    await database.close();
    await wipe();
    database = await open();
    const result = await bulkLoad(database, {
      clients,
      days,
      seed,
      coaches,
      onProgress: (message) => log(`${database.kind}: ${message}`),
    });
    loadSeconds = result.seconds;
  } else {
    log(`${database.kind}: reusing the load of ${marker?.now}`);
  }
  await database.db.execute(sql`delete from rate_limit_buckets`);
  await database.close();
  return { clients, days, coaches, seed, loadedThisRun: loadSeconds !== null, loadSeconds };
}

async function preparePostgres(adminUrl: string) {
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };
  const exists = await admin(`select 1 from pg_database where datname = '${databaseName}'`);
  if (exists.rowCount === 0) await admin(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  const dataset = await ensureLoaded(
    () => openDatabase({ dataDir: '', databaseUrl, organisationId: defaultOrganisationId }),
    async () => {
      await admin(`drop database if exists ${databaseName} with (force)`);
      await admin(`create database ${databaseName}`);
    },
  );
  return { databaseUrl, dataset };
}

async function preparePglite() {
  const dataDir = resolve(import.meta.dirname, `../.data/pglite-${clients}-${days}`);
  const dataset = await ensureLoaded(
    () => openDatabase({ dataDir, databaseUrl: null, organisationId: defaultOrganisationId }),
    async () => rmSync(dataDir, { recursive: true, force: true }),
  );
  return { dataDir, dataset };
}

/** What every server of the load shares: the production configuration behind a proxy. */
async function serverEnv(): Promise<NodeJS.ProcessEnv> {
  return {
    SERVICES: serviceNames.join(','),
    // The servers sit behind a proxy on loopback: X-Forwarded-For from there is the client's
    // address, so the per-address throttles apply to each virtual user, not to the load as one.
    TRUST_PROXY: 'loopback',
    // Processes sharing a database share the key of their tokens.
    JWT_SECRET: randomBytes(48).toString('base64url'),
    DEMO_SEED: '0',
    // Required with DATABASE_URL; the load sends no mail (a closed loopback port).
    SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
    // A development knob: '--cpu-prof --cpu-prof-dir=/tmp/profiles' profiles the servers.
    ...(process.env.RELIABILITY_SERVER_NODE_OPTIONS
      ? { NODE_OPTIONS: process.env.RELIABILITY_SERVER_NODE_OPTIONS }
      : {}),
  };
}

/** One run of the mix against `servers`, with the errors the servers logged meanwhile. */
async function measure(servers: ServerProcess[], users: number, runSeconds: number, block: number) {
  const recorder = createRecorder();
  const run = await runMix({
    bases: servers.map((server) => server.url),
    connections: users,
    seconds: runSeconds,
    accounts,
    recorder,
    addressBlock: block,
  });
  const figures = runFigures(recorder, users, run.seconds);
  log(
    `${users} connections: ${figures.requests} calls, ${figures.requestsPerSecond}/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, errors ${errorsText(figures.errorsByStatus)}`,
  );
  return figures;
}

/** A short run, not recorded: the servers' code compiled and the database's pages read once. */
async function warmUp(servers: ServerProcess[]) {
  log(`warming up: ${warmUpConnections} connections for ${warmUpSeconds} s, not recorded`);
  await runMix({
    bases: servers.map((server) => server.url),
    connections: warmUpConnections,
    seconds: warmUpSeconds,
    accounts,
    recorder: createRecorder(),
    addressBlock: 255,
  });
}

function routeTable(figures: RunFigures): string {
  return markdownTable(
    ['route', 'calls', 'p50 ms', 'p99 ms', 'max ms', 'errors by status'],
    figures.routes.map((route) => [
      route.route,
      route.count,
      route.p50Ms,
      route.p99Ms,
      route.maxMs,
      errorsText(route.errors),
    ]),
  );
}

/** What a person sees at a step: their answers' times, and the errors by kind. */
function userView(step: RunFigures): string {
  const statuses = Object.keys(step.errorsByStatus);
  const parts = [`half the answers within ${step.p50Ms} ms, 1 in 100 slower than ${step.p99Ms} ms`];
  if (statuses.some((status) => status.startsWith('503'))) {
    parts.push('503 server_busy answers (the app says to try again shortly)');
  }
  if (statuses.includes('timeout')) parts.push('no answer within 30 s on some calls');
  if (statuses.some((status) => status === 'network')) parts.push('dropped connections');
  const others = statuses.filter(
    (status) => !status.startsWith('503') && status !== 'timeout' && status !== 'network',
  );
  if (others.length > 0) parts.push(`errors: ${errorsText(step.errorsByStatus)}`);
  return parts.join('; ');
}

type Part = { figures: Figure[]; markdown: string[]; details: Record<string, unknown> };

/** The machine's load average over 1 minute (other work on it slows every figure). */
function machineLoad(): number {
  return Math.round((loadavg()[0] ?? 0) * 10) / 10;
}

/**
 * The statements the processes ran so far, by name, read from their metrics (the count of
 * `coach_db_statement_duration_seconds`: every statement, by its verb and first table).
 */
async function statementsRun(metricsUrls: readonly string[]): Promise<Map<string, number>> {
  const byName = new Map<string, number>();
  const pattern = /^coach_db_statement_duration_seconds_count\{statement="([^"]*)"\} (\d+)/;
  for (const url of metricsUrls) {
    const text = await (await fetch(url)).text();
    for (const line of text.split('\n')) {
      const match = pattern.exec(line);
      if (match?.[1] !== undefined) {
        byName.set(match[1], (byName.get(match[1]) ?? 0) + Number(match[2]));
      }
    }
  }
  return byName;
}

/** The statements of `after` not yet run at `before`, by name, most first. */
function statementsBetween(before: Map<string, number>, after: Map<string, number>) {
  return [...after]
    .map(([name, count]) => ({ name, count: count - (before.get(name) ?? 0) }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count);
}

/** Two processes over one PostgreSQL server, `connections` connections, `seconds`. */
async function postgresPart(adminUrl: string, env: NodeJS.ProcessEnv, logDir: string) {
  const postgres = await preparePostgres(adminUrl);
  const servers: ServerProcess[] = [];
  const metricsUrls: string[] = [];
  const loadBefore = machineLoad();
  let run: RunFigures;
  let statementsByName: { name: string; count: number }[];
  try {
    for (const name of ['postgres-a', 'postgres-b']) {
      // Each process's metrics on a port of its own: its statements are counted there.
      const metricsPort = await freePort();
      metricsUrls.push(`http://127.0.0.1:${metricsPort}/metrics`);
      servers.push(
        await startServer(
          name,
          { ...env, DATABASE_URL: postgres.databaseUrl, METRICS_PORT: String(metricsPort) },
          logDir,
        ),
      );
    }
    await warmUp(servers);
    log(`PostgreSQL: ${connections} connections over 2 processes for ${seconds} s`);
    const statementsBefore = await statementsRun(metricsUrls);
    run = await measure(servers, connections, seconds, 0);
    statementsByName = statementsBetween(statementsBefore, await statementsRun(metricsUrls));
  } finally {
    await Promise.all(servers.map(stopServer));
  }
  const statements = statementsByName.reduce((sum, entry) => sum + entry.count, 0);
  const perCall = (count: number) => Math.round((count / Math.max(1, run.requests)) * 100) / 100;
  const statementsPerCall = perCall(statements);
  log(
    `PostgreSQL: ${statements} statements, ${statementsPerCall} a call: ${statementsByName
      .map((entry) => `${entry.name} ${perCall(entry.count)}`)
      .join(', ')}`,
  );
  const loadAfter = machineLoad();
  const routeP99 = (route: string) =>
    run.routes.find((entry) => entry.route === route)?.p99Ms ?? Number.NaN;
  const note = `${connections} connections, 2 processes, PostgreSQL, ${seconds} s`;
  const figures: Figure[] = [
    {
      id: 'load.postgres.errors',
      label: 'Errors (wrong status, wrong body, timeouts)',
      note,
      value: run.errors,
      unit: 'count',
      better: 'lower',
      goal: { kind: 'absolute', value: 0 },
    },
    {
      id: 'load.postgres.throughput',
      label: 'Calls answered per second',
      note,
      value: run.requestsPerSecond,
      unit: 'req/s',
      better: 'higher',
      goal: { kind: 'none' },
    },
    {
      id: 'load.postgres.statementsPerCall',
      label:
        'Database statements a call (every statement of both processes, background work included)',
      note,
      value: statementsPerCall,
      unit: 'count',
      better: 'lower',
      goal: { kind: 'none' },
    },
    {
      id: 'load.postgres.p50',
      label: 'p50 of every call',
      note,
      value: run.p50Ms,
      unit: 'ms',
      better: 'lower',
      goal: { kind: 'none' },
    },
    {
      id: 'load.postgres.p99',
      label: 'p99 of every call',
      note,
      value: run.p99Ms,
      unit: 'ms',
      better: 'lower',
      goal: { kind: 'none' },
    },
    ...(
      [
        ['listClientSummaries', 'Clients list p99'],
        ['getClientProfileSummary', 'Profile header p99'],
        ['postDeviceMetrics', 'Device batch p99'],
        ['createClientReport', 'Report generation p99'],
        ['login', 'Sign-in p99'],
        ['refresh', 'Refresh p99'],
      ] as const
    )
      // A short run may not reach every route.
      .filter(([route]) => Number.isFinite(routeP99(route)))
      .map(
        ([route, label]): Figure => ({
          id: `load.postgres.p99-${route}`,
          label,
          note,
          value: routeP99(route),
          unit: 'ms',
          better: 'lower',
          goal: { kind: 'none' },
        }),
      ),
  ];
  const roles = Array.from({ length: connections }, (_, index) => roleOf(index, connections));
  const count = (role: string) => roles.filter((entry) => entry === role).length;
  const markdown = [
    `### PostgreSQL: ${connections} connections over two server processes, ${seconds} s`,
    '',
    `${count('coach')} coaches (clients list, profile sections, a PDF report on one profile in 12), ${count('client')} clients (device batches, assessments, reflections in open windows), ${count('signIn')} sign-in users (sign in, session, two refreshes, sign out; ${clients - accounts.firstCoachClients} distinct accounts in turn); every user on its own connection and client address, no pause between calls. ${run.requests} calls, ${run.requestsPerSecond} per second, errors: ${errorsText(run.errorsByStatus)}. Machine load average ${loadBefore} before, ${loadAfter} after (2 cores, shared with other work).`,
    '',
    routeTable(run),
    '',
  ];
  const details = {
    dataset: postgres.dataset,
    machineLoad: { before: loadBefore, after: loadAfter },
    statements: statementsByName,
    ...run,
    serverErrorLogLines: servers.flatMap((server) => errorLines(server.logFile)),
  };
  return { figures, markdown, details } satisfies Part;
}

/** One process on the embedded PGlite database, in steps of connections. */
async function pglitePart(env: NodeJS.ProcessEnv, logDir: string) {
  const pglite = await preparePglite();
  const steps: (RunFigures & { machineLoad: number })[] = [];
  const server = await startServer('pglite', { ...env, DATA_DIR: pglite.dataDir }, logDir);
  try {
    await warmUp([server]);
    for (const [index, users] of pgliteSteps.entries()) {
      log(`PGlite: ${users} connections for ${stepSeconds} s`);
      const machine = machineLoad();
      steps.push({
        ...(await measure([server], users, stepSeconds, index + 1)),
        machineLoad: machine,
      });
    }
  } finally {
    await stopServer(server);
  }
  // Queueing starts where more connections stop adding throughput (they only add waiting), or
  // where answers fail; the step before is the load PGlite carries.
  const isLimit = (step: RunFigures, index: number) => {
    const previous = steps[index - 1];
    const isSaturated =
      previous !== undefined &&
      step.requestsPerSecond < previous.requestsPerSecond * (1 + minThroughputGain);
    return isSaturated || step.errors > 0;
  };
  const limitIndex = steps.findIndex(isLimit);
  const limitStep = steps[limitIndex] ?? null;
  const carried = limitIndex === -1 ? (steps.at(-1) ?? null) : (steps[limitIndex - 1] ?? null);
  const limitText = limitStep
    ? `PGlite starts to queue at ${limitStep.connections} connections: ${limitStep.requestsPerSecond} calls/s${carried ? ` against ${carried.requestsPerSecond} at ${carried.connections}` : ''}, p50 ${limitStep.p50Ms} ms, p99 ${limitStep.p99Ms} ms, errors: ${errorsText(limitStep.errorsByStatus)}. ${carried ? `It carries ${carried.connections} connections (p99 ${carried.p99Ms} ms, no errors).` : 'Even the first step queued.'} What a user sees at ${limitStep.connections}: ${userView(limitStep)}.`
    : `PGlite carried every step up to ${steps.at(-1)?.connections ?? 0} connections, its throughput still growing and no errors.`;
  const figures: Figure[] = [
    {
      id: 'load.pglite.carried-connections',
      label: 'PGlite: most connections carried (throughput still growing, no errors)',
      note: `one process, steps of ${stepSeconds} s`,
      value: carried?.connections ?? 0,
      unit: 'count',
      better: 'higher',
      goal: { kind: 'none' },
    },
    {
      id: 'load.pglite.errors',
      label: 'PGlite: errors over every step',
      note: `steps ${pgliteSteps.join(', ')}`,
      value: steps.reduce((total, step) => total + step.errors, 0),
      unit: 'count',
      better: 'lower',
      goal: { kind: 'none' },
    },
  ];
  const markdown = [
    `### PGlite (the embedded default): one process, steps of ${stepSeconds} s`,
    '',
    markdownTable(
      [
        'connections',
        'calls/s',
        'p50 ms',
        'p99 ms',
        'errors by status',
        'machine load',
        'what a user sees',
      ],
      steps.map((step) => [
        step.connections,
        step.requestsPerSecond,
        step.p50Ms,
        step.p99Ms,
        errorsText(step.errorsByStatus),
        step.machineLoad,
        userView(step),
      ]),
    ),
    '',
    `**Limit:** ${limitText}`,
    '',
  ];
  if (limitStep) {
    markdown.push(
      `Per route at ${limitStep.connections} connections:`,
      '',
      routeTable(limitStep),
      '',
    );
  }
  const details = {
    dataset: pglite.dataset,
    minThroughputGain,
    steps,
    limit: limitText,
    carriedConnections: carried?.connections ?? 0,
    serverErrorLogLines: errorLines(server.logFile),
  };
  return { figures, markdown, details } satisfies Part;
}

export async function runLoadCheck(): Promise<CheckResult> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error('TEST_DATABASE_URL is not set: run it as `npm run reliability -- load`');
  }
  const logDir = mkdtempSync(join(tmpdir(), 'coach-reliability-load-'));
  log(`server logs in ${logDir}`);
  const env = await serverEnv();
  const figures: Figure[] = [];
  const markdown: string[] = [];
  const details: Record<string, unknown> = {};
  for (const [name, part] of [
    ['postgres', () => postgresPart(adminUrl, env, logDir)],
    ['pglite', () => pglitePart(env, logDir)],
  ] as const) {
    if (!parts.includes(name)) continue;
    const answer = await part();
    figures.push(...answer.figures);
    markdown.push(...answer.markdown);
    details[name] = answer.details;
  }
  // RELIABILITY_KEEP_LOGS=1 keeps the servers' logs (a development knob).
  if (process.env.RELIABILITY_KEEP_LOGS !== '1') rmSync(logDir, { recursive: true, force: true });
  return { figures, markdown: markdown.join('\n'), details };
}
