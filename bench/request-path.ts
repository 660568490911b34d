// The request path: what the product's own hooks, logging and session check cost,
// against a bare Fastify JSON route. Autocannon on loopback, 20 connections, on the product's
// `/api/health` (no database) and `GET /api/auth/session/current` (JWT check, session check, the
// user's row) on PGlite and on PostgreSQL. Each product run follows a run of the bare route: a
// figure is the median of its runs beside the median of the bare runs paired with them, so that a
// machine busy with other work weighs on both alike. The product servers log as main.ts does
// (to a file): the log lines written per request are a figure too.
//
// `npm run bench -- request-path` runs it alone (with TEST_DATABASE_URL for PostgreSQL).
// BENCH_SECONDS (3): seconds per run; BENCH_ROUNDS (5): pairs per product route. Each route gets
// 3,000 requests first: measured cold, the product's larger code ran unoptimised.
import autocannon from 'autocannon';
import {
  type Child,
  freshPostgresDatabase,
  median,
  signIn,
  startBareServer,
  startProductServer,
} from './productServer.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = 20;

function log(message: string) {
  console.error(`request-path: ${message}`);
}

type Run = {
  requestsPerSecond: number;
  /** Requests sent, answered or not. */
  sent: number;
  p99Ms: number;
  /** The server's CPU time per request (all its threads): steadier than rates on a busy machine. */
  serverCpuMicroseconds: number;
};

type Target = { url: string; headers?: Record<string, string>; server: Child };

/** Requests each route gets before it is measured: its code runs optimised by then. */
const warmUpRequests = 3000;

async function load(target: Target, amount?: number): Promise<Run> {
  const { url, headers = {}, server } = target;
  const cpuBefore = server.cpuSeconds();
  const result = await autocannon({
    url,
    headers,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
  });
  const cpu = server.cpuSeconds() - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    sent: result.requests.sent,
    p99Ms: result.latency.p99,
    serverCpuMicroseconds: Math.round((cpu / result.requests.total) * 1e6),
  };
}

/** A product route's runs and the bare runs paired with them. */
export type RoutePairs = {
  requestsPerSecond: number;
  bareRequestsPerSecond: number;
  serverCpuMicroseconds: number;
  bareServerCpuMicroseconds: number;
  runs: { bare: Run; route: Run }[];
};

function summary(runs: { bare: Run; route: Run }[]): RoutePairs {
  const of = (pick: (pair: { bare: Run; route: Run }) => number) => median(runs.map(pick));
  return {
    requestsPerSecond: of((pair) => pair.route.requestsPerSecond),
    bareRequestsPerSecond: of((pair) => pair.bare.requestsPerSecond),
    serverCpuMicroseconds: of((pair) => pair.route.serverCpuMicroseconds),
    bareServerCpuMicroseconds: of((pair) => pair.bare.serverCpuMicroseconds),
    runs,
  };
}

export async function runRequestPathBench(postgresAdminUrl: string | null) {
  const children: Child[] = [];
  const database = postgresAdminUrl ? await freshPostgresDatabase(postgresAdminUrl) : null;
  try {
    const bare = await startBareServer();
    children.push(bare);
    const pglite = await startProductServer(null);
    children.push(pglite);
    const postgres = database ? await startProductServer(database.url) : null;
    if (postgres) children.push(postgres);

    const bearer = async (base: string) => ({
      authorization: `Bearer ${(await signIn(base)).accessToken}`,
    });
    const bareRoute: Target = { url: `${bare.url}/hello`, server: bare };
    const health: Target = { url: `${pglite.url}/api/health`, server: pglite };
    const routes: Record<string, Target> = {
      health,
      sessionPglite: {
        url: `${pglite.url}/api/auth/session/current`,
        headers: await bearer(pglite.url),
        server: pglite,
      },
    };
    if (postgres) {
      routes.sessionPostgres = {
        url: `${postgres.url}/api/auth/session/current`,
        headers: await bearer(postgres.url),
        server: postgres,
      };
    }
    for (const target of [bareRoute, ...Object.values(routes)]) await load(target, warmUpRequests);

    // The log lines of a run of health requests alone (the log is written in batches, at least
    // every half second).
    const flushed = () => new Promise((resolve) => setTimeout(resolve, 600));
    await flushed();
    const linesBefore = pglite.logLines();
    const healthRun = await load(health);
    await flushed();
    const logLinesPerRequest = (pglite.logLines() - linesBefore) / healthRun.sent;

    const pairs = Object.fromEntries(
      Object.keys(routes).map((name) => [name, [] as { bare: Run; route: Run }[]]),
    );
    for (let round = 1; round <= rounds; round += 1) {
      for (const [name, route] of Object.entries(routes)) {
        const bareRun = await load(bareRoute);
        const run = await load(route);
        pairs[name]?.push({ bare: bareRun, route: run });
        log(
          `round ${round} ${name}: ${run.requestsPerSecond} req/s (${run.serverCpuMicroseconds} µs CPU a request), bare ${bareRun.requestsPerSecond} req/s (${bareRun.serverCpuMicroseconds} µs)`,
        );
      }
    }
    const summaryOf = (name: string) => summary(pairs[name] ?? []);
    return {
      connections,
      seconds,
      rounds,
      health: summaryOf('health'),
      sessionPglite: summaryOf('sessionPglite'),
      sessionPostgres: postgres ? summaryOf('sessionPostgres') : null,
      logLinesPerRequest,
    };
  } finally {
    for (const child of children.reverse()) await child.stop();
    await database?.drop();
  }
}
