import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { defaultOrganisationId } from '../src/config.ts';
import { createHandle, type Database, seedOrganisation } from '../src/db/handle.ts';
import {
  type DatabaseHandle,
  migrationsFolder,
  openDatabase,
  type PgliteThread,
  schema,
} from '../src/db/index.ts';
import { applyClientList, clientListFile } from '../src/db/migrations.ts';
import { openPglite } from '../src/db/pglite.ts';
import { type PgliteThreadClient, startPgliteThread } from '../src/db/pgliteThread.ts';
import { createStatementWatch, watchedPglite } from '../src/db/statementWatch.ts';

/** The organisation every test database is seeded with (the deployment default). */
export const testOrganisationId = defaultOrganisationId;

export type TestDatabaseKind = 'pglite' | 'postgres';

/**
 * The database the tests of this process run on: `COACH_TEST_DB` ('pglite' or 'postgres', set by
 * the vitest projects) or, without it, PostgreSQL when `TEST_DATABASE_URL` is set.
 */
export function testDatabaseKind(env: NodeJS.ProcessEnv = process.env): TestDatabaseKind {
  if (env.COACH_TEST_DB === 'postgres' || env.COACH_TEST_DB === 'pglite') return env.COACH_TEST_DB;
  if (env.COACH_TEST_DB) {
    throw new Error(`COACH_TEST_DB must be 'pglite' or 'postgres', got '${env.COACH_TEST_DB}'`);
  }
  return env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

/**
 * A fresh, migrated database for one test file: empty but for the organisation row of
 * `testOrganisationId`. PGlite: in memory, cloned from a migrated dump made once per worker, in
 * a thread of its own as the server runs it (or on this one with `pgliteThread: 'main'`).
 * PostgreSQL (`TEST_DATABASE_URL`): a uniquely named database created from a migrated template,
 * dropped on `close()`. Call `close()` in `afterAll`.
 */
export async function createTestDatabase(
  options: {
    pgliteThread?: PgliteThread;
    /** PostgreSQL: connect through this loopback port (a test's proxy) instead of the server's. */
    postgresPort?: number;
  } = {},
): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'pglite') {
    if (options.pgliteThread === 'main') {
      return openPglite({ loadDataDir: await pgliteTemplate() }, testOrganisationId, {
        thread: 'main',
      });
    }
    return leasePgliteDatabase();
  }
  return createPostgresTestDatabase(requireTestDatabaseUrl(), options.postgresPort);
}

const poolKey = Symbol.for('coach.test.idlePglites');

/**
 * The PGlite threads of this test worker that no test file holds now. Starting one (a thread,
 * PGlite's WebAssembly, the template loaded) takes seconds on two busy cores and most server test
 * files open one or more; the server projects share each worker among files (isolate: false), so
 * a closed test database goes back here and the next file gets it emptied again. Kept on
 * globalThis: the files' fresh modules (test/freshModules.ts) would otherwise start a new pool.
 */
type PooledPglite = { client: PgliteThreadClient; schemaDigest: string };
const poolHolder = globalThis as { [poolKey]?: PooledPglite[] };
poolHolder[poolKey] ??= [];
const idlePglites: PooledPglite[] = poolHolder[poolKey];

/**
 * A test database on a PGlite thread of the pool (or a new one), as empty as the template: every
 * table truncated (the audit log's append-only triggers set aside for it), sequences restarted,
 * the session's settings, locks and listeners discarded, the organisation row seeded. A thread
 * whose schema a test changed (its tables', columns' and triggers' digest differs) is closed
 * rather than reused. Closing the handle ends the lease: its later calls fail as on a closed
 * database, and the thread goes back to the pool.
 */
async function leasePgliteDatabase(): Promise<DatabaseHandle> {
  let pooled = idlePglites.pop();
  while (pooled) {
    const reset = await resetPglite(pooled.client).catch(() => null);
    if (reset !== null && reset === pooled.schemaDigest) break;
    await pooled.client.close().catch(() => {});
    pooled = idlePglites.pop();
  }
  if (!pooled) {
    const client = await startPgliteThread({ loadDataDir: await pgliteTemplate() });
    try {
      pooled = { client, schemaDigest: await schemaDigestOf(client) };
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
  }
  const lease = leaseOf(pooled, () => {
    if (pooled) idlePglites.push(pooled);
  });
  const statements = createStatementWatch();
  const db = drizzle({
    client: watchedPglite(lease, statements) as unknown as PGlite,
    schema,
  }) as unknown as Database;
  await seedOrganisation(db, testOrganisationId);
  return createHandle(db, 'pglite', testOrganisationId, lease.close, { statements });
}

/** The pooled client as one test file sees it: every call refused once the file closed it. */
function leaseOf(pooled: PooledPglite, release: () => void): PgliteThreadClient {
  let closed = false;
  const open = () => {
    if (closed) throw new Error('The database is closed');
    return pooled.client;
  };
  return {
    query: (text, params, options) => open().query(text, params, options),
    exec: (text) => open().exec(text),
    transaction: (work) => open().transaction(work),
    close: async () => {
      if (closed) return;
      closed = true;
      release();
    },
  };
}

/** Empties a pooled PGlite back to the template's state; answers its schema digest. */
async function resetPglite(client: PgliteThreadClient): Promise<string> {
  await client.exec('discard all');
  const tables = await client.query<{ name: string }>(
    "select quote_ident(tablename) as name from pg_tables where schemaname = 'public'",
  );
  if (tables.rows.length > 0) {
    await client.exec(
      `begin; set local session_replication_role = replica; truncate ${tables.rows
        .map((table) => table.name)
        .join(', ')} restart identity cascade; commit;`,
    );
  }
  return schemaDigestOf(client);
}

async function schemaDigestOf(client: PgliteThreadClient): Promise<string> {
  const digest = await client.query<{ digest: string }>(`
    select md5(
      (select coalesce(string_agg(table_name || '.' || column_name || ':' || data_type || ':' ||
        coalesce(column_default, ''), ',' order by table_name, column_name), '')
        from information_schema.columns where table_schema = 'public')
      || '|' ||
      (select coalesce(string_agg(tgname || ':' || tgenabled::text, ',' order by tgname), '')
        from pg_trigger where not tgisinternal)
      || '|' ||
      (select coalesce(string_agg(indexname, ',' order by indexname), '')
        from pg_indexes where schemaname = 'public')
    ) as digest`);
  const value = digest.rows[0]?.digest;
  if (!value) throw new Error('The test database has no schema digest');
  return value;
}

let pgliteDump: Promise<Blob> | null = null;

/** A migrated, empty PGlite database's dump, loaded by every test database of this process. */
function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= ensurePgliteTemplate().then(({ dumpFile }) => new Blob([readFileSync(dumpFile)]));
  return pgliteDump;
}

/** Where the PGlite templates of the current migrations are kept (see ensurePgliteTemplate). */
function pgliteTemplatePaths(): { dumpFile: string; dataDir: string } {
  const key = migrationsHash();
  return {
    dumpFile: join(tmpdir(), `coach-pglite-template-${key}.tar`),
    dataDir: join(tmpdir(), `coach-pglite-data-dir-${key}`),
  };
}

/**
 * Makes the PGlite templates of the current migrations, unless made before (by this run's global
 * setup, test/templates.ts, or an earlier run: they are kept in the temporary folder, named after
 * the migrations' hash): a dump of a migrated, empty database, which each test database loads
 * (far quicker than migrating), and the same database as a server's DATA_DIR, which the tests of
 * a server or command process copy (`createTestDataDir`). Each is written aside, then renamed:
 * parallel workers and runs never read half of one.
 */
export async function ensurePgliteTemplate(): Promise<{ dumpFile: string; dataDir: string }> {
  const paths = pgliteTemplatePaths();
  if (!existsSync(paths.dumpFile)) {
    const client = await PGlite.create();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder });
      await applyClientList(db as unknown as Database);
      const dump = await client.dumpDataDir('none');
      const partial = `${paths.dumpFile}.${process.pid}.partial`;
      writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
      renameSync(partial, paths.dumpFile);
    } finally {
      await client.close();
    }
  }
  if (!existsSync(paths.dataDir)) {
    const partial = `${paths.dataDir}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { mode: 0o700 });
    const client = await PGlite.create(join(partial, 'pglite'), {
      loadDataDir: new Blob([readFileSync(paths.dumpFile)]),
    });
    await client.close();
    try {
      renameSync(partial, paths.dataDir);
    } catch (error) {
      // Another worker renamed its copy first: the same template.
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(paths.dataDir)) throw error;
    }
  }
  return paths;
}

/**
 * A fresh DATA_DIR for a server or command process of a test, holding the migrated, empty PGlite
 * database of the template (so the process neither creates nor migrates it). The caller removes it.
 */
export async function createTestDataDir(): Promise<string> {
  const { dataDir: template } = await ensurePgliteTemplate();
  const dataDir = mkdtempSync(join(tmpdir(), 'coach-test-data-'));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

function requireTestDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DATABASE_URL is not set: run eval "$(bash scripts/ensure-postgres.sh)" first ' +
        '(or set COACH_SKIP_POSTGRES=1 to leave out the PostgreSQL test project)',
    );
  }
  return url;
}

/** Takes the advisory lock while template databases are built (test workers run in parallel). */
const templateLockKey = 727_014_200_002;

let postgresTemplate: Promise<string> | null = null;

/** The URL of each PostgreSQL test database, by its handle: what more handles on it open. */
const postgresUrls = new WeakMap<DatabaseHandle, string>();

/**
 * `count` handles on one fresh test database, as `count` server processes would hold: on
 * PostgreSQL, a pool each; on PGlite (one process's database), the same handle `count` times.
 * Closing the first closes the database; close the others before it.
 */
export async function createTestDatabaseHandles(count: number): Promise<DatabaseHandle[]> {
  const first = await createTestDatabase();
  const url = postgresUrls.get(first);
  if (!url) return Array.from({ length: count }, () => first);
  const others = await Promise.all(
    Array.from({ length: count - 1 }, () =>
      openDatabase(
        { databaseUrl: url, dataDir: '', organisationId: testOrganisationId },
        { poolSize: 2 },
      ),
    ),
  );
  return [first, ...others];
}

/**
 * The name of the migrated template database on the PostgreSQL server of `TEST_DATABASE_URL`,
 * made when missing (by this run's global setup, test/templates.ts, before the workers start).
 */
export function preparePostgresTemplate(): Promise<string> {
  postgresTemplate ??= ensurePostgresTemplate(requireTestDatabaseUrl());
  return postgresTemplate;
}

async function createPostgresTestDatabase(baseUrl: string, port?: number): Promise<DatabaseHandle> {
  const template = await preparePostgresTemplate();
  const name = `coach_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(baseUrl, (admin) =>
    admin.query(`create database ${quote(name)} template ${quote(template)}`),
  );
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(
      {
        databaseUrl: port
          ? throughPort(urlOfDatabase(baseUrl, name), port)
          : urlOfDatabase(baseUrl, name),
        dataDir: '',
        organisationId: testOrganisationId,
      },
      { poolSize: 4 },
    );
  } catch (error) {
    await dropDatabase(baseUrl, name);
    throw error;
  }
  const closing: DatabaseHandle = {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase(baseUrl, name);
    },
  };
  postgresUrls.set(closing, urlOfDatabase(baseUrl, name));
  return closing;
}

/**
 * Makes sure a migrated template database for the current migrations exists, named after their
 * hash, so a changed migration gets a new template. Built under another name, then renamed, so a
 * run that dies half-way leaves no broken template behind.
 */
async function ensurePostgresTemplate(baseUrl: string): Promise<string> {
  const template = `coach_template_${migrationsHash()}`;
  await withAdmin(baseUrl, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [templateLockKey]);
    try {
      const existing = await admin.query('select 1 from pg_database where datname = $1', [
        template,
      ]);
      if (existing.rowCount) return;
      // Templates of older migrations and builds a crashed run left behind.
      const stale = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'coach\\_template\\_%'",
      );
      for (const { datname } of stale.rows) {
        await admin.query(`drop database if exists ${quote(datname)} with (force)`);
      }
      const building = `${template}_build_${process.pid}`;
      await admin.query(`create database ${quote(building)}`);
      try {
        const handle = await openDatabase(
          {
            databaseUrl: urlOfDatabase(baseUrl, building),
            dataDir: '',
            organisationId: testOrganisationId,
          },
          { poolSize: 1 },
        );
        await handle.db.execute('delete from organisations');
        await handle.close();
        await admin.query(`alter database ${quote(building)} rename to ${quote(template)}`);
      } catch (error) {
        await admin.query(`drop database if exists ${quote(building)} with (force)`);
        throw error;
      }
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [templateLockKey]);
    }
  });
  return template;
}

/** The migrations' and the clients list's definitions' hash: a template's name and key. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  hash.update(readFileSync(clientListFile));
  return hash.digest('hex').slice(0, 12);
}

async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await withAdmin(baseUrl, (admin) =>
    admin.query(`drop database if exists ${quote(name)} with (force)`),
  );
}

async function withAdmin<T>(baseUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function urlOfDatabase(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/**
 * A bare database (no tables, no rows) on the PostgreSQL server of `TEST_DATABASE_URL`, for tests
 * of the migrations themselves. `drop()` removes it.
 */
export async function createEmptyPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const baseUrl = requireTestDatabaseUrl();
  const name = `coach_empty_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(baseUrl, (admin) => admin.query(`create database ${quote(name)}`));
  return { url: urlOfDatabase(baseUrl, name), drop: () => dropDatabase(baseUrl, name) };
}

/** `url` with its host and port replaced by loopback `port`. */
function throughPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(port);
  return parsed.toString();
}
