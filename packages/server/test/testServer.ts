import { randomBytes } from 'node:crypto';
import { type ServiceName, serviceNames } from '@coach/api';
import { buildServer } from '../src/app.ts';
import { createAccessTokens } from '../src/http/accessTokens.ts';
import { createRequireAuth } from '../src/http/authenticate.ts';
import { createMailer } from '../src/mail/mailer.ts';
import type { AuthOptionsInput } from '../src/services/auth/options.ts';
import type { ServiceContext } from '../src/services/context.ts';
import { createTestDatabase } from './database.ts';
import { startMailSink } from './mailSink.ts';

export type TestServerOptions = {
  /** The services to host; all by default. */
  services?: readonly ServiceName[];
  /** Access-token lifetime, to test expiry. Default 900 s. */
  accessTokenTtlSeconds?: number;
  /** Access-token key, so a test can forge expired or foreign tokens. Random by default. */
  accessTokenSecret?: Uint8Array;
  /** Auth service options (small rate limits, a movable clock...). */
  auth?: AuthOptionsInput;
  /** The client-data services' clock (see `ServiceContext.now`); `server.context.now` can move it. */
  now?: () => Date;
};

/**
 * The real server over real HTTP on loopback, on a fresh database of the project's test kind
 * (PGlite or the PostgreSQL of TEST_DATABASE_URL), sending mail over SMTP to a sink.
 */
export async function startTestServer(options: TestServerOptions = {}) {
  const database = await createTestDatabase();
  const mailSink = await startMailSink();
  const accessTokens = createAccessTokens({
    secret: options.accessTokenSecret ?? randomBytes(32),
    ttlSeconds: options.accessTokenTtlSeconds ?? 900,
  });
  const context: ServiceContext = {
    database,
    organisationId: database.organisationId,
    accessTokens,
    requireAuth: createRequireAuth(accessTokens, database.organisationId),
    mailer: createMailer({ smtpUrl: mailSink.url, from: 'Coach <no-reply@coach.test>' }),
    appUrl: 'http://app.coach.test',
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.now ? { now: options.now } : {}),
  };
  const app = await buildServer(
    { port: 0, host: '127.0.0.1', staticDir: null, isFrontendCspStrict: true },
    { services: { context, enabled: options.services ?? serviceNames } },
  );
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    /** `http://127.0.0.1:<port>`; services live under `/api/<service>`. */
    baseUrl,
    app,
    database,
    mailSink,
    context,
    async close() {
      await app.close();
      await mailSink.close();
      await database.close();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
