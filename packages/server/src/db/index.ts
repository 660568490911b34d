import type { DatabaseConfig } from './databaseConfig.ts';
import type { DatabaseHandle } from './handle.ts';
import { openPgliteDatabase, type PgliteThread } from './pglite.ts';
import { openPostgresDatabase, type PostgresOptions } from './postgres.ts';

export type { DatabaseConfig } from './databaseConfig.ts';
export { databaseErrorOf } from './errors.ts';
export {
  type Database,
  type DatabaseHandle,
  type DatabaseKind,
  seedOrganisation,
  type Transaction,
} from './handle.ts';
export { migrationsFolder } from './migrations.ts';
export type { StatementNotice } from './notices.ts';
export type { PgliteThread } from './pglite.ts';
export {
  afterCursorPlaceholders,
  inClientRangePlaceholders,
  ofClientPlaceholders,
  preparedPerHandle,
} from './prepared.ts';
export * as schema from './schema.ts';
export { normalizeEmail } from './schema.ts';

export type OpenDatabaseOptions = PostgresOptions & {
  /** Where the embedded database runs its queries (default: a worker thread of its own). */
  pgliteThread?: PgliteThread;
};

/**
 * Opens the database of `config`: the PostgreSQL server of `databaseUrl` when set, otherwise the
 * embedded PGlite database persisted in `dataDir` (in a worker thread unless told otherwise).
 * Applies the migrations and seeds the organisation row (both idempotent) before it resolves;
 * rejects with a message that names the problem (never a password).
 */
export async function openDatabase(
  config: DatabaseConfig,
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return openPostgresDatabase(config.databaseUrl, config.organisationId, {
      ...(config.poolSize === undefined ? {} : { poolSize: config.poolSize }),
      ...options,
    });
  }
  return openPgliteDatabase(config.dataDir, config.organisationId, options.pgliteThread);
}
