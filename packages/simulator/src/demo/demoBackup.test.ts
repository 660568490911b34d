import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BackupTarget,
  backupDatabase,
  backupFormatOf,
  defaultOrganisationId,
  demoAccounts,
  demoCoach,
  restoreDatabase,
  seedDemoAccounts,
} from '@coach/server';
import { type DatabaseHandle, openDatabase } from '@coach/server/db';
import { createEmptyPostgresDatabase, testDatabaseKind } from '@coach/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startSimulationServer } from '../server.ts';
import { seedDemoHistory } from './demoHistory.ts';
import { demoThreads } from './demoThreads.ts';

// `npm run backup` / `npm run restore` round-trip the demo data (accounts and history) on the
// database of this test project: the embedded PGlite database of a DATA_DIR, or a database of the
// PostgreSQL server. Here, where the demo's history is made; the server tests the refusals. The
// round trip takes the demo's accounts with the history of a sample of its clients, every action
// of which must be accepted: rows in the same tables as the whole demo's seed, in every tier. The
// whole demo's history is checked in demoHistory.test.ts (the thorough tier) and seeded by every
// first `npm start` and by the end-to-end run's template; round-tripping it too took 174 s of a
// slow machine in CI.

const sampleClients = 4;

/** The demo's accounts and a sample of its clients' history; fails on a refused action. */
async function seedForBackup(handle: DatabaseHandle): Promise<void> {
  await seedDemoAccounts(handle);
  const history = await seedDemoHistory(handle, {
    coachEmail: demoCoach.email,
    clients: demoAccounts.filter((account) => account.type === 'user').slice(0, sampleClients),
  });
  expect(history?.clients).toBe(sampleClients);
  expect(history?.failures).toEqual([]);
  expect(history?.messages).toBeGreaterThan(0);
}

const kind = testDatabaseKind();
/** The round trip's database, restored: the demo as seeded. */
let restoredTarget: BackupTarget | null = null;
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

describe(`backup and restore of the demo data (${kind})`, () => {
  it('round-trips the demo data: a restore after changes gives back every row as it was', async () => {
    const target = await makeTarget();
    const seeded = await withDatabase(target, async (handle) => {
      await seedForBackup(handle);
      return fingerprint(handle);
    });
    expect(Number(seeded['public.users']?.split(' ')[0])).toBeGreaterThan(5);
    expect(Number(seeded['public.client_daily']?.split(' ')[0])).toBeGreaterThan(
      sampleClients * 10,
    );

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
    restoredTarget = target;
  }, 240_000);

  it('gives the demo coach threads with unread client messages, through the messaging service', async () => {
    if (!restoredTarget) throw new Error('The round trip did not restore the demo');
    await withDatabase(restoredTarget, async (handle) => {
      const server = await startSimulationServer(handle, new Date());
      try {
        const call = async (path: string, init: RequestInit = {}) => {
          const response = await fetch(`${server.baseUrl}${path}`, init);
          return { status: response.status, body: await response.json() };
        };
        const login = await call('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: demoCoach.email, password: demoCoach.password }),
        });
        expect(login.status).toBe(200);
        const auth = { headers: { authorization: `Bearer ${login.body.accessToken}` } };
        const unread = await call('/api/messaging/unread', auth);
        expect(unread.status).toBe(200);
        expect(unread.body.total).toBeGreaterThan(0);
        expect(unread.body.clients.length).toBeGreaterThanOrEqual(2);
        // Amelia's thread is read to the end, by both sides.
        const [amelia] = (
          await handle.db.execute<{ id: string }>(sql`
            select p.id from persons p join users u on u.id = p.user_id
            where u.email = 'amelia.hughes@example.com'`)
        ).rows;
        const thread = await call(`/api/messaging/clients/${amelia?.id}/messages`, auth);
        expect(thread.status).toBe(200);
        expect(thread.body.unread).toBe(0);
        expect(thread.body.items).toHaveLength(
          demoThreads['amelia.hughes@example.com']?.length ?? -1,
        );
        expect(
          thread.body.items.every((message: { readAt: string | null }) => message.readAt),
        ).toBe(true);
      } finally {
        await server.close();
      }
    });
  }, 60_000);
});
