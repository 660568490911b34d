import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { checkDatabaseUrl } from '../config.ts';
import { makePrivateFolder, privateFileMode, restrictTree } from '../db/dataDir.ts';
import { lockDataDir } from '../db/dataDirLock.ts';

// `npm run backup` and `npm run restore`: a whole copy of the product's database in one file, and
// back. The embedded database is dumped by PGlite itself (its data folder as a gzip tarball, taken
// while no server has it open); a PostgreSQL server by pg_dump in its custom format, restored by
// pg_restore in one transaction. A backup holds health data and password hashes: the file is
// written 0600 in a 0700 folder.

/** Which database a backup reads or a restore replaces (the server's own configuration). */
export type BackupTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; databaseUrl: string };

export type BackupFormat = 'pglite' | 'postgres';

/** What a backup or a restore did, for the command to print. */
export type BackupResult = { file: string; bytes: number; format: BackupFormat };

/** A refusal the command prints as it is (no stack): a wrong file, a server still running... */
export class BackupError extends Error {}

/** The folder of the embedded database inside DATA_DIR (see openPgliteDatabase). */
const pgliteFolder = (dataDir: string) => join(dataDir, 'pglite');

/** The default name of a new backup: `backups/coach-<kind>-<UTC time>.<ext>`. */
export function defaultBackupFile(kind: BackupFormat, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  return join('backups', `coach-${kind}-${stamp}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`);
}

/** Writes a backup of `target` to `file`. */
export async function backupDatabase(target: BackupTarget, file: string): Promise<BackupResult> {
  makePrivateFolder(dirname(file));
  if (existsSync(file)) throw new BackupError(`'${file}' exists: choose another file`);
  if (target.kind === 'postgres') {
    await runPostgresTool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', '--file', file],
      target.databaseUrl,
    );
  } else {
    const folder = pgliteFolder(target.dataDir);
    if (!existsSync(join(folder, 'PG_VERSION'))) {
      throw new BackupError(`There is no embedded database in DATA_DIR '${target.dataDir}'`);
    }
    const unlock = lockDataDir(target.dataDir, 'backup');
    try {
      const client = await PGlite.create({ dataDir: folder });
      try {
        const dump = await client.dumpDataDir('gzip');
        await writeFile(file, new Uint8Array(await dump.arrayBuffer()), {
          mode: privateFileMode,
          flag: 'wx',
        });
      } finally {
        await client.close();
        restrictTree(folder);
      }
    } finally {
      unlock();
    }
  }
  return { file, bytes: readFileSync(file).byteLength, format: target.kind };
}

/**
 * Replaces the database of `target` with the backup in `file`. The embedded database's folder is
 * kept aside as `pglite.replaced-<time>` (answered in `keptAside`) and put back if the restore
 * fails; on PostgreSQL, pg_restore drops and recreates the objects in one transaction, so a failed
 * restore changes nothing.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
): Promise<BackupResult & { keptAside: string | null }> {
  if (!existsSync(file)) throw new BackupError(`There is no file '${file}'`);
  const format = backupFormatOf(file);
  if (format !== target.kind) {
    throw new BackupError(
      format === 'postgres'
        ? `'${file}' is a PostgreSQL dump: set DATABASE_URL to the server to restore it into`
        : `'${file}' is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR`,
    );
  }
  const bytes = readFileSync(file).byteLength;
  if (target.kind === 'postgres') {
    await runPostgresTool(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        '--dbname',
        checkDatabaseUrl(target.databaseUrl).pathname.slice(1),
        file,
      ],
      target.databaseUrl,
    );
    return { file, bytes, format, keptAside: null };
  }
  makePrivateFolder(target.dataDir);
  const unlock = lockDataDir(target.dataDir, 'restore');
  try {
    const folder = pgliteFolder(target.dataDir);
    const keptAside = existsSync(folder)
      ? `${folder}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`
      : null;
    if (keptAside) renameSync(folder, keptAside);
    try {
      const client = await PGlite.create({
        dataDir: folder,
        loadDataDir: new Blob([readFileSync(file)]),
      });
      try {
        // A tarball of something else loads as an empty cluster: the product's tables must be there.
        await client.query('select 1 from organisations limit 1');
      } finally {
        await client.close();
      }
      restrictTree(folder);
    } catch (error) {
      rmSync(folder, { recursive: true, force: true });
      if (keptAside) renameSync(keptAside, folder);
      throw new BackupError(`'${file}' could not be restored: ${messageOf(error)}`);
    }
    return { file, bytes, format, keptAside };
  } finally {
    unlock();
  }
}

/** What a backup file is, by its first bytes: a gzip tarball (PGlite) or pg_dump's custom format. */
export function backupFormatOf(file: string): BackupFormat {
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  throw new BackupError(
    `'${file}' is not a Coach backup (neither a PGlite dump nor a pg_dump file)`,
  );
}

/**
 * Runs pg_dump or pg_restore against the server of `databaseUrl`. The connection goes through the
 * libpq environment (PGHOST, PGPASSWORD...), never the command line, where other users of the
 * machine could read the password.
 */
function runPostgresTool(tool: string, args: string[], databaseUrl: string): Promise<void> {
  const url = checkDatabaseUrl(databaseUrl);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(url.hostname.replace(/^\[|\]$/g, '')) || 'localhost',
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
    PGUSER: decodeURIComponent(url.username),
    PGPASSWORD: decodeURIComponent(url.password),
  };
  const sslMode = url.searchParams.get('sslmode');
  if (sslMode) env.PGSSLMODE = sslMode;
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    child.once('error', (error) =>
      reject(
        new BackupError(
          (error as NodeJS.ErrnoException).code === 'ENOENT'
            ? `${tool} is not installed: install PostgreSQL's client programs (Debian: postgresql-client)`
            : `${tool} failed: ${error.message}`,
        ),
      ),
    );
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else
        reject(new BackupError(`${tool} failed (exit ${code}): ${errors.trim().slice(0, 2000)}`));
    });
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
