// Reads of a client's data in the audit log: the real server over HTTP, the rows read back from
// the database as an operator (or an auditor) would.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInForTest, type TestUser } from '../../../test/auth.ts';
import { seedPerson } from '../../../test/clientRecords.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';
import { clientDataReads } from './clientReadAudit.ts';

let server: TestServer;
let coach: TestUser;
let otherCoach: TestUser;
let client: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  coach = await seedPerson(server, { email: 'coach@example.com' });
  otherCoach = await seedPerson(server, { email: 'other-coach@example.com' });
  client = await seedPerson(server, { email: 'client@example.com', coach });
});
afterAll(() => server?.close());

/**
 * The audit rows of reads, oldest first, once there are `count`: a row is written once its
 * answer has gone, so the caller may see the answer before the row.
 */
async function reads(count: number) {
  const read = () =>
    server.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'client_data_read'))
      .orderBy(asc(schema.auditLog.id));
  for (let polls = 0; polls < 500; polls += 1) {
    const rows = await read();
    if (rows.length >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return read();
}

describe("reads of a client's data", () => {
  it('covers every read of a client, and the clients list', () => {
    expect([...clientDataReads].sort()).toEqual(
      [
        'getCalendar',
        'getClientActivity',
        'getClientProfileSummary',
        'getClientReport',
        'getClientSeries',
        'getExercise',
        'getFollowUp',
        'getJourney',
        'listAssessments',
        'listClientCoachActions',
        'listClientEpisodes',
        'listClientReports',
        'listClientSummaries',
        'listExercises',
        'listMessages',
        'listNotes',
        'listReflections',
      ].sort(),
    );
  });

  it('are recorded with who, whose, when, from where and how they ended', async () => {
    const before = new Date(Date.now() - 1000);
    const token = await signInForTest(server, coach.userId);
    const path = `/api/journey/clients/${client.personId}/journey`;
    expect((await callApi(server.baseUrl, 'GET', path, { token })).status).toBe(200);
    expect((await callApi(server.baseUrl, 'GET', '/api/analytics/clients', { token })).status).toBe(
      200,
    );
    // No token: nothing was read, nothing recorded (asked before the last read, so its answer's
    // hook has run once that read's row is in).
    expect((await callApi(server.baseUrl, 'GET', path)).status).toBe(401);
    // Another coach's try on the same client is refused, and recorded as refused.
    const intruder = await signInForTest(server, otherCoach.userId);
    expect((await callApi(server.baseUrl, 'GET', path, { token: intruder })).status).toBe(404);

    const rows = await reads(3);
    expect(
      rows.map(({ actorUserId, subject, outcome, details }) => ({
        actorUserId,
        subject,
        outcome,
        details,
      })),
    ).toEqual([
      {
        actorUserId: coach.userId,
        subject: client.personId,
        outcome: 'success',
        details: { route: 'getJourney', status: 200, aggregatedIn: 'audit_client_reads' },
      },
      {
        actorUserId: coach.userId,
        subject: null,
        outcome: 'success',
        details: { route: 'listClientSummaries', status: 200, aggregatedIn: 'audit_client_reads' },
      },
      {
        actorUserId: otherCoach.userId,
        subject: client.personId,
        outcome: 'refused',
        details: { route: 'getJourney', status: 404, aggregatedIn: 'audit_client_reads' },
      },
    ]);
    for (const row of rows) {
      expect(row.ip).toBe('127.0.0.1');
      expect(row.requestId).toMatch(/.+/);
      expect(row.at.getTime()).toBeGreaterThan(before.getTime());
    }
  });
});
