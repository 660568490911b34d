// Where the data lives, as the configuration gives it: the database's own part of it, so that
// the database knows nothing of the rest of the configuration.

/** Where the data lives (see `openDatabase`). */
export type DatabaseConfig = {
  /** Folder of the server's own files (the embedded PGlite database among them). */
  dataDir: string;
  /** A `postgres://` URL of a PostgreSQL server, or null for the embedded PGlite database. */
  databaseUrl: string | null;
  /** The one organisation this deployment serves; every row carries it. */
  organisationId: string;
  /** The PostgreSQL connections of this process (`DATABASE_POOL_SIZE`); PGlite has one. */
  poolSize?: number;
};

/**
 * The PostgreSQL connections a process opens by default. Every process has its own pool, and a
 * deployment grows by processes: all their pools together should stay near what the database
 * server runs at once (a few per core). On two cores shared with the server processes, the mixed
 * load served 8 % more calls with 5 connections a process than with 10 (decision 85).
 */
export const defaultPoolSize = 5;

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
