// Sign-ins: argon2id (m = 19 MiB, t = 2) verifications under load. Ten clients, each
// as a coach of its own, sign in over and over at once against the product server (PGlite, the logger on, as main.ts runs it)
// while an eleventh asks `/api/health` one request after another: the sign-ins' p95 and the
// health p99 meanwhile (the hashing must leave the event loop free). Health alone first, as the
// reading's reference.
//
// `npm run bench -- logins` runs it alone. BENCH_LOGIN_SECONDS (10): seconds of sign-ins.
import { percentile, signInAccounts, startProductServer } from './productServer.ts';

const seconds = Number(process.env.BENCH_LOGIN_SECONDS ?? 10);
const concurrentSignIns = signInAccounts.length;

function log(message: string) {
  console.error(`logins: ${message}`);
}

const round = (value: number) => Math.round(value * 10) / 10;

function latencyFigures(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50Ms: round(percentile(sorted, 0.5)),
    p95Ms: round(percentile(sorted, 0.95)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
  };
}

async function timed(call: () => Promise<Response>): Promise<number> {
  const before = performance.now();
  const response = await call();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
  return performance.now() - before;
}

/** `/api/health` one after another until `isDone()`; the latencies. */
async function probeHealth(base: string, isDone: () => boolean) {
  const latencies: number[] = [];
  while (!isDone()) latencies.push(await timed(() => fetch(`${base}/api/health`)));
  return latencies;
}

export async function runLoginsBench() {
  const server = await startProductServer(null);
  try {
    // Each client signs in as a coach of its own.
    const signIn = (account: (typeof signInAccounts)[number]) =>
      timed(() =>
        fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(account),
        }),
      );
    // Warm-up: the argon2 and database code paths, the connections.
    await Promise.all(signInAccounts.map(signIn));
    const quietUntil = performance.now() + 3000;
    const healthAlone = await probeHealth(server.url, () => performance.now() > quietUntil);

    let isDone = false;
    const signIns: number[] = [];
    const health = probeHealth(server.url, () => isDone);
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      signInAccounts.map(async (account) => {
        while (performance.now() < until) signIns.push(await signIn(account));
      }),
    );
    isDone = true;
    const healthMeanwhile = await health;
    const result = {
      concurrentSignIns,
      seconds,
      signIn: latencyFigures(signIns),
      signInsPerSecond: round(signIns.length / seconds),
      healthAlone: latencyFigures(healthAlone),
      healthWhileSigningIn: latencyFigures(healthMeanwhile),
    };
    log(JSON.stringify(result));
    return result;
  } finally {
    await server.stop();
  }
}
