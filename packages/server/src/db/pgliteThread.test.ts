import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, testOrganisationId } from '../../test/database.ts';
import { rejectionOf, sqlStateOf } from '../../test/dbErrors.ts';
import { type DatabaseHandle, openDatabase } from './index.ts';
import { wireQueryOptions } from './pgliteThread.ts';
import { users } from './schema.ts';

// The embedded database runs in a worker thread (pgliteThread.ts): these are the promises the
// services rely on whichever thread runs the queries, checked on both databases, then what is
// particular to the thread.

const kind = testDatabaseKind();

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const account = (email: string) => ({
  organisationId: testOrganisationId,
  email,
  passwordHash: 'hash',
});

async function emails(): Promise<string[]> {
  const rows = await database.db.select({ email: users.email }).from(users);
  return rows.map((row) => row.email).sort();
}

describe(`concurrent work on ${kind}`, () => {
  it("keeps another request's write when a transaction rolls back meanwhile", async () => {
    await database.db.delete(users);
    let outside: Promise<unknown> = Promise.resolve();
    const failure = new Error('the work failed');
    const error = await rejectionOf(
      database.transaction(async (tx) => {
        await tx.insert(users).values(account('inside@example.com'));
        // Another request writes while the transaction is open (execute() sends it now, where
        // a query builder alone waits to be awaited), then the transaction goes on.
        outside = database.db.insert(users).values(account('outside@example.com')).execute();
        await tx.select().from(users);
        throw failure;
      }),
    );
    expect(error).toBe(failure);
    await outside;
    expect(await emails()).toEqual(['outside@example.com']);
  });

  it('rolls back a nested transaction alone', async () => {
    await database.db.delete(users);
    await database.transaction(async (tx) => {
      await tx.insert(users).values(account('outer@example.com'));
      const inner = await rejectionOf(
        tx.transaction(async (nested) => {
          await nested.insert(users).values(account('inner@example.com'));
          throw new Error('inner work failed');
        }),
      );
      expect((inner as Error).message).toBe('inner work failed');
    });
    expect(await emails()).toEqual(['outer@example.com']);
  });

  it('gives a failed statement its SQLSTATE, constraint and detail', async () => {
    await database.db.delete(users);
    await database.db.insert(users).values(account('taken@example.com'));
    const error = await rejectionOf(
      database.transaction((tx) => tx.insert(users).values(account('taken@example.com'))),
    );
    expect(sqlStateOf(error)).toBe('23505');
    expect((error as Error).cause).toMatchObject({
      constraint: 'users_organisation_email_key',
      detail: expect.stringContaining('taken@example.com'),
    });
  });

  it('keeps the event loop turning while a long query runs', async () => {
    let turns = 0;
    let isDone = false;
    const turn = () => {
      if (isDone) return;
      turns += 1;
      setTimeout(turn, 1);
    };
    setTimeout(turn, 1);
    const [row] = (
      await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from generate_series(1, 1000000)`,
      )
    ).rows;
    isDone = true;
    expect(row?.n).toBe(1_000_000);
    // On the main thread, PGlite would run the whole query before a single timer fires.
    expect(turns).toBeGreaterThan(3);
  });

  it('refuses every call once closed, and closes twice without failing', async () => {
    const other = await createTestDatabase();
    await other.close();
    await other.close();
    expect(await rejectionOf(other.db.execute(sql`select 1`))).toBeInstanceOf(Error);
  });
});

describe('query options sent to the database thread', () => {
  it("carries drizzle's text-keeping parsers as their types", () => {
    const keep = (value: string) => value;
    expect(wireQueryOptions({ rowMode: 'array', parsers: { 1184: keep, 1082: keep } })).toEqual({
      rowMode: 'array',
      passThroughTypes: [1082, 1184],
    });
    expect(wireQueryOptions(undefined)).toEqual({});
  });

  it('refuses a parser that changes the text, and options holding functions', () => {
    expect(() => wireQueryOptions({ parsers: { 1184: (value) => new Date(value) } })).toThrow(
      'PGlite in a worker thread takes only parsers that keep the text (type 1184)',
    );
    expect(() => wireQueryOptions({ onNotice: () => {} })).toThrow(
      'PGlite in a worker thread takes no onNotice option',
    );
  });
});

describe.runIf(kind === 'pglite')('the embedded database thread', () => {
  it('answers every type as PGlite on the main thread does', async () => {
    const onMain = await createTestDatabase({ pgliteThread: 'main' });
    try {
      const query = sql`select timestamptz '2026-04-30 12:00:00.123+02' as at,
        date '2026-04-30' as day, interval '1 day 2 hours' as span, 2.50::numeric as exact,
        7::int8 as big, 1.5::float8 as real, true as yes, null::text as nothing,
        '{"a":[1,"b"]}'::jsonb as json, '[1,{"c":null}]'::json as plain, null::jsonb as no_json, '\\x00ff'::bytea as bytes, array[1,2]::int[] as ints,
        array[date '2026-01-01'] as days, gen_random_uuid() is not null as has_uuid`;
      const [threaded] = (await database.db.execute(query)).rows;
      const [direct] = (await onMain.db.execute(query)).rows;
      expect(threaded).toEqual(direct);
      expect(threaded).toMatchObject({ day: '2026-04-30', json: { a: [1, 'b'] }, yes: true });
      expect(Array.from((threaded as { bytes: Uint8Array }).bytes)).toEqual([0, 255]);

      await database.db.insert(users).values(account('dated@example.com'));
      await onMain.db.insert(users).values(account('dated@example.com'));
      const read = (handle: DatabaseHandle) =>
        handle.db
          .select({ email: users.email, createdAt: users.createdAt })
          .from(users)
          .where(eq(users.email, 'dated@example.com'));
      const [fromThread] = await read(database);
      expect(fromThread?.createdAt).toBeInstanceOf(Date);
      expect(Object.keys(fromThread ?? {})).toEqual(Object.keys((await read(onMain))[0] ?? {}));
    } finally {
      await onMain.close();
    }
  });

  it('names the problem when PGlite cannot open the folder, and frees it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'coach-thread-'));
    try {
      writeFileSync(join(dataDir, 'pglite'), 'not a folder');
      const config = { databaseUrl: null, dataDir, organisationId: testOrganisationId };
      const error = await rejectionOf(openDatabase(config));
      expect((error as Error).message).toBe(
        `Could not open the database in DATA_DIR '${dataDir}': ErrnoError (errno 54)`,
      );
      expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
