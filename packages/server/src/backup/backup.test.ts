import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, testDatabaseKind } from '../../test/database.ts';
import { defaultOrganisationId } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/index.ts';
import { seedDemo } from '../seed/demo.ts';
import { type BackupTarget, backupDatabase, backupFormatOf, restoreDatabase } from './backup.ts';

// `npm run backup` / `npm run restore` round-trip the demo data on the database of this test
// project: the embedded PGlite database of a DATA_DIR, or a database of the PostgreSQL server.

const kind = testDatabaseKind();
const folder = mkdtempSync(join(tmpdir(), 'coach-backup-test-'));
let dropPostgres: (() => Promise<void>) | null = null;
afterAll(async () => {
  await dropPostgres?.();
  rmSync(folder, { recursive: true, force: true });
});

async function makeTarget(): Promise<BackupTarget> {
  if (kind === 'pglite') return { kind: 'pglite', dataDir: join(folder, 'data') };
  const database = await createEmptyPostgresDatabase();
  dropPostgres = database.drop;
  return { kind: 'postgres', databaseUrl: database.url };
}

async function withDatabase<T>(target: BackupTarget, work: (handle: DatabaseHandle) => Promise<T>) {
  const handle = await openDatabase({
    dataDir: target.kind === 'pglite' ? target.dataDir : '',
    databaseUrl: target.kind === 'postgres' ? target.databaseUrl : null,
    organisationId: defaultOrganisationId,
  });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** Every table of the product (and drizzle's migration record): its row count and a digest of its rows. */
async function fingerprint(handle: DatabaseHandle): Promise<Record<string, string>> {
  const tables = await handle.db.execute<{ name: string }>(sql`
    select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
    from information_schema.tables
    where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
    order by 1`);
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const row = await handle.db.execute<{ rows: number; digest: string }>(
      sql.raw(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${name} t`,
      ),
    );
    result[name] = `${row.rows[0]?.rows} rows ${row.rows[0]?.digest}`;
  }
  return result;
}

describe(`backup and restore (${kind})`, () => {
  it('round-trips the demo data: a restore after changes gives back every row as it was', async () => {
    const target = await makeTarget();
    const seeded = await withDatabase(target, async (handle) => {
      await seedDemo(handle);
      return fingerprint(handle);
    });
    expect(Number(seeded['public.users']?.split(' ')[0])).toBeGreaterThan(5);
    expect(Number(seeded['public.client_daily']?.split(' ')[0])).toBeGreaterThan(100);

    const file = join(folder, 'backups', `demo.${kind === 'pglite' ? 'tar.gz' : 'dump'}`);
    const backup = await backupDatabase(target, file);
    expect(backup.bytes).toBeGreaterThan(1000);
    expect(backupFormatOf(file)).toBe(kind);
    // Health data and password hashes: the owner's only.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await expect(backupDatabase(target, file)).rejects.toThrow(/exists: choose another file/);

    const changed = await withDatabase(target, async (handle) => {
      await handle.db.execute(sql`update persons set first_name = 'Changed'`);
      await handle.db.execute(sql`delete from client_daily`);
      return fingerprint(handle);
    });
    expect(changed).not.toEqual(seeded);

    const restored = await restoreDatabase(target, file);
    if (kind === 'pglite') {
      expect(restored.keptAside).not.toBeNull();
      expect(existsSync(restored.keptAside ?? '')).toBe(true);
    }
    expect(await withDatabase(target, fingerprint)).toEqual(seeded);
  }, 240_000);

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
