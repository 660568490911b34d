// A child process for the request-path and logins benchmarks: the real server as main.ts runs it
// (every service, the logger writing one line per request to standard output), on a fresh
// embedded database, or on the PostgreSQL of BENCH_DATABASE_URL, with seeded coaches. Rate
// limits are raised so that the benchmark measures the work, not the 429s. Prints its address
// (and sends it over IPC: the parent points standard output at a log file). With BENCH_METRICS=1
// it keeps the process's metrics, as main.ts does with METRICS_PORT, and serves them on a loopback
// port of their own (its address sent as `metricsUrl`).

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceNames } from '@coach/api';
import { defaultOrganisationId } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/index.ts';
import { createMetrics } from '../../packages/server/src/metrics/metrics.ts';
import { createUserWithProfile } from '../../packages/server/test/auth.ts';
import { buildBenchServer, serveBenchChild } from './benchServer.ts';

const database = await openDatabase({
  dataDir: mkdtempSync(join(tmpdir(), 'coach-bench-')),
  databaseUrl: process.env.BENCH_DATABASE_URL || null,
  organisationId: defaultOrganisationId,
});
// The parent signs in as these coaches (benchCoach and signInAccounts in bench/productServer.ts):
// one, and ten more that sign in at once (one account's parallel attempts count as failures).
const accounts = [
  'bench-coach',
  ...Array.from({ length: 10 }, (_, index) => `bench-coach-${index}`),
];
for (const name of accounts) {
  await createUserWithProfile(database, {
    email: `${name}@example.com`,
    password: 'Bench123!',
    type: 'coach',
    firstName: 'Bench',
    lastName: 'Coach',
  });
}
const metrics = process.env.BENCH_METRICS === '1' ? createMetrics() : undefined;
const app = await buildBenchServer(database, serviceNames, {
  unlimitedRates: true,
  logger: true,
  ...(metrics ? { metrics } : {}),
});
await serveBenchChild(app, database, metrics);
