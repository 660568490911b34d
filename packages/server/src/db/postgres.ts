import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { checkDatabaseUrl, defaultPoolSize } from './databaseConfig.ts';
import { createHandle, type Database, type DatabaseHandle, seedOrganisation } from './handle.ts';
import { applyClientList, migrationsFolder } from './migrations.ts';
import { nameRepeatedStatements } from './namedStatements.ts';
import { createPostgresNotices } from './notices.ts';
import * as schema from './schema.ts';
import { createStatementWatch, watchPoolStatements } from './statementWatch.ts';

/** Serialises migrations when several server processes start at once on one server. */
const migrationLockKey = 727_014_200_001;

export type PostgresOptions = {
  /** Most connections the pool opens (default 10). */
  poolSize?: number;
};

/**
 * Connects to the PostgreSQL server of `databaseUrl`, applies the migrations and the clients
 * list's definitions (under an advisory lock) and seeds the organisation row. Errors name the
 * server, never the password.
 */
export async function openPostgresDatabase(
  databaseUrl: string,
  organisationId: string,
  options: PostgresOptions = {},
): Promise<DatabaseHandle> {
  const url = checkDatabaseUrl(databaseUrl);
  const redact = redactor(url);
  const target = describeServer(url);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? defaultPoolSize,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    // A server that vanishes without closing the connection is noticed by the socket, not never.
    keepAlive: true,
  });
  // An idle connection the server drops (restart, failover) must not crash the process.
  pool.on('error', () => {});
  // The statements run again and again are named, parsed and planned once per connection.
  nameRepeatedStatements(pool);
  // Every connection's statements, from the first (the migrations').
  const statements = createStatementWatch();
  watchPoolStatements(pool, statements);

  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new Error(`Could not connect to the PostgreSQL server ${target}: ${redact(error)}`);
  }
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      const migrating = drizzle({ client, schema });
      await migrate(migrating, { migrationsFolder });
      await applyClientList(migrating as unknown as Database);
      // On this connection, not the pool's: a pool of one is busy with it until released.
      await seedOrganisation(migrating as unknown as Database, organisationId);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } catch (error) {
    client.release();
    await pool.end().catch(() => {});
    throw new Error(`Could not migrate the PostgreSQL database ${target}: ${redact(error)}`);
  }
  client.release();
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  return createHandle(db, 'postgres', organisationId, () => pool.end(), {
    notices: createPostgresNotices(databaseUrl),
    statements,
    poolUse: () => ({
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
  });
}

/** 'at host:port, database d, as user u': what an operator needs, without the password. */
function describeServer(url: URL): string {
  const host = url.hostname || url.searchParams.get('host') || 'localhost';
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default)';
  const user = decodeURIComponent(url.username) || '(default)';
  return `at ${host}:${url.port || '5432'} (database '${database}', user '${user}')`;
}

/** Turns an error into a message with the URL's password (raw or decoded) blanked out. */
function redactor(url: URL): (error: unknown) => string {
  const secrets = [url.password, safeDecode(url.password)].filter((secret) => secret.length > 0);
  return (error) => {
    // The driver's own error, not drizzle's wrapper that repeats the query and its parameters.
    let root = error;
    while (root instanceof Error && root.cause instanceof Error) root = root.cause;
    let message = root instanceof Error ? root.message : String(root);
    for (const secret of secrets) message = message.replaceAll(secret, '***');
    return message;
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
