// A child process for the request-path and logins benchmarks: the real server as main.ts runs it
// (every service, the logger writing one line per request to standard output), on a fresh
// embedded database, or on the PostgreSQL of BENCH_DATABASE_URL, with seeded coaches. Rate
// limits are raised so that the benchmark measures the work, not the 429s. Prints its address
// (and sends it over IPC: the parent points standard output at a log file).

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceNames } from '@coach/api';
import { defaultOrganisationId } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/index.ts';
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
const app = await buildBenchServer(database, serviceNames, { unlimitedRates: true, logger: true });
await serveBenchChild(app, database);
