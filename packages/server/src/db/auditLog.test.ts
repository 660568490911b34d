import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testOrganisationId } from '../../test/database.ts';
import { AuditBatch, recordAudit, recordRefusal } from '../audit.ts';
import { type DatabaseHandle, schema } from './index.ts';

/** The error a promise rejects with (drizzle wraps the database's in `cause`). */
async function messageOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
  return 'no error';
}

describe('audit log: append-only in the database', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    await recordAudit(database.db, {
      organisationId: testOrganisationId,
      action: 'sign_in_failed',
      subject: 'coach@example.com',
      ip: '192.0.2.1',
      requestId: 'request-1',
      outcome: 'failure',
      details: { reason: 'wrong_password' },
    });
  });
  afterAll(() => database?.close());

  it('records who, what, when, from where and how it ended', async () => {
    const [row] = await database.db.select().from(schema.auditLog);
    expect(row).toMatchObject({
      action: 'sign_in_failed',
      subject: 'coach@example.com',
      ip: '192.0.2.1',
      requestId: 'request-1',
      outcome: 'failure',
      details: { reason: 'wrong_password' },
    });
    expect(row?.at).toBeInstanceOf(Date);
  });

  it('refuses to update, delete or truncate rows, even with SQL of its own', async () => {
    const attempts = [
      database.db.update(schema.auditLog).set({ outcome: 'success' }),
      database.db.delete(schema.auditLog).where(eq(schema.auditLog.action, 'sign_in_failed')),
      database.db.execute(sql`truncate audit_log`),
    ];
    for (const attempt of attempts) {
      expect(await messageOf(attempt)).toContain('audit_log is append-only');
    }
    const rows = await database.db.select().from(schema.auditLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.outcome).toBe('failure');
  });

  it('refuses an outcome outside success, failure and refused', async () => {
    const insert = recordAudit(database.db, {
      organisationId: testOrganisationId,
      action: 'sign_in',
      outcome: 'maybe' as 'success',
    });
    expect(await messageOf(insert)).toContain('audit_log_outcome_valid');
  });
});

describe('audit log: refused attempts in aggregate', () => {
  let database: DatabaseHandle;
  const refusal = (at: string, subject: string) => ({
    organisationId: testOrganisationId,
    limitedAction: 'login',
    scope: 'address',
    subject,
    ip: '192.0.2.9',
    requestId: `request-${subject}`,
    retryAfterSeconds: 30,
    at: new Date(at),
  });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('counts refusals per address, action, limit and hour: one audit row per such row', async () => {
    for (let index = 0; index < 200; index++) {
      const second = String(index % 60).padStart(2, '0');
      await recordRefusal(
        database.db,
        refusal(`2030-01-01T10:0${Math.floor(index / 60)}:${second}Z`, `a${index}@example.com`),
        '192.0.2.9',
      );
    }
    await recordRefusal(
      database.db,
      refusal('2030-01-01T11:00:00Z', 'late@example.com'),
      '192.0.2.9',
    );
    const aggregates = await database.db
      .select()
      .from(schema.auditRefusals)
      .orderBy(schema.auditRefusals.windowStart);
    expect(aggregates).toHaveLength(2);
    expect(aggregates[0]).toMatchObject({
      addressKey: '192.0.2.9',
      action: 'login',
      scope: 'address',
      count: 200,
      windowStart: new Date('2030-01-01T10:00:00Z'),
      firstAt: new Date('2030-01-01T10:00:00Z'),
      lastAt: new Date('2030-01-01T10:03:19Z'),
      lastSubject: 'a199@example.com',
    });
    expect(aggregates[1]).toMatchObject({ count: 1, lastSubject: 'late@example.com' });
    const rows = await database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'rate_limited'));
    expect(rows.map((row) => row.subject)).toEqual(['a0@example.com', 'late@example.com']);
    expect(rows[0]).toMatchObject({
      ip: '192.0.2.9',
      requestId: 'request-a0@example.com',
      outcome: 'refused',
      details: { limitedAction: 'login', scope: 'address', retryAfterSeconds: 30 },
    });
  });
});

describe('audit rows written together', () => {
  let database: DatabaseHandle;
  const errors: { reason: string; rows: number }[] = [];
  const batchOf = (options: { delayMs?: number; maxRows?: number } = {}) =>
    new AuditBatch({
      db: database.db,
      organisationId: testOrganisationId,
      onError: (reason, rows) => errors.push({ reason, rows }),
      ...options,
    });
  const rowsOf = (requestIdPrefix: string) =>
    database.db
      .select()
      .from(schema.auditLog)
      .where(sql`${schema.auditLog.requestId} like ${`${requestIdPrefix}%`}`)
      .orderBy(schema.auditLog.id);
  const read = (requestId: string, actorUserId: string = crypto.randomUUID()) => ({
    action: 'client_data_read' as const,
    actorUserId,
    subject: crypto.randomUUID(),
    ip: '192.0.2.7',
    requestId,
    outcome: 'success' as const,
    details: { route: 'getJourney', status: 200 },
  });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('writes every row added, with its own fields and instant, once the delay has passed', async () => {
    const batch = batchOf({ delayMs: 10 });
    const at = new Date('2026-11-25T08:00:00.123Z');
    const first = read('together-1');
    batch.add(first, at);
    batch.add(read('together-2'));
    batch.add(read('together-3'));
    expect(await rowsOf('together-')).toHaveLength(0);
    for (let polls = 0; polls < 200 && (await rowsOf('together-')).length < 3; polls += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const rows = await rowsOf('together-');
    expect(rows.map((row) => row.requestId)).toEqual(['together-1', 'together-2', 'together-3']);
    expect(rows[0]).toMatchObject({ ...first, organisationId: testOrganisationId, at });
    expect(errors).toEqual([]);
  });

  it('writes at once when the most rows a batch holds are waiting, and on flush', async () => {
    const batch = batchOf({ delayMs: 600_000, maxRows: 2 });
    batch.add(read('full-1'));
    batch.add(read('full-2'));
    batch.add(read('full-3'));
    for (let polls = 0; polls < 200 && (await rowsOf('full-')).length < 2; polls += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await rowsOf('full-')).map((row) => row.requestId)).toEqual(['full-1', 'full-2']);
    await batch.flush();
    expect(await rowsOf('full-')).toHaveLength(3);
  });

  it("counts a reader's reads of a client in one row an hour, across batches, logging the first", async () => {
    const batch = batchOf({ delayMs: 600_000 });
    const actorUserId = crypto.randomUUID();
    const subject = crypto.randomUUID();
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute));
    const again = (requestId: string) => ({ ...read(requestId, actorUserId), subject });
    for (let index = 0; index < 600; index += 1) batch.add(again(`same-${index}`), at(10));
    await batch.flush();
    for (let index = 600; index < 1000; index += 1) batch.add(again(`same-${index}`), at(50));
    // The next hour starts a row of its own.
    batch.add(again('same-next-hour'), new Date(Date.UTC(2026, 10, 25, 10, 5)));
    await batch.flush();
    const counted = await database.db
      .select()
      .from(schema.auditClientReads)
      .where(eq(schema.auditClientReads.actorUserId, actorUserId))
      .orderBy(schema.auditClientReads.windowStart);
    expect(counted).toEqual([
      {
        organisationId: testOrganisationId,
        actorUserId,
        outcome: 'success',
        subject,
        windowStart: new Date(Date.UTC(2026, 10, 25, 9)),
        count: 1000,
        firstAt: at(10),
        lastAt: at(50),
        lastSubject: subject,
      },
      expect.objectContaining({ count: 1, windowStart: new Date(Date.UTC(2026, 10, 25, 10)) }),
    ]);
    expect((await rowsOf('same-')).map((row) => row.requestId)).toEqual([
      'same-0',
      'same-next-hour',
    ]);
    expect(errors).toEqual([]);
  });

  it('logs a failed write by its code and row count, and writes the next batch', async () => {
    const batch = batchOf();
    batch.add({ ...read('failed-1'), actorUserId: 'not-a-uuid' });
    await batch.flush();
    expect(errors).toEqual([{ reason: '22P02', rows: 1 }]);
    batch.add(read('after-failure-1'));
    await batch.flush();
    expect(await rowsOf('after-failure-')).toHaveLength(1);
    errors.length = 0;
  });
});
