// A child process for the client-data benchmark: the real server with every service, as main.ts
// builds it, on a bulk-loaded database (the PostgreSQL of BENCH_DATABASE_URL, or the PGlite
// folder BENCH_DATA_DIR). Rate limits are raised so that the benchmark measures the work, not the
// 429s. Prints its address.
import { serviceNames } from '@coach/api';
import { defaultOrganisationId } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/index.ts';
import { buildBenchServer, serveBenchChild } from './benchServer.ts';

const database = await openDatabase({
  dataDir: process.env.BENCH_DATA_DIR ?? '',
  databaseUrl: process.env.BENCH_DATABASE_URL || null,
  organisationId: defaultOrganisationId,
});
const app = await buildBenchServer(database, serviceNames, { unlimitedRates: true });
await serveBenchChild(app, database);
