import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../test/database.ts';
import { type BackupTarget, restoreDatabase } from './backup.ts';

// `npm run restore` refuses what is not a backup of this test project's kind of database. The
// round trip of the demo data (accounts and history) is tested where that history is made: the
// simulator's demo/demoBackup.test.ts.

const kind = testDatabaseKind();
const folder = mkdtempSync(join(tmpdir(), 'coach-backup-test-'));
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe(`backup and restore (${kind})`, () => {
  it('refuses a file that is not a backup of this kind of database, changing nothing', async () => {
    const other = join(folder, 'not-a-backup.txt');
    writeFileSync(other, 'hello');
    const target: BackupTarget =
      kind === 'pglite'
        ? { kind: 'pglite', dataDir: join(folder, 'untouched') }
        : { kind: 'postgres', databaseUrl: 'postgres://coach@127.0.0.1:1/none' };
    await expect(restoreDatabase(target, other)).rejects.toThrow(/is not a Coach backup/);
    const wrongKind = join(folder, 'wrong-kind');
    writeFileSync(wrongKind, kind === 'pglite' ? 'PGDMP-----' : Buffer.from([0x1f, 0x8b, 8, 0]));
    await expect(restoreDatabase(target, wrongKind)).rejects.toThrow(
      kind === 'pglite' ? /is a PostgreSQL dump/ : /is a backup of the embedded database/,
    );
    if (kind === 'pglite') expect(existsSync(join(folder, 'untouched'))).toBe(false);
  });
});
