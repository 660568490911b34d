// A child process of the live-streams benchmark: the real server (every service, no request log)
// on a fresh embedded database, or on the PostgreSQL database of BENCH_DATABASE_URL, signing its
// access tokens with BENCH_SECRET (hex) so that two processes accept each other's tokens. With
// BENCH_SEED=<coaches>x<clients>, it first seeds that many coaches with that many clients each
// (one password hash for all: the benchmark measures streams, not argon2) and sends their access
// tokens to the parent. The live streams' caps per address are lifted: the load is one machine's.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceNames } from '@coach/api';
import { defaultOrganisationId } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/index.ts';
import { createAccessTokens } from '../../packages/server/src/http/accessTokens.ts';
import { hashPassword, insertAccount } from '../../packages/server/src/services/auth/index.ts';
import { signInForTest } from '../../packages/server/test/auth.ts';
import { buildBenchServer, serveBenchChild } from './benchServer.ts';

/** What a seeding child sends its parent: each coach's token and their clients' tokens and ids. */
export type LiveSeed = {
  coaches: { token: string; clients: { personId: string; token: string }[] }[];
};

const secret = Buffer.from(process.env.BENCH_SECRET ?? '', 'hex');
if (secret.length < 32) throw new Error('BENCH_SECRET must be 32 bytes of hex');

const database = await openDatabase({
  dataDir: mkdtempSync(join(tmpdir(), 'coach-bench-live-')),
  databaseUrl: process.env.BENCH_DATABASE_URL || null,
  organisationId: defaultOrganisationId,
});

/** Inserts a user and its profile; answers their ids. */
function insertBenchAccount(
  email: string,
  passwordHash: string,
  type: 'coach' | 'user',
  coachPersonId: string | null,
): Promise<{ userId: string; personId: string }> {
  return database.transaction((tx) =>
    insertAccount(
      tx,
      database.organisationId,
      { email, passwordHash },
      { type, firstName: 'Bench', lastName: type, coachPersonId },
    ),
  );
}

const seedShape = /^(\d+)x(\d+)$/.exec(process.env.BENCH_SEED ?? '');
let seed: LiveSeed | null = null;
if (seedShape) {
  const [coachCount, clientCount] = [Number(seedShape[1]), Number(seedShape[2])];
  const minting = { database, context: { accessTokens: createAccessTokens({ secret }) } };
  const passwordHash = await hashPassword('Bench123!');
  seed = { coaches: [] };
  for (let coachIndex = 0; coachIndex < coachCount; coachIndex++) {
    const coach = await insertBenchAccount(
      `live-coach-${coachIndex}@example.com`,
      passwordHash,
      'coach',
      null,
    );
    const clients: LiveSeed['coaches'][number]['clients'] = [];
    for (let clientIndex = 0; clientIndex < clientCount; clientIndex++) {
      const client = await insertBenchAccount(
        `live-client-${coachIndex}-${clientIndex}@example.com`,
        passwordHash,
        'user',
        coach.personId,
      );
      clients.push({
        personId: client.personId,
        token: await signInForTest(minting, client.userId),
      });
    }
    seed.coaches.push({ token: await signInForTest(minting, coach.userId), clients });
  }
}

const app = await buildBenchServer(database, serviceNames, {
  secret,
  liveEvents: { maxStreamsPerAddress: Number.POSITIVE_INFINITY },
});
if (seed) process.send?.({ seed });
// The parent asks for the memory in use: after a full collection (the process runs with
// --expose-gc), the JavaScript heap and the memory outside it (buffers, sockets' bookkeeping).
process.on('message', (message) => {
  if ((message as { memory?: boolean }).memory !== true) return;
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, external } = process.memoryUsage();
  process.send?.({ memoryKb: Math.round((heapUsed + external) / 1024) });
});
await serveBenchChild(app, database);
