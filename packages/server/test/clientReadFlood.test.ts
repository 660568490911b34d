// A flood of reads of clients' data from one account: the real server over HTTP, the audit rows
// read back from the database as an operator would. What the flood writes must not grow with it.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../src/db/index.ts';
import { callApi, signInForTest, type TestUser } from './auth.ts';
import { seedPerson } from './clientRecords.ts';
import { startTestServer, type TestServer } from './testServer.ts';

let server: TestServer;
let coach: TestUser;
let otherCoach: TestUser;
let client: TestUser;
let otherClient: TestUser;

/** Reads within the burst: small, so that the flood past it is cheap. */
const burst = 40;

beforeAll(async () => {
  server = await startTestServer();
  // A bucket that does not refill within the test: every read past the burst is refused.
  server.context.clientReadLimit = { burst, perSecond: 0.01 };
  coach = await seedPerson(server, { email: 'flood-coach@example.com' });
  otherCoach = await seedPerson(server, { email: 'flood-other-coach@example.com' });
  client = await seedPerson(server, { email: 'flood-client@example.com', coach });
  otherClient = await seedPerson(server, {
    email: 'flood-other-client@example.com',
    coach: otherCoach,
  });
});
afterAll(() => server?.close());

const journeyOf = (clientId: string) => `/api/journey/clients/${clientId}/journey`;

/** The audit log's rows that meet every condition, oldest first. */
const logRows = (...conditions: SQL[]) =>
  server.database.db
    .select()
    .from(schema.auditLog)
    .where(and(...conditions))
    .orderBy(schema.auditLog.id);

/** The aggregate's rows and the audit log's read rows of `actor`, once `reads` are counted. */
async function recordedReads(actor: TestUser, reads: number) {
  const aggregate = () =>
    server.database.db
      .select()
      .from(schema.auditClientReads)
      .where(eq(schema.auditClientReads.actorUserId, actor.userId));
  for (let polls = 0; polls < 500; polls += 1) {
    const rows = await aggregate();
    if (rows.reduce((sum, row) => sum + row.count, 0) >= reads) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const log = await logRows(
    eq(schema.auditLog.action, 'client_data_read'),
    eq(schema.auditLog.actorUserId, actor.userId),
  );
  return { aggregate: await aggregate(), log };
}

describe('a flood of reads from one account', () => {
  it('is counted in a row per client and hour, and refused past the burst', async () => {
    // The flood's rows are per hour: it must not straddle one.
    const toNextHour = 3_600_000 - (Date.now() % 3_600_000);
    if (toNextHour < 10_000) await new Promise((resolve) => setTimeout(resolve, toNextHour + 100));
    const token = await signInForTest(server, coach.userId);
    const read = (path: string) => callApi(server.baseUrl, 'GET', path, { token });

    const madeUp = Array.from({ length: 15 }, () => crypto.randomUUID());
    for (const id of madeUp) expect((await read(journeyOf(id))).status).toBe(404);
    for (let index = 0; index < 15; index += 1) {
      expect((await read(journeyOf(otherClient.personId))).status).toBe(404);
    }
    const lastAsked = crypto.randomUUID();
    expect((await read(journeyOf(lastAsked))).status).toBe(404);
    for (let index = 0; index < 7; index += 1) {
      expect((await read(journeyOf(client.personId))).status).toBe(200);
    }
    expect((await read('/api/analytics/clients')).status).toBe(200);
    expect((await read('/api/analytics/clients')).status).toBe(200);
    // 15 + 15 + 1 + 7 + 2 = the burst: every further read is refused before it runs.
    const refused = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        read(index % 2 === 0 ? journeyOf(crypto.randomUUID()) : journeyOf(client.personId)),
      ),
    );
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ error: 'rate_limited' });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // Per account: the other coach reads on.
    const otherToken = await signInForTest(server, otherCoach.userId);
    const otherRead = await callApi(server.baseUrl, 'GET', journeyOf(otherClient.personId), {
      token: otherToken,
    });
    expect(otherRead.status).toBe(200);

    const { aggregate, log } = await recordedReads(coach, burst);
    const counts = aggregate
      .map(({ outcome, subject, count, lastSubject, firstAt, lastAt }) => ({
        outcome,
        subject,
        count,
        lastSubject,
        isOrdered: firstAt <= lastAt,
      }))
      .sort((a, b) => `${a.outcome}${a.subject}`.localeCompare(`${b.outcome}${b.subject}`));
    expect(counts).toEqual(
      [
        // Whatever was asked: one row, the last id asked kept.
        { outcome: 'refused', subject: '', count: 31, lastSubject: lastAsked, isOrdered: true },
        { outcome: 'success', subject: '', count: 2, lastSubject: null, isOrdered: true },
        {
          outcome: 'success',
          subject: client.personId,
          count: 7,
          lastSubject: client.personId,
          isOrdered: true,
        },
      ].sort((a, b) => `${a.outcome}${a.subject}`.localeCompare(`${b.outcome}${b.subject}`)),
    );
    // One log row per aggregate row: its first read.
    expect(
      log.map(({ outcome, subject, details }) => ({ outcome, subject, route: details.route })),
    ).toEqual([
      { outcome: 'refused', subject: madeUp[0], route: 'getJourney' },
      { outcome: 'success', subject: client.personId, route: 'getJourney' },
      { outcome: 'success', subject: null, route: 'listClientSummaries' },
    ]);

    // The refusals past the burst: counted with the other throttles' refusals, one log row.
    const refusals = await server.database.db
      .select()
      .from(schema.auditRefusals)
      .where(eq(schema.auditRefusals.action, 'clientRead'));
    expect(
      refusals.map(({ scope, count, lastSubject }) => ({ scope, count, lastSubject })),
    ).toEqual([{ scope: 'account', count: 10, lastSubject: coach.userId }]);
    const rateLimited = await logRows(
      eq(schema.auditLog.action, 'rate_limited'),
      sql`${schema.auditLog.details} ->> 'limitedAction' = 'clientRead'`,
    );
    expect(rateLimited).toHaveLength(1);
  });

  it("counts a client's refused reads of another client the same way", async () => {
    const token = await signInForTest(server, client.userId);
    for (let index = 0; index < 5; index += 1) {
      const answer = await callApi(server.baseUrl, 'GET', journeyOf(otherClient.personId), {
        token,
      });
      expect(answer.status).toBe(404);
    }
    const { aggregate, log } = await recordedReads(client, 5);
    expect(aggregate.map(({ outcome, count }) => ({ outcome, count }))).toEqual([
      { outcome: 'refused', count: 5 },
    ]);
    expect(log).toHaveLength(1);
  });
});
