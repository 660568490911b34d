import { randomBytes } from 'node:crypto';
import { errorStatuses, isServerErrorCode, type ServiceName, serviceNames } from '@coach/api';
import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import { buildServer, type ErrorAnswer } from '../src/app.ts';
import type { ServerConfig } from '../src/config.ts';
import { type DatabaseHandle, schema } from '../src/db/index.ts';
import { createAccessTokens } from '../src/http/accessTokens.ts';
import type { LogStream } from '../src/http/logging.ts';
import { createMailer } from '../src/mail/mailer.ts';
import type { Metrics } from '../src/metrics/metrics.ts';
import { type AuthOptionsInput, createRequireAuth } from '../src/services/auth/index.ts';
import type { ServiceContext } from '../src/services/core/index.ts';
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
  /** Turns the server's logger on, writing to this stream (the log tests read it). */
  logStream?: LogStream;
  /** Server settings beside the defaults (a trusted proxy...). */
  config?: Partial<ServerConfig>;
  /** The report renderers' pool (size, queue, a worker of the test's own). */
  reports?: ServiceContext['reports'];
  /** The coaches' report quota (a small one in tests); the product's figures otherwise. */
  reportQuota?: ServiceContext['reportQuota'];
  /** The mail outbox's timings (short retries in tests); the product's defaults otherwise. */
  mailOutbox?: ServiceContext['mailOutbox'];
  /**
   * The morning mail's tick (a short interval in tests); off by default, so that no 07:00 mail
   * comes among the mail a test waits for, whatever the time of day.
   */
  morningMail?: ServiceContext['morningMail'];
  /**
   * The attention episodes' sweep; off by default, so that no background sweep runs among a
   * test's statements (a test sweeps with `createEpisodeSweep` or asks for it here).
   */
  attentionEpisodes?: ServiceContext['attentionEpisodes'];
  /** The live event streams' timings and caps (short heartbeats in tests). */
  liveEvents?: ServiceContext['liveEvents'];
  /** The database to serve (closed with the server); a fresh one of the test kind by default. */
  database?: DatabaseHandle;
  /** The process's metrics, fed by this server (see src/metrics); none by default. */
  metrics?: Metrics;
};

/**
 * The real server over real HTTP on loopback, on a fresh database of the project's test kind
 * (PGlite or the PostgreSQL of TEST_DATABASE_URL), sending mail over SMTP to a sink.
 */
export async function startTestServer(options: TestServerOptions = {}) {
  const database = options.database ?? (await createTestDatabase());
  const mailSink = await startMailSink({ explain: () => unsentMail(database) });
  const accessTokens = createAccessTokens({
    secret: options.accessTokenSecret ?? randomBytes(32),
    ttlSeconds: options.accessTokenTtlSeconds ?? 900,
  });
  const context: ServiceContext = {
    database,
    organisationId: database.organisationId,
    accessTokens,
    requireAuth: createRequireAuth(accessTokens, database),
    mailer: createMailer({ smtpUrl: mailSink.url, from: 'Coach <no-reply@coach.test>' }),
    appUrl: 'http://app.coach.test',
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.reports ? { reports: options.reports } : {}),
    ...(options.reportQuota ? { reportQuota: options.reportQuota } : {}),
    ...(options.mailOutbox ? { mailOutbox: options.mailOutbox } : {}),
    morningMail: options.morningMail ?? 'off',
    attentionEpisodes: options.attentionEpisodes ?? 'off',
    ...(options.liveEvents ? { liveEvents: options.liveEvents } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
  };
  // Every error answer of every test must be in the contract's catalogue, with its status.
  const offCatalogue: string[] = [];
  const app = await buildServer(
    { port: 0, host: '127.0.0.1', staticDir: null, isFrontendCspStrict: true, ...options.config },
    {
      services: { context, enabled: options.services ?? serviceNames },
      ...(options.logStream ? { logger: true, logStream: options.logStream } : {}),
      ...(options.metrics ? { metrics: options.metrics } : {}),
      onErrorAnswer: (answer) => {
        const problem = catalogueProblem(answer);
        if (problem) offCatalogue.push(problem);
      },
    },
  );
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    /** `http://127.0.0.1:<port>`; services live under `/api/<service>`. */
    baseUrl,
    app,
    database,
    mailSink,
    context,
    /** Stops everything; fails when an error answer was outside the catalogue. */
    async close() {
      await app.close();
      await mailSink.close();
      await database.close();
      if (offCatalogue.length > 0) {
        throw new Error(
          `Error answers outside the contract's catalogue (errorStatuses):\n${offCatalogue.join('\n')}`,
        );
      }
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * The outbox's mails not sent (nor given up on) as a waiting test's failure tells them: each one's
 * attempts, last failure and when it is next due, so a late mail says whether SMTP failed; or,
 * with none left, the mails given up on (up to 10) and why.
 */
async function unsentMail(database: DatabaseHandle): Promise<string> {
  const outbox = schema.mailOutbox;
  const rows = await database.db
    .select({
      attempts: outbox.attempts,
      lastErrorKind: outbox.lastErrorKind,
      dueInMs: sql<number>`extract(epoch from (${outbox.nextAttemptAt} - now())) * 1000`,
    })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), isNull(outbox.deadAt)))
    .limit(10);
  if (rows.length === 0) {
    const dead = await database.db
      .select({ lastErrorKind: outbox.lastErrorKind })
      .from(outbox)
      .where(isNotNull(outbox.deadAt))
      .limit(10);
    if (dead.length === 0) return 'the outbox sends nothing more, and gave up on none';
    const reasons = dead.map(({ lastErrorKind }) => lastErrorKind ?? 'none');
    return `the outbox sends nothing more, and gave up on ${dead.length}: ${reasons.join(', ')}`;
  }
  const described = rows.map(
    ({ attempts, lastErrorKind, dueInMs }) =>
      `${attempts} attempt(s), last failure ${lastErrorKind ?? 'none'}, due in ${Math.round(Number(dueInMs))} ms`,
  );
  return `the outbox holds ${rows.length} unsent: ${described.join('; ')}`;
}

/** Why an error answer breaks the catalogue, or null when it is an ApiErrorBody it lists. */
export function catalogueProblem(answer: ErrorAnswer): string | null {
  const { method, url, status, body } = answer;
  const where = `${method} ${url} ${status}`;
  if (typeof body !== 'object' || body === null) return `${where}: not a JSON error body`;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof message !== 'string') return `${where}: no message`;
  if (!isServerErrorCode(error)) return `${where}: unknown code ${JSON.stringify(error)}`;
  if (errorStatuses[error] !== status) {
    return `${where}: ${error} comes with ${errorStatuses[error]} in the catalogue`;
  }
  return null;
}
