import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testOrganisationId } from '../../test/database.ts';
import { loadJwtSecret } from '../config.ts';
import { dataFolderWarning, usePrivateFileModes } from './dataDir.ts';
import { openDatabase } from './index.ts';

const scratch = mkdtempSync(join(tmpdir(), 'coach-data-dir-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every file and folder under `root` (itself included) whose mode is not private, with it. */
function openEntries(root: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600)) found.push(`${mode.toString(8)} ${path}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return found;
}

/** Opens group and others' access to everything under `root`, as the old releases left it. */
function loosen(root: string) {
  const stat = lstatSync(root);
  chmodSync(root, stat.isDirectory() ? 0o777 : 0o666);
  if (stat.isDirectory()) for (const name of readdirSync(root)) loosen(join(root, name));
}

describe('the data folder', () => {
  it('is created 0700, with the JWT key and every database file 0600, open or closed', async () => {
    const dataDir = join(scratch, 'fresh', 'data');
    loadJwtSecret({ jwtSecret: null, dataDir });
    const config = { databaseUrl: null, dataDir, organisationId: testOrganisationId };
    const database = await openDatabase(config);
    try {
      await database.db.execute(sql`create table if not exists probe (id int)`);
      expect(readdirSync(join(dataDir, 'pglite')).length).toBeGreaterThan(0);
      expect(openEntries(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(openEntries(dataDir)).toEqual([]);

    // A folder left world-readable by an earlier release is made private when it opens.
    loosen(join(dataDir, 'pglite'));
    const again = await openDatabase(config);
    try {
      expect(openEntries(join(dataDir, 'pglite'))).toEqual([]);
    } finally {
      await again.close();
    }
    // Two PGlite starts: slow on a busy machine.
  }, 120_000);

  it('gets a one-line warning with its mode and the fix when others may enter it', () => {
    const dataDir = join(scratch, 'shared');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o777);
    expect(dataFolderWarning(dataDir)).toBe(
      `The data folder ${dataDir} has mode 0777: other users of this machine can read or change ` +
        `it (password hashes, health data). Fix: chmod -R go-rwx '${dataDir}'`,
    );
    chmodSync(dataDir, 0o750);
    expect(dataFolderWarning(dataDir)).toContain('has mode 0750');
    chmodSync(dataDir, 0o700);
    expect(dataFolderWarning(dataDir)).toBeNull();
    expect(dataFolderWarning(join(scratch, 'not-yet'))).toBeNull();
  });

  it('is private whatever the server creates after start (umask 077)', () => {
    const previous = process.umask();
    try {
      usePrivateFileModes();
      const folder = join(scratch, 'after-start');
      mkdirSync(folder);
      writeFileSync(join(folder, 'file'), 'x');
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect(statSync(join(folder, 'file')).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });
});
