import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, testOrganisationId } from '../../test/database.ts';
import type { DatabaseHandle } from './index.ts';
import { organisations, persons } from './schema.ts';
import { statementName } from './statementWatch.ts';

describe('statementName', () => {
  it('names a statement by its verb and first table, never by its values or its length', () => {
    expect(
      statementName('select "id", "first_name" from "persons" where "persons"."id" = $1'),
    ).toBe('select persons');
    expect(statementName('insert into "metric_samples" ("a", "b") values ($1, $2), ($3, $4)')).toBe(
      'insert metric_samples',
    );
    expect(statementName('update "users" set "password_hash" = $1 where "id" = $2')).toBe(
      'update users',
    );
    expect(statementName('delete from "refresh_tokens" where "expires_at" < $1')).toBe(
      'delete refresh_tokens',
    );
    expect(statementName('with recent as (select 1 from "mail_outbox") select * from recent')).toBe(
      'with mail_outbox',
    );
    expect(statementName('commit')).toBe('commit');
    expect(statementName('  BEGIN')).toBe('begin');
    // A list of n placeholders is the same statement whatever n is.
    const inList = (n: number) =>
      `select "id" from "persons" where "id" in (${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ')})`;
    expect(new Set([1, 7, 300].map((n) => statementName(inList(n))))).toEqual(
      new Set(['select persons']),
    );
  });

  it("keeps to fixed sets: a table outside the schema and an unknown verb are 'other'", () => {
    expect(statementName('select * from "pg_tables"')).toBe('select other');
    expect(statementName('select pg_advisory_lock($1)')).toBe('select other');
    expect(statementName('insert into "someone@example.com" values (1)')).toBe('insert other');
    expect(statementName('vacuum analyze "persons"')).toBe('other');
    expect(statementName('')).toBe('other');
  });
});

describe(`the statements a handle runs (${testDatabaseKind()})`, () => {
  let database: DatabaseHandle;
  const heard: { name: string; failed: boolean }[] = [];
  const started: string[] = [];
  let stopObserving = () => {};
  beforeAll(async () => {
    database = await createTestDatabase();
    stopObserving = database.statements.observe((name) => {
      started.push(name);
      return (failed) => {
        heard.push({ name, failed });
      };
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('are heard as they end, by name, failed or not, inside a transaction too', async () => {
    heard.length = 0;
    started.length = 0;
    const rows = await database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, testOrganisationId));
    expect(rows).toEqual([{ id: testOrganisationId }]);
    await expect(database.db.execute(sql`select * from "no_such_table"`)).rejects.toThrow();
    await database.transaction(async (tx) => {
      await tx.select({ id: persons.id }).from(persons);
    });

    expect(heard).toEqual(
      expect.arrayContaining([
        { name: 'select organisations', failed: false },
        { name: 'select other', failed: true },
        { name: 'select persons', failed: false },
      ]),
    );
    // Nothing else failed.
    expect(heard.filter((statement) => statement.failed)).toHaveLength(1);
    // Each statement was told once as it started, and that start heard its end (a start told
    // twice, one never ended, would leave a span open and a request's statements counted twice).
    expect(started).toEqual(heard.map((statement) => statement.name));
  });

  it('are not told to an observer that stopped', async () => {
    stopObserving();
    heard.length = 0;
    await database.db.select({ id: persons.id }).from(persons);
    expect(heard).toEqual([]);
  });
});
