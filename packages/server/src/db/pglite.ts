import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { makePrivateFolder, restrictTree } from './dataDir.ts';
import { lockDataDir } from './dataDirLock.ts';
import { createHandle, type Database, type DatabaseHandle, seedOrganisation } from './handle.ts';
import { applyClientList, migrationsFolder } from './migrations.ts';
import { errorToWire, type PgliteSource } from './pgliteProtocol.ts';
import { type PgliteThreadClient, startPgliteThread } from './pgliteThread.ts';
import * as schema from './schema.ts';
import { createStatementWatch, watchedPglite } from './statementWatch.ts';

export type { PgliteSource } from './pgliteProtocol.ts';

/**
 * Where PGlite runs its queries. 'worker' (the default): in a worker thread of its own, so the
 * event loop keeps serving requests while a query runs. 'main': on the calling thread, the peer
 * the embedded benchmark measures the worker against and the reference its tests compare with.
 */
export type PgliteThread = 'worker' | 'main';

export type PgliteOpenOptions = {
  thread?: PgliteThread;
  /** Runs after PGlite has closed. */
  onClose?: () => void;
};

/**
 * Opens (creating it when new) the embedded PGlite database in `<dataDir>/pglite`, applies the
 * migrations and the clients list's definitions, and seeds the organisation row. A lock file
 * keeps a second server process off it.
 * The data folder is created 0700, and the database's files are kept private (folders 0700,
 * files 0600) after opening and after closing, since PGlite writes some of them 0666.
 */
export async function openPgliteDatabase(
  dataDir: string,
  organisationId: string,
  thread: PgliteThread = 'worker',
): Promise<DatabaseHandle> {
  makePrivateFolder(dataDir);
  const folder = join(dataDir, 'pglite');
  const unlock = lockDataDir(dataDir);
  const keepPrivate = () => {
    const failures = restrictTree(folder);
    if (failures > 0) {
      console.warn(
        `WARNING: ${failures} entries under ${folder} belong to another user and stay readable ` +
          `by others; fix: chmod -R go-rwx '${folder}' as their owner`,
      );
    }
  };
  const release = () => {
    keepPrivate();
    unlock();
  };
  try {
    const handle = await openPglite({ dataDir: folder }, organisationId, {
      thread,
      onClose: release,
    });
    keepPrivate();
    return handle;
  } catch (error) {
    release();
    throw new Error(`Could not open the database in DATA_DIR '${dataDir}': ${messageOf(error)}`);
  }
}

/**
 * Opens a PGlite instance (in memory, in a folder, or loaded from a dump) in a worker thread or on
 * this one, migrates it and seeds the organisation row.
 */
export async function openPglite(
  source: PgliteSource,
  organisationId: string,
  options: PgliteOpenOptions = {},
): Promise<DatabaseHandle> {
  const onClose = options.onClose ?? (() => {});
  // drizzle's pglite driver calls only query, exec and transaction, which the thread's client has.
  const client =
    options.thread === 'main'
      ? ((await PGlite.create(source)) as unknown as PgliteThreadClient)
      : await startPgliteThread(source);
  const statements = createStatementWatch();
  try {
    const db = drizzle({ client: watchedPglite(client, statements) as unknown as PGlite, schema });
    await migrate(db, { migrationsFolder });
    await applyClientList(db as unknown as Database);
    await seedOrganisation(db as unknown as Database, organisationId);
    return createHandle(
      db as unknown as Database,
      'pglite',
      organisationId,
      async () => {
        await client.close();
        onClose();
      },
      { statements },
    );
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

function messageOf(error: unknown): string {
  return errorToWire(error).message;
}
