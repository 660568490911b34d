import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from './app.ts';
import {
  type Config,
  checkMailSetup,
  defaultStaticDir,
  loadJwtSecret,
  readConfig,
} from './config.ts';
import { dataFolderWarning, usePrivateFileModes } from './db/dataDir.ts';
import { type DatabaseHandle, openDatabase } from './db/index.ts';
import { createAccessTokens } from './http/accessTokens.ts';
import { shortLogStream } from './http/shortLog.ts';
import { createMailer } from './mail/mailer.ts';
import { createMetrics } from './metrics/metrics.ts';
import { startMetricsServer } from './metrics/metricsServer.ts';
import { demoAccounts, demoClient, demoCoach, seedDemoAccounts } from './seed/demo.ts';
import { createRequireAuth } from './services/auth/index.ts';
import { liftedClientReadLimit, liftedClientWriteQuotas } from './services/clientRecords/index.ts';
import type { ServiceContext } from './services/core/index.ts';
import { servicePlugins } from './services/index.ts';
import { loadTracing } from './tracing/index.ts';

// The server process: configuration, database, services, and an orderly stop. Nothing here logs a
// password, a code or a token: without SMTP_URL, mail is written to files of the data folder's
// owner only (mail/mailer.ts), and the console says only where. Started by main.ts (the services
// alone) and by the simulator's main (the product with the demo's history, as `npm start` runs it).

/**
 * What the process seeds in demo mode (`DEMO_SEED`): the demo accounts, or more. `seeded` says
 * what else a seed wrote, for the line that reports it ('and 3,384 actions of history').
 */
export type DemoSeeder = (
  database: DatabaseHandle,
) => Promise<{ created: number; seeded?: string | null }>;

export type StartOptions = {
  /**
   * Seeds the demo when `DEMO_SEED` is on; by default the demo accounts alone. The simulator's
   * main passes the accounts with weeks of history (the server does not import the simulator).
   */
  seedDemo?: DemoSeeder;
};

/** Starts the server process: exits it on a configuration, database or listen error. */
export async function startServer(options: StartOptions = {}): Promise<void> {
  // Before anything is created: every file and folder the server makes is its user's alone.
  usePrivateFileModes();

  const config = readConfigOrFail();
  warnOfSwitches(config);
  const jwtSecret = loadJwtSecretOrFail(config);

  let database: DatabaseHandle;
  try {
    database = await openDatabase(config);
  } catch (error) {
    fail(`database error: ${(error as Error).message}`);
  }

  if (config.demoSeed) await seedDemo(database, options.seedDemo ?? seedDemoAccounts);
  const appIndex = join(config.staticDir ?? defaultStaticDir, 'index.html');
  if (!existsSync(appIndex)) console.warn(`WARNING: ${noAppBuildWarning(appIndex)}`);

  // Kept only when an operator asks for them (METRICS_PORT; OTEL_EXPORTER_OTLP_ENDPOINT).
  const metrics = config.metrics ? createMetrics() : undefined;
  const tracing = (await loadTracing()) ?? undefined;
  const app = await buildServer(config, {
    logger: true,
    ...(config.logFormat === 'short' ? { logStream: shortLogStream() } : {}),
    services: {
      context: {
        ...serviceContextOf(config, database, jwtSecret),
        ...(metrics ? { metrics } : {}),
        ...(tracing ? { tracing } : {}),
      },
      enabled: config.services,
    },
    ...(metrics ? { metrics } : {}),
    ...(tracing ? { tracing } : {}),
  });
  let metricsServer: { close(): Promise<void> } | null = null;
  stopOnSignals(app, database, async () => {
    await metricsServer?.close();
    // The last spans go to the collector before the process ends.
    await tracing?.shutdown().catch(() => {});
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    fail(`could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  if (metrics && config.metrics) {
    const { host, port } = config.metrics;
    try {
      metricsServer = await startMetricsServer(metrics, config.metrics);
    } catch (error) {
      await app.close();
      await database.close();
      fail(`could not serve the metrics on ${host}:${port}: ${(error as Error).message}`);
    }
    console.log(`Metrics (Prometheus' text format) at http://${host}:${port}/metrics`);
  }
  announceStart(config);
}

function readConfigOrFail(): Config {
  try {
    const config = readConfig();
    const { warning } = checkMailSetup(config);
    if (warning) console.warn(`WARNING: ${warning}`);
    return config;
  } catch (error) {
    fail(`configuration error: ${(error as Error).message}`);
  }
}

/** Warns of a data folder others may read, and of the switches for tests and load tests. */
function warnOfSwitches(config: Config) {
  const dataFolderProblem = dataFolderWarning(config.dataDir);
  if (dataFolderProblem) console.warn(`WARNING: ${dataFolderProblem}`);
  // Switches for load tests from one machine: a deployment that clients use must not run with them.
  if (config.http?.maxConnectionsPerAddress === Number.POSITIVE_INFINITY) {
    console.warn("WARNING: PER_ADDRESS_LIMITS=0: no cap on one address's connections and requests");
  }
  if (config.testNow) {
    console.warn(
      `WARNING: COACH_TEST_NOW: the services' clock stands still at ${config.testNow.toISOString()} (tests only)`,
    );
  }
  if (!config.hasClientWriteQuotas) {
    console.warn("WARNING: CLIENT_WRITE_QUOTAS=0: clients' writes are not held to their quotas");
  }
  if (!config.hasClientReadLimit) {
    console.warn("WARNING: CLIENT_READ_LIMIT=0: no limit on an account's reads of clients' data");
  }
}

/** The key that signs access tokens (see `loadJwtSecret`). */
function loadJwtSecretOrFail(config: Config): Uint8Array {
  try {
    const loaded = loadJwtSecret(config);
    if (loaded.source !== 'environment' && config.databaseUrl) {
      console.warn(
        'JWT_SECRET is not set: using the key in DATA_DIR/jwt-secret. Processes that share the ' +
          'database but not DATA_DIR must share one JWT_SECRET.',
      );
    }
    return loaded.secret;
  } catch (error) {
    fail((error as Error).message);
  }
}

/** Seeds the demo (`DEMO_SEED`), saying how long it took and what it wrote. */
async function seedDemo(database: DatabaseHandle, seeder: DemoSeeder) {
  console.log(
    'Checking the demo data (a first start seeds the demo accounts and weeks of their history: about 20 s)...',
  );
  const started = performance.now();
  const { created, seeded } = await seeder(database);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    created > 0 || seeded
      ? `Demo data seeded in ${seconds} s: ${created} accounts (${demoCoach.email}, ${demoClient.email} and clients)${seeded ? ` and ${seeded}` : ''}`
      : 'Demo data already present',
  );
  // Said at every start, where a person looks.
  console.warn(demoAccountsWarning());
}

/** What the services are given: the database, tokens, mail, and the settings of the deployment. */
function serviceContextOf(
  config: Config,
  database: DatabaseHandle,
  jwtSecret: Uint8Array,
): ServiceContext {
  const accessTokens = createAccessTokens({
    secret: jwtSecret,
    ttlSeconds: config.accessTokenTtlSeconds,
  });
  return {
    database,
    organisationId: database.organisationId,
    accessTokens,
    requireAuth: createRequireAuth(accessTokens, database),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
    }),
    appUrl: config.appUrl,
    // Every process that shares the JWT key shares the reset-code and picture-URL keys, derived
    // from it.
    auth: {
      codeSecret: createHmac('sha256', jwtSecret).update('coach reset codes').digest(),
      factorKey: createHmac('sha256', jwtSecret).update('coach sign-in factors').digest(),
      isSecondFactorRequired: config.isSecondFactorRequired,
    },
    pictureUrlKey: createHmac('sha256', jwtSecret).update('coach picture urls').digest(),
    ...(config.hasClientWriteQuotas ? {} : { clientWriteQuotas: liftedClientWriteQuotas }),
    ...(config.hasClientReadLimit ? {} : { clientReadLimit: liftedClientReadLimit }),
    morningMail: config.isMorningMailOn ? { tickMs: config.morningMailTickSeconds * 1000 } : 'off',
    ...(config.testNow ? { now: frozenClock(config.testNow) } : {}),
  };
}

/** Closes the metrics' server, the server, then the database, on SIGINT or SIGTERM. */
function stopOnSignals(
  app: FastifyInstance,
  database: DatabaseHandle,
  closeTelemetry: () => Promise<void>,
) {
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    try {
      await app.close();
      await closeTelemetry();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error(`Error while stopping: ${(error as Error).message}`);
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

function announceStart(config: Config) {
  // The last line of the start, the one a person looks for: where, and how to sign in.
  const hostedServices = config.services.filter((name) => servicePlugins[name]);
  const signIn = config.demoSeed
    ? `: sign in as ${demoCoach.email} with the demo password in the README`
    : '';
  console.log(
    `Coach is running on http://localhost:${config.port}${signIn} (API docs at /api/docs; services: ${hostedServices.join(', ')})`,
  );
}

/** Said at start when the server has no build of the coach app to serve beside the API. */
export function noAppBuildWarning(appIndex: string): string {
  return `no build of the coach app to serve (${appIndex} is missing): only /api answers. Build it with 'npm run build -w @coach/app' (npm start does), or set STATIC_DIR to a built app.`;
}

/** A clock that stands still at `instant` (COACH_TEST_NOW, tests only). */
function frozenClock(instant: Date): () => Date {
  return () => new Date(instant.getTime());
}

function fail(message: string): never {
  console.error(`Coach cannot start: ${message}`);
  process.exit(1);
}

/** The block that says demo accounts with published passwords can sign in to this server. */
function demoAccountsWarning(): string {
  const rule = '='.repeat(78);
  return [
    '',
    rule,
    'WARNING: DEMO ACCOUNTS WITH PUBLISHED PASSWORDS ARE ENABLED ON THIS SERVER',
    '',
    // The passwords themselves stay out of the log (they are in the README): no log line holds one.
    `  ${demoCoach.email}, ${demoClient.email} and ${demoAccounts.length - 2} more clients, with the`,
    '  passwords in the README: anyone who can reach this server can sign in with them.',
    '',
    '  For real users: start with DEMO_SEED=0 (or NODE_ENV=production, which never seeds them)',
    '  on a fresh data folder; accounts already seeded stay until deleted.',
    rule,
    '',
  ].join('\n');
}
