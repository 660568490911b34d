import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Mailbox, startMailSink } from '../../packages/server/test/mailSink.ts';
import { appBuildDir, templateDataDirVariable } from './paths.ts';
import { type ServerProcessOptions, startServerProcess } from './serverProcess.ts';

/** The running product: the built app and the services, with its mailbox. */
export type Product = {
  /** Base address, e.g. `http://127.0.0.1:40123`. */
  url: string;
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
};

/**
 * Starts the product as `npm start` does (`node packages/simulator/src/main.ts` serving the app
 * build, demo data seeded) on a free port, with its own fresh database and `SMTP_URL` pointing at
 * a real SMTP sink. The database is a copy of the seeded PGlite template made by the global
 * setup; with `COACH_E2E_DB=postgres`, a new database on `TEST_DATABASE_URL`'s server instead.
 */
export async function startProduct(
  options: StartProductOptions = {},
  processOptions: ServerProcessOptions = {},
): Promise<Product> {
  const mail = await startMailSink();
  const dataDir = mkdtempSync(join(tmpdir(), 'coach-e2e-data-'));
  const database = process.env.COACH_E2E_DB === 'postgres' ? await createPostgresDatabase() : null;
  if (!database) {
    const template = process.env[templateDataDirVariable];
    if (template) cpSync(template, dataDir, { recursive: true });
  }
  const cleanUp = async () => {
    await mail.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        ...(database ? { DATABASE_URL: database.url } : {}),
        DEMO_SEED: '1',
        STATIC_DIR: appBuildDir,
        SMTP_URL: mail.url,
        MAIL_FROM: 'Coach <no-reply@coach.test>',
        ...(options.accessTokenTtlSeconds
          ? { ACCESS_TOKEN_TTL_SECONDS: String(options.accessTokenTtlSeconds) }
          : {}),
        ...(options.testNow
          ? { COACH_TEST_NOW: options.testNow.toISOString(), MORNING_MAIL: '1' }
          : {}),
      },
      processOptions,
    );
    return {
      url: server.url,
      mail: {
        received: async () => [...mail.received],
        waitFor: mail.waitFor,
        waitForMailTo: mail.waitForMailTo,
      },
      output: server.output,
      stop: async () => {
        await server.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** A new, empty database on the PostgreSQL server of `TEST_DATABASE_URL`; the server migrates it. */
async function createPostgresDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error(
      'COACH_E2E_DB=postgres needs TEST_DATABASE_URL: run eval "$(bash scripts/ensure-postgres.sh)" first',
    );
  }
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

/** The 6-digit reset code in a mail of the product. */
export function resetCodeIn(text: string): string {
  const code = /reset code is (\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`No reset code in the mail:\n${text}`);
  return code;
}
