// Throughput and latency of sign-in, refresh and GET /session/current with autocannon on
// loopback, beside a bare Fastify JSON route measured in the same run as the ceiling.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = 20;

async function startChild(script: string, env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [new URL(script, import.meta.url).pathname], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('{"url"')) resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  return { url, child };
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

type Figures = { requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number };

async function run(options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections, duration: durationSeconds, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function login(base: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-coach@example.com', password: 'Bench123!' }),
  });
  if (!response.ok) throw new Error(`bench login failed: ${response.status}`);
  return (await response.json()) as { accessToken: string; refreshToken: string };
}

/** A fresh database on the server of `adminUrl`, dropped by the returned function. */
async function freshPostgresDatabase(adminUrl: string) {
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

/** The auth figures on PGlite, and on PostgreSQL when `postgresAdminUrl` is given. */
export async function runAuthBenches(postgresAdminUrl: string | null) {
  const results: Record<string, unknown> = { pglite: await runAuthThroughputBench(null) };
  if (postgresAdminUrl) {
    const database = await freshPostgresDatabase(postgresAdminUrl);
    try {
      results.postgres = await runAuthThroughputBench(database.url);
    } finally {
      await database.drop();
    }
  }
  return results;
}

async function runAuthThroughputBench(databaseUrl: string | null) {
  const bare = await startChild('./servers/bare-server.ts');
  const ceiling = await run({ url: `${bare.url}/hello` });
  await stop(bare.child);

  const server = await startChild('./servers/auth-server.ts', {
    BENCH_DATABASE_URL: databaseUrl ?? '',
  });
  try {
    const { accessToken } = await login(server.url);
    const current = await run({
      url: `${server.url}/api/auth/session/current`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const signIn = await run({
      url: `${server.url}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-coach@example.com', password: 'Bench123!' }),
    });
    // A pool of live refresh tokens, one per connection: each request takes one and puts back
    // its successor, so every token is used once, as a real client does (autocannon resets its
    // per-connection context after every request, so the pool lives outside it).
    const pool = (
      await Promise.all(Array.from({ length: connections }, () => login(server.url)))
    ).map((tokens) => tokens.refreshToken);
    const refresh = await run({
      url: `${server.url}/api/auth/session/refresh`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest(request) {
            return { ...request, body: JSON.stringify({ refreshToken: pool.shift() }) };
          },
          onResponse(status, body) {
            if (status === 200) pool.push(JSON.parse(body).refreshToken);
          },
        },
      ],
    });
    const ratio = (figures: Figures) =>
      Math.round((figures.requestsPerSecond / ceiling.requestsPerSecond) * 1000) / 1000;
    return {
      database: databaseUrl ? 'postgres' : 'pglite',
      durationSeconds,
      connections,
      bareFastify: ceiling,
      sessionCurrent: current,
      login: signIn,
      refresh,
      sessionCurrent_over_bare: ratio(current),
      login_over_bare: ratio(signIn),
      refresh_over_bare: ratio(refresh),
    };
  } finally {
    await stop(server.child);
  }
}
