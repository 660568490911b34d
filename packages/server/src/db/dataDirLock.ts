import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { privateFileMode } from './dataDir.ts';

/** Data folders this process holds: PGlite serves one process and one instance per folder. */
const heldFolders = new Set<string>();

/** The lock file of a data folder's embedded database. */
const lockFileOf = (dataDir: string) => join(dataDir, 'pglite.lock');

/**
 * Takes the embedded database of `dataDir` for this process (a server, a backup, a restore):
 * refused with a clear message while another live process holds it. A lock left by a process that
 * is gone (an abrupt stop) is taken over. Answers the release.
 */
export function lockDataDir(dataDir: string, purpose = 'server'): () => void {
  if (heldFolders.has(dataDir)) {
    throw new Error(`The embedded database in '${dataDir}' is already open in this process`);
  }
  const lockFile = lockFileOf(dataDir);
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx', mode: privateFileMode });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    // Our own pid in the file is a lock left by an earlier run that got the same pid (containers).
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
      throw new Error(
        `the embedded database is in use by another process (pid ${pid}). PGlite serves one ` +
          (purpose === 'server'
            ? 'process: stop that one, set DATABASE_URL to share a PostgreSQL server, or delete '
            : `process: stop the server before the ${purpose}, or delete `) +
          `'${lockFile}' if no such server runs`,
      );
    }
    writeFileSync(lockFile, String(process.pid), { mode: privateFileMode });
  }
  heldFolders.add(dataDir);
  return () => {
    heldFolders.delete(dataDir);
    rmSync(lockFile, { force: true });
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
