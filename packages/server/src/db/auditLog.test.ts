import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testOrganisationId } from '../../test/database.ts';
import { recordAudit } from '../audit.ts';
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
