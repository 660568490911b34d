import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEmptyPostgresDatabase,
  createTestDatabase,
  testDatabaseKind,
  testOrganisationId,
} from '../../test/database.ts';
import { rejectionOf, sqlStateOf } from '../../test/dbErrors.ts';
import { type DatabaseHandle, openDatabase, seedOrganisation } from './index.ts';
import {
  auditLog,
  invites,
  normalizeEmail,
  organisations,
  passwordResetCodes,
  persons,
  profilePictures,
  users,
} from './schema.ts';

const kind = testDatabaseKind();
const otherOrganisationId = '11111111-1111-4111-8111-111111111111';
const expectedTables = [
  'attention_episodes',
  'audit_client_reads',
  'audit_log',
  'audit_refusals',
  'authenticator_apps',
  'calendar_events',
  'client_daily',
  'client_list_entries',
  'client_notes',
  'client_phase_totals',
  'client_reports',
  'client_reviews',
  'coach_attention_figures',
  'exercises',
  'follow_ups',
  'invites',
  'journey_steps',
  'journeys',
  'mail_outbox',
  'message_mails',
  'messages',
  'metric_samples',
  'morning_mail_claims',
  'organisations',
  'passkeys',
  'password_reset_codes',
  'persons',
  'profile_pictures',
  'quick_replies',
  'rate_limit_buckets',
  'recovery_codes',
  'refresh_tokens',
  'second_steps',
  'session_factors',
  'surveys',
  'usage_sessions',
  'users',
  'webauthn_challenges',
];

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

async function tableNames(handle: DatabaseHandle): Promise<string[]> {
  const result = await handle.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' order by table_name`,
  );
  return result.rows.map((row) => row.table_name);
}

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const result = await handle.db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return Number(result.rows[0]?.n);
}

/** The organisations' rows, or only the one of `id`. */
async function organisationRows(handle: DatabaseHandle, id?: string) {
  return handle.db
    .select()
    .from(organisations)
    .where(id ? eq(organisations.id, id) : undefined);
}

/**
 * The clients list's functions and triggers as the database holds them: each one's definition and
 * the transaction that last wrote its catalogue row (which a replacement changes).
 */
async function clientListDefinitions(handle: DatabaseHandle) {
  const result = await handle.db.execute<{ name: string; definition: string; written: string }>(
    sql`select p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as definition,
          p.xmin::text as written
        from pg_proc p where p.proname like 'client\\_list\\_%'
        union all
        select t.tgname, pg_get_triggerdef(t.oid), t.xmin::text
        from pg_trigger t where t.tgname like 'client\\_list\\_%'
        order by 1`,
  );
  return result.rows;
}

/** Opens the database `openDatabase` would open on an empty machine, for this project's kind. */
async function emptyDatabaseConfig() {
  if (kind === 'postgres') {
    const empty = await createEmptyPostgresDatabase();
    const config = { databaseUrl: empty.url, dataDir: '', organisationId: testOrganisationId };
    return { config, cleanUp: empty.drop };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'coach-data-'));
  const config = { databaseUrl: null, dataDir, organisationId: testOrganisationId };
  return { config, cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

describe(`the database on ${kind}`, () => {
  it('applies the migrations on an empty database, and again without changing anything', async () => {
    const { config, cleanUp } = await emptyDatabaseConfig();
    try {
      const first = await openDatabase(config);
      expect(first.kind).toBe(kind);
      expect(await tableNames(first)).toEqual(expectedTables);
      const migrationCount = await appliedMigrations(first);
      expect(migrationCount).toBeGreaterThan(0);
      await first.db.insert(users).values({
        organisationId: testOrganisationId,
        email: 'kept@example.com',
        passwordHash: 'x',
      });
      await first.close();

      const second = await openDatabase(config);
      expect(await tableNames(second)).toEqual(expectedTables);
      expect(await appliedMigrations(second)).toBe(migrationCount);
      expect(await organisationRows(second)).toHaveLength(1);
      expect(await second.db.select({ email: users.email }).from(users)).toEqual([
        { email: 'kept@example.com' },
      ]);
      await second.close();
    } finally {
      await cleanUp();
    }
  });

  it("brings the clients list's functions and triggers to clientList.sql, once", async () => {
    const { config, cleanUp } = await emptyDatabaseConfig();
    try {
      const first = await openDatabase(config);
      const applied = await clientListDefinitions(first);
      // Twelve functions and thirteen triggers, as the migrations and clientList.sql left them.
      expect(applied).toHaveLength(25);
      // A database as the code before clientList.sql left it (no note of the text applied), with a
      // function and a trigger not as the file has them.
      await first.db.execute(sql`comment on function client_list_refresh(uuid[]) is null`);
      await first.db.execute(sql`drop trigger client_list_follow_ups on follow_ups`);
      await first.db.execute(sql`create or replace function client_list_unread(client uuid,
        coach uuid) returns integer language sql stable as $$ select 0 $$`);
      await first.close();

      const second = await openDatabase(config);
      const reapplied = await clientListDefinitions(second);
      expect(reapplied.map(({ name, definition }) => ({ name, definition }))).toEqual(
        applied.map(({ name, definition }) => ({ name, definition })),
      );
      await second.close();

      // Found as the file has them: nothing written again.
      const third = await openDatabase(config);
      expect(await clientListDefinitions(third)).toEqual(reapplied);
      await third.close();
    } finally {
      await cleanUp();
    }
  });

  it('gives each test file an empty, migrated database with only the organisation row', async () => {
    expect(await tableNames(database)).toEqual(expectedTables);
    // Found by its id: the users' tests seed an organisation of their own beside it.
    const [row] = await organisationRows(database, testOrganisationId);
    expect(row).toMatchObject({ id: testOrganisationId, name: 'Coach' });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('seeds the organisation once, however often it runs, and keeps its name', async () => {
    await seedOrganisation(database.db, testOrganisationId, 'Another name');
    await seedOrganisation(database.db, testOrganisationId);
    const rows = await organisationRows(database, testOrganisationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('Coach');
  });

  describe('users', () => {
    beforeAll(async () => {
      await seedOrganisation(database.db, otherOrganisationId, 'Other');
      await database.db.insert(users).values({
        organisationId: testOrganisationId,
        email: normalizeEmail('  Coach@Example.COM '),
        passwordHash: 'hash',
      });
    });

    it('stores one account per email in an organisation, whatever its case', async () => {
      const error = await rejectionOf(
        database.db.insert(users).values({
          organisationId: testOrganisationId,
          email: normalizeEmail('COACH@example.com'),
          passwordHash: 'hash',
        }),
      );
      expect(sqlStateOf(error)).toBe('23505');
    });

    it('refuses an email that is not lower-cased and trimmed', async () => {
      for (const email of ['Coach@example.com', ' coach2@example.com']) {
        const error = await rejectionOf(
          database.db
            .insert(users)
            .values({ organisationId: testOrganisationId, email, passwordHash: 'hash' }),
        );
        expect(sqlStateOf(error)).toBe('23514');
      }
    });

    it('allows the same email in another organisation', async () => {
      await database.db.insert(users).values({
        organisationId: otherOrganisationId,
        email: 'coach@example.com',
        passwordHash: 'hash',
      });
      const rows = await database.db
        .select({ organisationId: users.organisationId })
        .from(users)
        .where(eq(users.email, 'coach@example.com'));
      expect(rows.map((row) => row.organisationId).sort()).toEqual(
        [otherOrganisationId, testOrganisationId].sort(),
      );
    });
  });

  describe('transactions', () => {
    it('leave nothing behind when the work throws, and rethrow its error', async () => {
      const failure = new Error('the work failed');
      let userId = '';
      const error = await rejectionOf(
        database.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              organisationId: testOrganisationId,
              email: 'rolled-back@example.com',
              passwordHash: 'hash',
            })
            .returning();
          userId = user?.id ?? '';
          await tx
            .insert(persons)
            .values({ organisationId: testOrganisationId, userId, type: 'coach' });
          throw failure;
        }),
      );
      expect(error).toBe(failure);
      const [left] = await database.db
        .select({ n: count() })
        .from(users)
        .where(eq(users.email, 'rolled-back@example.com'));
      expect(left?.n).toBe(0);
      // Its own person only: the file's other tests keep persons of their own.
      expect(await database.db.select().from(persons).where(eq(persons.userId, userId))).toEqual(
        [],
      );
    });

    it('commit the work and return its result when it resolves', async () => {
      const personId = await database.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            organisationId: testOrganisationId,
            email: 'committed@example.com',
            passwordHash: 'hash',
          })
          .returning();
        const [person] = await tx
          .insert(persons)
          .values({ organisationId: testOrganisationId, userId: user?.id ?? '', type: 'coach' })
          .returning();
        return person?.id;
      });
      const [person] = await database.db
        .select()
        .from(persons)
        .where(eq(persons.id, personId ?? ''));
      expect(person).toMatchObject({
        type: 'coach',
        firstName: '',
        timezone: 'UTC',
        birthDate: null,
      });
    });
  });

  describe('constraints the services rely on', () => {
    let userId = '';
    let coachPersonId = '';
    beforeAll(async () => {
      const [user] = await database.db
        .insert(users)
        .values({
          organisationId: testOrganisationId,
          email: 'rules@example.com',
          passwordHash: 'h',
        })
        .returning();
      userId = user?.id ?? '';
      const [person] = await database.db
        .insert(persons)
        .values({
          organisationId: testOrganisationId,
          userId,
          type: 'coach',
          birthDate: '1990-04-30',
        })
        .returning();
      coachPersonId = person?.id ?? '';
      expect(person?.birthDate).toBe('1990-04-30');
    });

    it('refuses a profile type other than coach or user', async () => {
      const [user] = await database.db
        .insert(users)
        .values({
          organisationId: testOrganisationId,
          email: 'typed@example.com',
          passwordHash: 'h',
        })
        .returning();
      const error = await rejectionOf(
        database.db.execute(
          sql`insert into persons (organisation_id, user_id, type)
              values (${testOrganisationId}, ${user?.id}, 'admin')`,
        ),
      );
      expect(sqlStateOf(error)).toBe('23514');
    });

    it('keeps one reset code per request, and only known purposes', async () => {
      const code = {
        organisationId: testOrganisationId,
        userId,
        requestHash: 'request-1',
        codeHash: 'hash',
        expiresAt: new Date(Date.now() + 600_000),
      };
      await database.db.insert(passwordResetCodes).values(code);
      expect(
        sqlStateOf(await rejectionOf(database.db.insert(passwordResetCodes).values(code))),
      ).toBe('23505');
      // Another request's code, and sign-in codes (no request), live beside it.
      await database.db.insert(passwordResetCodes).values({ ...code, requestHash: 'request-2' });
      const { requestHash: _, ...signInCode } = code;
      await database.db.insert(passwordResetCodes).values({ ...signInCode, purpose: 'sign_in' });
      await database.db.insert(passwordResetCodes).values({ ...signInCode, purpose: 'sign_in' });
      const unknownPurpose = database.db.execute(
        sql`insert into password_reset_codes (organisation_id, user_id, purpose, code_hash, expires_at)
            values (${testOrganisationId}::uuid, ${userId}::uuid, 'other', 'hash', now())`,
      );
      expect(sqlStateOf(await rejectionOf(unknownPurpose))).toBe('23514');
    });

    it('keeps one pending invite per address', async () => {
      const invite = {
        organisationId: testOrganisationId,
        coachPersonId,
        email: 'invited@example.com',
        expiresAt: new Date(Date.now() + 86_400_000),
      };
      await database.db.insert(invites).values({ ...invite, tokenHash: 'token-1' });
      const error = await rejectionOf(
        database.db.insert(invites).values({ ...invite, tokenHash: 'token-2' }),
      );
      expect(sqlStateOf(error)).toBe('23505');
    });

    it('round-trips picture bytes and audit details unchanged', async () => {
      const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x0d, 0x0a]);
      await database.db.insert(profilePictures).values({
        personId: coachPersonId,
        organisationId: testOrganisationId,
        contentType: 'image/png',
        bytes,
        byteSize: bytes.byteLength,
        width: 1,
        height: 1,
        etag: '"abc"',
      });
      const [picture] = await database.db.select().from(profilePictures);
      expect(Array.from(picture?.bytes ?? [])).toEqual(Array.from(bytes));

      const details = { reason: 'reuse', nested: { count: 2 } };
      const [first] = await database.db
        .insert(auditLog)
        .values({ organisationId: testOrganisationId, action: 'sign_in_failed', details })
        .returning();
      const [second] = await database.db
        .insert(auditLog)
        .values({ organisationId: testOrganisationId, action: 'sign_in' })
        .returning();
      expect(first?.details).toEqual(details);
      expect(second?.details).toEqual({});
      expect(Number(second?.id)).toBeGreaterThan(Number(first?.id));
    });
  });
});
