// A child process for the auth benchmark: the real server (auth and account services) on a fresh
// embedded database, or on the PostgreSQL of BENCH_DATABASE_URL, with one seeded coach. Rate
// limits are raised so that the benchmark measures the work, not the 429s. Prints its port.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultOrganisationId } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/index.ts';
import { createUserWithProfile } from '../../packages/server/src/services/auth/testing.ts';
import { buildBenchServer, serveBenchChild } from './benchServer.ts';

const database = await openDatabase({
  dataDir: mkdtempSync(join(tmpdir(), 'coach-bench-')),
  databaseUrl: process.env.BENCH_DATABASE_URL ?? null,
  organisationId: defaultOrganisationId,
});
await createUserWithProfile(database, {
  email: 'bench-coach@example.com',
  password: 'Bench123!',
  type: 'coach',
  firstName: 'Bench',
  lastName: 'Coach',
});
const app = await buildBenchServer(database, ['auth', 'account'], { unlimitedRates: true });
await serveBenchChild(app, database);
