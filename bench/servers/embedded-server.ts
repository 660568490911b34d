// A child process for the embedded-database benchmark: the real server with every service on the
// bulk-loaded PGlite folder BENCH_DATA_DIR, PGlite in its worker thread or, with
// BENCH_PGLITE_THREAD=main, on the main thread (the peer). Rate limits are raised so that the
// benchmark measures the work, not the 429s. Prints its address.
import { serviceNames } from '@coach/api';
import { defaultOrganisationId } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/index.ts';
import { buildBenchServer, serveBenchChild } from './benchServer.ts';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is not set');
const database = await openDatabase(
  { dataDir, databaseUrl: null, organisationId: defaultOrganisationId },
  { pgliteThread: process.env.BENCH_PGLITE_THREAD === 'main' ? 'main' : 'worker' },
);
const app = await buildBenchServer(database, serviceNames, { unlimitedRates: true });
await serveBenchChild(app, database);
