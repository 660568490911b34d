import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Mailbox, startMailSink } from '../../packages/server/test/mailSink.ts';
import { appBuildDir, repoRoot, templateDataDirVariable } from './paths.ts';
import {
  type ServerProcess,
  type ServerProcessOptions,
  startServerProcess,
} from './serverProcess.ts';

/** The running product: the built app and the services, with its mailbox. */
export type Product = {
  /** Base address, e.g. `http://127.0.0.1:40123` (of the first process, when there are several). */
  url: string;
  /** The base address of each server process of the product, the first one's first. */
  urls: string[];
  /**
   * What reached the real SMTP server the product sends its mail to (of a shared product: since
   * the test file started).
   */
  mail: Mailbox;
  /**
   * What the server printed (attach it to a failure); of a shared product, since the test file
   * started.
   */
  output: () => string;
  /**
   * Stops the product and starts it again on the same data (one process only), its services'
   * clock standing at `testNow` (`COACH_TEST_NOW`): the next morning, say. `url` and `urls` then
   * name the new process.
   */
  restart: (testNow: Date) => Promise<void>;
  stop: () => Promise<void>;
};

export type StartProductOptions = {
  /** `ACCESS_TOKEN_TTL_SECONDS` of the server (900 by default). */
  accessTokenTtlSeconds?: number;
  /**
   * `COACH_TEST_NOW` of the server: its services' clock stands still at this instant (the morning
   * mail's hour, which it then sends: off otherwise); the real clock by default.
   */
  testNow?: Date;
  /**
   * How many server processes serve the product (1 by default), as a deployment behind a load
   * balancer runs them: with more than one, on one PostgreSQL database (whatever `COACH_E2E_DB`
   * says), sharing a `JWT_SECRET`, started together once another process has migrated and seeded
   * the database (so their schedulers race for the same morning mail).
   */
  processes?: number;
  /**
   * Reached at `http://localhost:<port>` (its APP_URL too), as passkeys need (WebAuthn takes no
   * IP address for the relying party); 127.0.0.1 by default.
   */
  atLocalhost?: boolean;
  /** More of the server's environment (REQUIRE_MFA=1...). */
  env?: Record<string, string>;
};

/**
 * Starts the product as `npm start` does (`node packages/simulator/src/main.ts` serving the app
 * build, demo data seeded) on a free port, with its own fresh database and `SMTP_URL` pointing at
 * a real SMTP sink. The database is a copy of the seeded PGlite template made by the global
 * setup; with `COACH_E2E_DB=postgres`, a new database on `TEST_DATABASE_URL`'s server instead.
 */
export async function startProduct(
  options: StartProductOptions = {},
  given: ServerProcessOptions = {},
): Promise<Product> {
  const processOptions: ServerProcessOptions = {
    ...given,
    ...(options.atLocalhost ? { hostName: 'localhost' as const } : {}),
  };
  const processes = options.processes ?? 1;
  const mail = await startMailSink();
  const dataDirs: string[] = [];
  const newDataDir = () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'coach-e2e-data-'));
    dataDirs.push(dataDir);
    return dataDir;
  };
  const servers: ServerProcess[] = [];
  /** What the processes stopped by a restart printed. */
  let outputBefore = '';
  let database: PostgresDatabase | null = null;
  const cleanUp = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await mail.close();
    await database?.drop();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    database =
      process.env.COACH_E2E_DB === 'postgres' || processes > 1
        ? await createPostgresDatabase()
        : null;
    const env: Record<string, string> = {
      ...(database ? { DATABASE_URL: database.url } : {}),
      STATIC_DIR: appBuildDir,
      SMTP_URL: mail.url,
      MAIL_FROM: 'Coach <no-reply@coach.test>',
      ...options.env,
      ...(options.accessTokenTtlSeconds
        ? { ACCESS_TOKEN_TTL_SECONDS: String(options.accessTokenTtlSeconds) }
        : {}),
    };
    const clock: Record<string, string> = options.testNow
      ? { COACH_TEST_NOW: options.testNow.toISOString(), MORNING_MAIL: '1' }
      : {};
    let restartOne: ((testNow: Date) => Promise<void>) | null = null;
    if (processes === 1) {
      const dataDir = newDataDir();
      const template = process.env[templateDataDirVariable];
      if (!database && template) cpSync(template, dataDir, { recursive: true });
      const oneProcess = { ...env, DATA_DIR: dataDir, DEMO_SEED: '1' };
      servers.push(await startServerProcess({ ...oneProcess, ...clock }, processOptions));
      restartOne = async (testNow) => {
        const stopped = servers.splice(0, servers.length);
        await Promise.all(stopped.map((server) => server.stop()));
        outputBefore += stopped.map((server) => server.output()).join('\n');
        const moved = { COACH_TEST_NOW: testNow.toISOString(), MORNING_MAIL: '1' };
        servers.push(await startServerProcess({ ...oneProcess, ...moved }, processOptions));
      };
    } else {
      // One process migrates and seeds (its morning mail off), then the product's processes start
      // together on the seeded database.
      const shared = { ...env, JWT_SECRET: randomBytes(32).toString('hex') };
      const seeding = await startServerProcess(
        { ...shared, DATA_DIR: newDataDir(), DEMO_SEED: '1' },
        processOptions,
      );
      await seeding.stop();
      const started = await Promise.allSettled(
        Array.from({ length: processes }, () =>
          startServerProcess(
            { ...shared, ...clock, DATA_DIR: newDataDir(), DEMO_SEED: '0' },
            processOptions,
          ),
        ),
      );
      for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
      const failed = started.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    }
    return {
      get url() {
        return servers[0]?.url ?? '';
      },
      get urls() {
        return servers.map((server) => server.url);
      },
      restart: async (testNow) => {
        if (!restartOne) throw new Error('Only a one-process product restarts on its data');
        await restartOne(testNow);
      },
      mail: {
        received: async () => [...mail.received],
        waitFor: mail.waitFor,
        waitForMailTo: mail.waitForMailTo,
        waitForMail: mail.waitForMail,
      },
      output: () => outputBefore + servers.map((server) => server.output()).join('\n'),
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

type PostgresDatabase = { url: string; drop: () => Promise<void> };

/**
 * A new, empty database on the PostgreSQL server of `TEST_DATABASE_URL` (the test command's; the
 * project's throwaway server is started when it is not set); the server migrates it.
 */
async function createPostgresDatabase(): Promise<PostgresDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? ensurePostgres();
  const name = `coach_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Starts (or reuses) the project's throwaway PostgreSQL server and answers its address. */
function ensurePostgres(): string {
  const exports = execFileSync('bash', [join(repoRoot, 'scripts/ensure-postgres.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = /TEST_DATABASE_URL=['"]?([^'"\s]+)/.exec(exports)?.[1];
  if (!url) throw new Error('scripts/ensure-postgres.sh did not give TEST_DATABASE_URL');
  process.env.TEST_DATABASE_URL = url;
  return url;
}

/** The 6-digit reset code in a mail of the product. */
export function resetCodeIn(text: string): string {
  const code = /reset code is (\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`No reset code in the mail:\n${text}`);
  return code;
}
