import { existsSync, mkdirSync, readFileSync, renameSync, rmdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { testDatabaseKind } from '../database.ts';
import { thorough } from '../thorough.ts';

// The hostile-input tests write their case counts into reliability/results.json under
// `hostileInput.<database kind>.<part>`, beside what `npm run reliability` writes (it keeps this
// key). Figures only: counts and statuses, never a request, a token or an address. Only the
// full-depth run (`npm run test:thorough`, on both databases) records: `npm test`'s sample leaves
// the tracked file as it is.

const resultsPath = resolve(import.meta.dirname, '../../../../reliability/results.json');

/** Merges `figures` into `hostileInput.<kind>.<part>`, keeping everything else of the file. */
export async function recordHostileResults(part: string, figures: unknown): Promise<void> {
  if (!thorough) return;
  await writeHostileResults(resultsPath, testDatabaseKind(), part, figures);
}

/** The recording itself, into the results file at `path`, dated now. */
export async function writeHostileResults(
  path: string,
  kind: string,
  part: string,
  figures: unknown,
): Promise<void> {
  await withLock(path, () => {
    const results = existsSync(path)
      ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>)
      : {};
    const hostile = (results.hostileInput ?? {}) as Record<string, Record<string, unknown>>;
    hostile[kind] = {
      ...hostile[kind],
      [part]: { date: new Date().toISOString(), ...(figures as object) },
    };
    results.hostileInput = hostile;
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, `${JSON.stringify(results, null, 2)}\n`);
    renameSync(partial, path);
  });
}

/** Test files of both projects may write at once: one at a time, by an exclusive directory. */
async function withLock(path: string, work: () => void): Promise<void> {
  const lockPath = `${path}.lock`;
  mkdirSync(resolve(path, '..'), { recursive: true });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      mkdirSync(lockPath);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock older than the deadline was left by a killed run.
      if (Date.now() > deadline) rmdirSync(lockPath);
      await new Promise((done) => setTimeout(done, 20));
    }
  }
  try {
    work();
  } finally {
    rmdirSync(lockPath);
  }
}
