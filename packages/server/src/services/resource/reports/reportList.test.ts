import { randomUUID } from 'node:crypto';
import type { Report, ReportList } from '@coach/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPerson, setNow } from '../../../../test/analytics.ts';
import { callApi, signInForTest, type TestUser } from '../../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../../test/testServer.ts';
import { schema } from '../../../db/index.ts';

// A client's reports page by page, and a coach deleting one, over real HTTP.

const notes = {
  mentalWellbeing: 'Calmer',
  physicalWellbeing: 'Walks',
  productivity: 'Focused',
  finalComments: 'Keep going',
};

let server: TestServer;
let coach: TestUser;
let otherCoach: TestUser;
let client: TestUser;
/** A client with 105 reports stored directly (none rendered), newest first. */
let busyClient: TestUser;
const stored: string[] = [];

const reportsPath = (clientId: string, rest = '') =>
  `/api/resource/clients/${clientId}/reports${rest}`;

async function call(user: TestUser, method: string, path: string, body?: unknown) {
  return callApi(server.baseUrl, method, path, {
    token: await signInForTest(server, user.userId),
    ...(body === undefined ? {} : { body }),
  });
}

async function page(query: string) {
  const response = await call(coach, 'GET', reportsPath(busyClient.personId, query));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as ReportList;
}

beforeAll(async () => {
  server = await startTestServer({ services: ['resource'] });
  setNow(server, new Date('2025-06-12T12:30:00.000Z'));
  coach = await seedPerson(server, { email: 'coach@example.com', type: 'coach' });
  otherCoach = await seedPerson(server, { email: 'other@example.com', type: 'coach' });
  const clientOf = (email: string) =>
    seedPerson(server, {
      email,
      type: 'user',
      coachPersonId: coach.personId,
      createdAt: new Date('2025-05-01T08:00:00.000Z'),
    });
  client = await clientOf('client@example.com');
  busyClient = await clientOf('busy@example.com');
  // Pairs made in the same microsecond: the id keeps them apart, and a page may end between them.
  const rows = Array.from({ length: 105 }, (_, k) => ({
    id: randomUUID(),
    organisationId: server.database.organisationId,
    clientPersonId: busyClient.personId,
    coachPersonId: coach.personId,
    authorName: 'Carla Mendes',
    periodFrom: '2025-05-01',
    periodTo: '2025-06-01',
    step: 'learn' as const,
    stepDay: 3,
    bytes: new Uint8Array([37, 80, 68, 70]),
    byteSize: 4,
    createdAt: new Date(Date.parse('2025-06-01T08:00:00.000Z') + Math.floor(k / 2) * 1000),
  }));
  await server.database.db.insert(schema.clientReports).values(rows);
  stored.push(
    ...rows
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id),
  );
});
afterAll(() => server.close());

describe("a client's reports, page by page", () => {
  it('answers the newest 100 on the first page as before, and the rest after its cursor', async () => {
    const first = await page('');
    expect(first.items.map((item) => item.id)).toEqual(stored.slice(0, 100));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page(`?before=${first.nextCursor}`);
    expect(second.items.map((item) => item.id)).toEqual(stored.slice(100));
    expect(second.nextCursor).toBeNull();
  });

  it('pages through every report once, in order, at any page size', async () => {
    for (const limit of [1, 2, 7, 100]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const answer: ReportList = await page(
          `?limit=${limit}${cursor === null ? '' : `&before=${cursor}`}`,
        );
        expect(answer.items.length).toBeLessThanOrEqual(limit);
        seen.push(...answer.items.map((item) => item.id));
        cursor = answer.nextCursor;
        pages += 1;
      } while (cursor !== null && pages < 200);
      expect(seen, `limit ${limit}`).toEqual(stored);
    }
  });

  it('refuses a malformed cursor, one outside the years 1900 to 2199 and a limit out of bounds', async () => {
    const cursorOf = (at: string) =>
      Buffer.from(JSON.stringify([at, stored[0]])).toString('base64url');
    for (const before of [
      'garbage',
      `${(await page('?limit=1')).nextCursor}x`,
      cursorOf('0000-01-01T00:00:00.000000Z'),
      cursorOf('10000-01-01T00:00:00.000000Z'),
      cursorOf('-000001-01-01T00:00:00.000000Z'),
      cursorOf('2200-01-01T00:00:00.000000Z'),
    ]) {
      const response = await call(
        coach,
        'GET',
        reportsPath(busyClient.personId, `?before=${before}`),
      );
      expect({ status: response.status, body: response.body }, before).toEqual({
        status: 400,
        body: { error: 'invalid_request', message: 'Invalid cursor' },
      });
    }
    for (const limit of ['0', '101', 'x']) {
      const response = await call(
        coach,
        'GET',
        reportsPath(busyClient.personId, `?limit=${limit}`),
      );
      expect(response.status, limit).toBe(400);
    }
  });
});

describe('deleting a report', () => {
  async function generate(): Promise<Report> {
    const response = await call(coach, 'POST', reportsPath(client.personId), notes);
    expect(response.status).toBe(201);
    return response.body as Report;
  }

  it('removes it from the list and its download, and records who deleted which', async () => {
    const kept = await generate();
    const report = await generate();
    const deleted = await call(coach, 'DELETE', reportsPath(client.personId, `/${report.id}`));
    expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 204, body: null });

    const listed = (await call(coach, 'GET', reportsPath(client.personId))).body as ReportList;
    expect(listed.items.map((item) => item.id)).toEqual([kept.id]);
    const download = await call(coach, 'GET', reportsPath(client.personId, `/${report.id}`));
    expect(download.status).toBe(404);
    const again = await call(coach, 'DELETE', reportsPath(client.personId, `/${report.id}`));
    expect({ status: again.status, body: again.body }).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'Report not found' },
    });

    const entries = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'report_deleted'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUserId: coach.userId,
      subject: client.personId,
      outcome: 'success',
      details: { reportId: report.id, createdAt: report.createdAt, bytes: report.sizeBytes },
    });
  });

  it('answers 404 to any other coach, even the one the client moved to, and keeps the report', async () => {
    const report = await generate();
    const path = reportsPath(client.personId, `/${report.id}`);
    const notTheirClient = await call(otherCoach, 'DELETE', path);
    expect({ status: notTheirClient.status, body: notTheirClient.body }).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'Client not found' },
    });
    const moveTo = (of: TestUser) =>
      server.database.db
        .update(schema.persons)
        .set({ coachPersonId: of.personId })
        .where(eq(schema.persons.id, client.personId));
    await moveTo(otherCoach);
    try {
      const notTheirReport = await call(otherCoach, 'DELETE', path);
      expect({ status: notTheirReport.status, body: notTheirReport.body }).toEqual({
        status: 404,
        body: { error: 'not_found', message: 'Report not found' },
      });
    } finally {
      await moveTo(coach);
    }
    const left = await server.database.db
      .select({ id: schema.clientReports.id })
      .from(schema.clientReports)
      .where(and(eq(schema.clientReports.id, report.id)));
    expect(left).toHaveLength(1);
    expect((await call(coach, 'GET', path)).status).toBe(200);
  });

  it('answers 404 for a report of another client or one that does not exist', async () => {
    const report = await generate();
    for (const path of [
      reportsPath(busyClient.personId, `/${report.id}`),
      reportsPath(client.personId, `/${randomUUID()}`),
    ]) {
      const response = await call(coach, 'DELETE', path);
      expect(response.status, path).toBe(404);
    }
  });
});
