import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export type ServerConfig = {
  port: number;
  host: string;
  /** Folder of the web front end served beside `/api`, or null to serve the API only. */
  staticDir: string | null;
  /**
   * Whether the strict Content-Security-Policy also covers the front end. Storybook (served
   * until the coach app lands) needs inline scripts, so it is served without it.
   */
  isFrontendCspStrict: boolean;
};

/** Where the data lives (see `openDatabase`). */
export type DatabaseConfig = {
  /** Folder of the server's own files (the embedded PGlite database among them). */
  dataDir: string;
  /** A `postgres://` URL of a PostgreSQL server, or null for the embedded PGlite database. */
  databaseUrl: string | null;
  /** The one organisation this deployment serves; every row carries it. */
  organisationId: string;
};

/** The organisation of demo mode and of any deployment that sets no `ORGANISATION_ID`. */
export const defaultOrganisationId = '00000000-0000-4000-8000-000000000001';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Reads the configuration from the environment; throws a clear message when it is wrong. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig & DatabaseConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got '${env.PORT}'`);
  }
  const staticDir = env.STATIC_DIR
    ? resolve(env.STATIC_DIR)
    : resolve(repoRoot, 'storybook-static');
  if (env.STATIC_DIR && !existsSync(staticDir)) {
    throw new Error(`STATIC_DIR '${env.STATIC_DIR}' does not exist`);
  }
  const organisationId = env.ORGANISATION_ID
    ? env.ORGANISATION_ID.trim().toLowerCase()
    : defaultOrganisationId;
  if (!uuidPattern.test(organisationId)) {
    throw new Error(
      `ORGANISATION_ID must be a UUID such as '${defaultOrganisationId}', got '${env.ORGANISATION_ID}'`,
    );
  }
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl) checkDatabaseUrl(databaseUrl);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    staticDir: existsSync(staticDir) ? staticDir : null,
    isFrontendCspStrict: Boolean(env.STATIC_DIR),
    // Relative to the working directory of the process, like any path given on a command line.
    dataDir: resolve(env.DATA_DIR || '.data'),
    databaseUrl,
    organisationId,
  };
}

/**
 * Throws a clear message when `url` is not a usable PostgreSQL URL. The message never repeats the
 * URL itself, which may hold a password.
 */
export function checkDatabaseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(
      'DATABASE_URL is not a valid URL; expected postgres://user:password@host:5432/database',
    );
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error(
      `DATABASE_URL must start with postgres:// or postgresql://, got '${parsed.protocol}//'`,
    );
  }
  if (!parsed.hostname && !parsed.searchParams.get('host')) {
    throw new Error(
      'DATABASE_URL names no host; expected postgres://user:password@host:5432/database',
    );
  }
  return parsed;
}
