// A child process for the auth benchmark: the real server (auth and account services) on a fresh
// embedded database, or on the PostgreSQL of BENCH_DATABASE_URL, with one seeded coach. Rate
// limits are raised so that the benchmark measures the work, not the 429s. Prints its port.

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../packages/server/src/app.ts';
import { defaultOrganisationId } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/index.ts';
import { createAccessTokens } from '../../packages/server/src/http/accessTokens.ts';
import { createRequireAuth } from '../../packages/server/src/http/authenticate.ts';
import { createMailer } from '../../packages/server/src/mail/mailer.ts';
import { createUserWithProfile } from '../../packages/server/src/services/auth/testing.ts';

const unlimited = {
  perAccount: { max: 1e9, windowSeconds: 60 },
  perIp: { max: 1e9, windowSeconds: 60 },
};

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
const accessTokens = createAccessTokens({ secret: randomBytes(32) });
const app = await buildServer(
  { port: 0, host: '127.0.0.1', staticDir: null, isFrontendCspStrict: true },
  {
    services: {
      enabled: ['auth', 'account'],
      context: {
        database,
        organisationId: database.organisationId,
        accessTokens,
        requireAuth: createRequireAuth(accessTokens, database.organisationId),
        mailer: createMailer({ smtpUrl: null, from: 'bench', log: () => {} }),
        appUrl: 'http://localhost',
        auth: {
          rateLimits: {
            login: unlimited,
            refresh: unlimited,
            resetRequest: unlimited,
            verifyCode: unlimited,
          },
        },
      },
    },
  },
);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ url: address }));
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
