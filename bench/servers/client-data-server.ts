// A child process for the client-data benchmark: the real server with every service, as main.ts
// builds it, on a bulk-loaded database (the PostgreSQL of BENCH_DATABASE_URL, or the PGlite
// folder BENCH_DATA_DIR). Rate limits are raised so that the benchmark measures the work, not the
// 429s. Prints its address.
import { randomBytes } from 'node:crypto';
import { serviceNames } from '@coach/api';
import { buildServer } from '../../packages/server/src/app.ts';
import { defaultOrganisationId } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/index.ts';
import { createAccessTokens } from '../../packages/server/src/http/accessTokens.ts';
import { createRequireAuth } from '../../packages/server/src/http/authenticate.ts';
import { createMailer } from '../../packages/server/src/mail/mailer.ts';

const unlimited = {
  perAccount: { max: 1e9, windowSeconds: 60 },
  perIp: { max: 1e9, windowSeconds: 60 },
};

const database = await openDatabase({
  dataDir: process.env.BENCH_DATA_DIR ?? '',
  databaseUrl: process.env.BENCH_DATABASE_URL || null,
  organisationId: defaultOrganisationId,
});
const accessTokens = createAccessTokens({ secret: randomBytes(32) });
const app = await buildServer(
  { port: 0, host: '127.0.0.1', staticDir: null, isFrontendCspStrict: true },
  {
    services: {
      enabled: serviceNames,
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
