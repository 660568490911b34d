// A child process for the client-data benchmark: the real server with every service, as main.ts
// builds it, on a bulk-loaded database (the PostgreSQL of BENCH_DATABASE_URL, or the PGlite
// folder BENCH_DATA_DIR). Rate limits are raised so that the benchmark measures the work, not the
// 429s. BENCH_LIST_ANSWER_BYTES=0 keeps no clients-list answer (every list made: the benchmark
// measures both). Prints its address.
import { serviceNames } from '@coach/api';
import { defaultOrganisationId } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/index.ts';
import { buildBenchServer, serveBenchChild } from './benchServer.ts';

const database = await openDatabase({
  dataDir: process.env.BENCH_DATA_DIR ?? '',
  databaseUrl: process.env.BENCH_DATABASE_URL || null,
  organisationId: defaultOrganisationId,
});
const listAnswerBytes = process.env.BENCH_LIST_ANSWER_BYTES;
const app = await buildBenchServer(database, serviceNames, {
  unlimitedRates: true,
  ...(listAnswerBytes ? { listAnswerBytes: Number(listAnswerBytes) } : {}),
});
await serveBenchChild(app, database);
