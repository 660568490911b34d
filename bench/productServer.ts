// What the request-path, logins and metrics-cost benchmarks share: the product server and the
// bare Fastify route as child processes, a fresh PostgreSQL database, sign-in, and latency
// percentiles.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';

/** A coach bench/servers/product-server.ts seeds. */
export const benchCoach = { email: 'bench-coach@example.com', password: 'Bench123!' };

/** Ten more coaches it seeds, for sign-ins at once. */
export const signInAccounts = Array.from({ length: 10 }, (_, index) => ({
  email: `bench-coach-${index}@example.com`,
  password: benchCoach.password,
}));

export type Child = {
  url: string;
  /** CPU time the process has used so far, all its threads (Linux: /proc). */
  cpuSeconds: () => number;
  stop: () => Promise<void>;
};

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const clockTicks = 100;

/** CPU time process `pid` has used so far, all its threads, in seconds (NaN once it is gone). */
export function cpuSecondsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces) in parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return Number.NaN;
  }
}

function stopChild(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The ceiling: a bare Fastify JSON route (`/hello`) in a process of its own. */
export async function startBareServer(): Promise<Child> {
  const script = new URL('./servers/bare-server.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('{"url"')) resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  return { url, cpuSeconds: () => cpuSecondsOf(child.pid), stop: () => stopChild(child) };
}

/**
 * The real server as main.ts runs it (every service, the logger on), on a fresh PGlite database
 * or on the PostgreSQL database of `databaseUrl`. Its standard output (the log) goes to a file
 * rather than through a pipe to this process, which would then spend the CPU the server needs.
 * With `metrics`, it keeps the process's metrics as main.ts does with METRICS_PORT, served at
 * `metricsUrl` (null without).
 */
export async function startProductServer(
  databaseUrl: string | null,
  options: { metrics?: boolean } = {},
) {
  const folder = mkdtempSync(join(tmpdir(), 'coach-bench-log-'));
  const logFile = join(folder, 'server.log');
  const logFd = openSync(logFile, 'w');
  const script = new URL('./servers/product-server.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl ?? '',
      BENCH_METRICS: options.metrics ? '1' : '',
    },
    stdio: ['ignore', logFd, 'inherit', 'ipc'],
  });
  closeSync(logFd);
  const { url, metricsUrl } = await new Promise<{ url: string; metricsUrl?: string }>(
    (resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`product server exited with ${code}`)));
      child.on('message', (message) => resolve(message as { url: string; metricsUrl?: string }));
    },
  );
  return {
    url,
    metricsUrl: metricsUrl ?? null,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    /** Lines written to the log so far. */
    logLines: () => readFileSync(logFile, 'utf8').split('\n').filter(Boolean).length,
    async stop() {
      await stopChild(child);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export type ProductServer = Awaited<ReturnType<typeof startProductServer>>;

/** A fresh database on the server of `adminUrl`, dropped by `drop`. */
export async function freshPostgresDatabase(adminUrl: string) {
  const name = `coach_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Signs the bench coach in. */
export async function signIn(base: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(benchCoach),
  });
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status}`);
  return (await response.json()) as { accessToken: string; refreshToken: string };
}

/** p-th percentile (0..1) of sorted values, nearest rank. */
export function percentile(sorted: readonly number[], p: number): number {
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
