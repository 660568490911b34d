import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The data folder holds password hashes, health data and the JWT key: only the user the server
// runs as may read or change anything in it.

/** Mode of the server's folders: the owner only. */
const privateFolderMode = 0o700;

/** Mode of the server's files: the owner only. */
export const privateFileMode = 0o600;

/**
 * Makes everything the process creates from now on private to its user (umask 077). Called first
 * thing at start, before any file exists.
 */
export function usePrivateFileModes(): void {
  process.umask(0o077);
}

/** Creates a folder and its missing parents, private to the server's user. */
export function makePrivateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: privateFolderMode });
}

/**
 * Tightens a tree the server owns to folders 0700 and files 0600; symbolic links are left alone
 * (never followed). Needed beside the umask: PGlite writes its database files with the modes of
 * its bundled template (0666), whatever the umask. Answers how many entries could not be changed
 * (owned by another user): the start goes on, and the folder warning tells the operator.
 */
export function restrictTree(root: string): number {
  let failures = 0;
  const visit = (path: string) => {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? privateFolderMode : privateFileMode;
    if ((stat.mode & 0o777) !== wanted) {
      try {
        chmodSync(path, wanted);
      } catch {
        failures++;
      }
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) visit(join(path, name));
    }
  };
  visit(root);
  return failures;
}

/**
 * The warning (without its 'WARNING: ' prefix) to print at start when the data folder is open to its group or to other users
 * (one line: the folder, its mode and the fix), or null when it is private or does not exist yet.
 * The folder itself is not changed: it may be a mount point or a folder the operator shares on
 * purpose; the server's own files inside it are kept private (see {@link restrictTree}).
 */
export function dataFolderWarning(dataDir: string): string | null {
  const stat = statSync(dataDir, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) return null;
  const mode = stat.mode & 0o777;
  if ((mode & 0o077) === 0) return null;
  return (
    `The data folder ${dataDir} has mode ${mode.toString(8).padStart(4, '0')}: other ` +
    'users of this machine can read or change it (password hashes, health data). Fix: ' +
    `chmod -R go-rwx '${dataDir}'`
  );
}
