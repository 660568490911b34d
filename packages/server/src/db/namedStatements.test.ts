import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/database.ts';
import type { DatabaseHandle } from './index.ts';
import { StatementNames } from './namedStatements.ts';

describe('StatementNames', () => {
  it('names a text from its second call on, one name per text, never one name for two texts', () => {
    const names = new StatementNames();
    expect(names.nameOf('select $1')).toBeUndefined();
    expect(names.nameOf('select $1')).toBe('coach_1');
    expect(names.nameOf('select $1')).toBe('coach_1');
    expect(names.nameOf('select $1, $2')).toBeUndefined();
    expect(names.nameOf('select $1, $2')).toBe('coach_2');
    expect(names.nameOf('select $1')).toBe('coach_1');
    expect(names.size).toBe(2);
  });

  it('names no more than its limit of texts; the texts named keep their names', () => {
    const names = new StatementNames({ maxNames: 2 });
    for (const text of ['a $1', 'b $1', 'c $1']) {
      names.nameOf(text);
      names.nameOf(text);
    }
    expect(names.nameOf('a $1')).toBe('coach_1');
    expect(names.nameOf('b $1')).toBe('coach_2');
    expect(names.nameOf('c $1')).toBeUndefined();
    expect(names.size).toBe(2);
  });

  it('forgets the texts seen once when it holds too many, so that memory stays bounded', () => {
    const names = new StatementNames({ maxCandidates: 2 });
    names.nameOf('a $1');
    names.nameOf('b $1');
    // Full: the candidates start over with this one, and 'a' is seen once again.
    names.nameOf('c $1');
    expect(names.nameOf('a $1')).toBeUndefined();
    expect(names.nameOf('c $1')).toBe('coach_1');
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('repeated statements on PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('run as statements the connection prepared once, with the same answers', async () => {
    const marker = 'named-statement-test';
    const prepared = await database.transaction(async (tx) => {
      // A transaction holds one connection: the statement runs three times on it.
      for (const value of [1, 2, 3]) {
        const { rows } = await tx.execute<{ answer: number }>(
          sql`select ${value}::int + 1 as answer, ${marker}::text as marker`,
        );
        expect(rows).toEqual([{ answer: value + 1, marker }]);
      }
      const { rows } = await tx.execute<{ name: string; statement: string }>(sql`
        select name, statement from pg_prepared_statements
        where statement like ${`%::text as marker`}`);
      return rows;
    });
    expect(prepared).toHaveLength(1);
    expect(prepared[0]?.name).toMatch(/^coach_\d+$/);
  });

  it('leave a statement without parameters (several statements in one text) as it is', async () => {
    await database.db.execute(sql.raw('select 1; select 2'));
    await expect(database.db.execute(sql.raw('select 1; select 2'))).resolves.toBeDefined();
  });
});
