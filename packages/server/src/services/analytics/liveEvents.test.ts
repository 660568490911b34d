import { messages } from '@coach/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createTestPerson,
  createUserWithProfile,
  signInForTest,
  type TestUser,
} from '../../../test/auth.ts';
import { testDatabaseKind, testOrganisationId } from '../../../test/database.ts';
import { oneSampleBatch, openLiveStream, type TestLiveStream } from '../../../test/liveEvents.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { openDatabase } from '../../db/index.ts';

// The coach's live event stream over real HTTP on a real database: what reaches whom, coalescing,
// heartbeats, resume, the session's end, the caps, and (on PostgreSQL) a second process.

/** Long enough that the writes of one test land in one window, short enough to wait for. */
const coalesceMs = 1_500;
const liveEvents = { coalesceMs, heartbeatMs: 100, maxStreamsPerCoach: 3 };

let server: TestServer;
let coachA: TestUser;
let coachB: TestUser;
let capped: TestUser;
let clientC: TestUser;
let clientD: TestUser;
let clientE: TestUser;
const streams: TestLiveStream[] = [];

async function open(user: TestUser, lastEventId?: string, on: TestServer = server) {
  const stream = await openLiveStream(
    on.baseUrl,
    await signInForTest(on, user.userId),
    lastEventId,
  );
  streams.push(stream);
  return stream;
}

async function postBatch(client: TestUser, on: TestServer = server) {
  const response = await callApi(on.baseUrl, 'POST', '/api/device-metrics/batches', {
    token: await signInForTest(on, client.userId),
    body: oneSampleBatch(),
  });
  expect(response.status).toBe(200);
}

/** No event reaches `stream` for a while (bounded: twice the coalescing window). */
async function expectNothing(stream: TestLiveStream) {
  await expect(stream.next(coalesceMs * 2)).rejects.toThrow(/No event in time/);
}

beforeAll(async () => {
  server = await startTestServer({ liveEvents });
  const person = (email: string, coach?: TestUser) =>
    createTestPerson(server.database, email, coach);
  coachA = await person('coach-a@example.com');
  coachB = await person('coach-b@example.com');
  capped = await person('capped@example.com');
  clientC = await person('client-c@example.com', coachA);
  clientD = await person('client-d@example.com', coachA);
  clientE = await person('client-e@example.com', coachB);
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  await server.close();
});

describe('GET /api/analytics/events', () => {
  it("tells a client's coach of the client's device batch, and no other coach", async () => {
    const ofA = await open(coachA);
    const ofB = await open(coachB);
    expect(ofA.status).toBe(200);
    await postBatch(clientC);
    const event = await ofA.next();
    expect(event).toEqual({
      event: 'clients-changed',
      id: expect.any(String),
      data: { clientIds: [clientC.personId] },
    });
    await expectNothing(ofB);
    ofA.close();
    ofB.close();
  });

  it('sends the first change at once and gathers the next ones of its window into one event', async () => {
    const ofA = await open(coachA);
    const ofB = await open(coachB);
    await postBatch(clientC);
    const first = await ofA.next();
    expect(first).toMatchObject({
      event: 'clients-changed',
      data: { clientIds: [clientC.personId] },
    });
    // Within the window that event opened: gathered, sent once at its end.
    await Promise.all([postBatch(clientD), postBatch(clientC), postBatch(clientD)]);
    await postBatch(clientE);
    const gathered = await ofA.next();
    expect(gathered.event === 'clients-changed' && [...gathered.data.clientIds].sort()).toEqual(
      [clientC.personId, clientD.personId].sort(),
    );
    expect(await ofB.next()).toMatchObject({ data: { clientIds: [clientE.personId] } });
    await expectNothing(ofA);
    ofA.close();
    ofB.close();
  });

  it('sends heartbeat comments on an idle stream', async () => {
    const stream = await open(coachB);
    await stream.waitForText(': heartbeat', 2);
    expect(stream.text()).toMatch(/^: connected\nid: [0-9a-f]{8}\.\d+\n\n/);
    stream.close();
  });

  it('resumes after Last-Event-ID with the events missed, and asks an unknown id to refetch', async () => {
    const kept = await open(coachA);
    const first = await open(coachA);
    await postBatch(clientC);
    const seen = await first.next();
    await kept.next();
    first.close();
    await postBatch(clientD);
    const missed = await kept.next();
    expect(missed).toMatchObject({ data: { clientIds: [clientD.personId] } });

    const resumed = await open(coachA, seen.id);
    expect(await resumed.next()).toEqual(missed);
    resumed.close();

    for (const unknown of ['nonsense', 'ffffffff.1', `${seen.id.split('.')[0]}.999999999`]) {
      const refused = await open(coachA, unknown);
      expect(await refused.next()).toMatchObject({ event: 'refetch', data: { reason: 'resume' } });
      refused.close();
    }
    kept.close();
  });

  it("numbers each coach's events apart: another coach's busy clients leave the ids a coach sees as they were", async () => {
    const sequenceOf = (id: string) => Number(id.split('.')[1]);
    const ofA = await open(coachA);
    const ofB = await open(coachB);
    const openedAt = ofA.lastEventId();
    await postBatch(clientE);
    const ofTheOther = await ofB.next();
    expect(ofTheOther.id.split('.')[0]).not.toBe(openedAt.split('.')[0]);
    await postBatch(clientC);
    const next = await ofA.next();
    expect(next).toMatchObject({ data: { clientIds: [clientC.personId] } });
    expect(next.id.split('.')[0]).toBe(openedAt.split('.')[0]);
    // The next of A's own events: B's event in between took no number of A's.
    expect(sequenceOf(next.id)).toBe(sequenceOf(openedAt) + 1);
    ofA.close();
    ofB.close();
  });

  it('closes the stream when its session ends (logout), and leaves the other sessions open', async () => {
    const token = await signInForTest(server, coachA.userId);
    const stream = await openLiveStream(server.baseUrl, token);
    const other = await open(coachA);
    streams.push(stream);
    const logout = await callApi(server.baseUrl, 'POST', '/api/auth/session/logout', {
      token,
      body: {},
    });
    expect(logout.status).toBe(204);
    await stream.ended;
    const heartbeats = other.text().split(': heartbeat').length - 1;
    await other.waitForText(': heartbeat', heartbeats + 1);
    other.close();
  });

  it('refuses a caller without a valid token, and a client, with the usual error bodies', async () => {
    const anonymous = await openLiveStream(server.baseUrl, null);
    expect({ status: anonymous.status, body: anonymous.body }).toEqual({
      status: 401,
      body: { error: 'unauthorized', message: messages.unauthorized },
    });
    const forged = await openLiveStream(server.baseUrl, 'not-a-token');
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: 'invalid_token', message: messages.invalidAccessToken });
    const client = await openLiveStream(
      server.baseUrl,
      await signInForTest(server, clientC.userId),
    );
    expect({ status: client.status, body: client.body }).toEqual({
      status: 403,
      body: { error: 'invalid_user_type', message: messages.invalidUserType },
    });
  });

  it("refuses a coach's streams past the cap with a 429, until one closes", async () => {
    const open3 = [await open(capped), await open(capped), await open(capped)];
    const refused = await open(capped);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 429,
      body: { error: 'rate_limited', message: messages.tooManyLiveStreams },
    });
    open3[0]?.close();
    // The server notices the closed connection soon after.
    let reopened = await open(capped);
    for (let attempt = 0; reopened.status === 429 && attempt < 50; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      reopened = await open(capped);
    }
    expect(reopened.status).toBe(200);
  });
});

describe('the request timeouts', () => {
  it('leave an open stream alone past them', async () => {
    const own = await startTestServer({
      liveEvents,
      config: {
        http: { requestTimeoutMs: 300, headersTimeoutMs: 300, timeoutCheckIntervalMs: 50 },
      },
    });
    const coach = await createUserWithProfile(own.database, {
      email: 'timeouts@example.com',
      password: 'Password1',
      type: 'coach',
    });
    const stream = await openLiveStream(own.baseUrl, await signInForTest(own, coach.userId));
    expect(stream.status).toBe(200);
    // Heartbeats every 100 ms: twenty of them outlast the 300 ms request timeout several times.
    await stream.waitForText(': heartbeat', 20);
    stream.close();
    await own.close();
  });
});

describe('closing the server', () => {
  it('ends the open streams and does not wait for them', async () => {
    const own = await startTestServer({ liveEvents });
    const coach = await createUserWithProfile(own.database, {
      email: 'own@example.com',
      password: 'Password1',
      type: 'coach',
    });
    const stream = await openLiveStream(own.baseUrl, await signInForTest(own, coach.userId));
    expect(stream.status).toBe(200);
    await own.close();
    await stream.ended;
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('two server processes', () => {
  let second: TestServer;

  beforeAll(async () => {
    const { rows } = await server.database.db.execute<{ name: string }>(
      sql`select current_database() as name`,
    );
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${rows[0]?.name ?? ''}`;
    const database = await openDatabase(
      { databaseUrl: url.toString(), dataDir: '', organisationId: testOrganisationId },
      { poolSize: 2 },
    );
    second = await startTestServer({ database, liveEvents });
  });
  afterAll(() => second.close());

  it('delivers a change made through one process to a stream on the other', async () => {
    const stream = await open(coachA, undefined, second);
    await postBatch(clientD, server);
    expect(await stream.next()).toMatchObject({ data: { clientIds: [clientD.personId] } });
    stream.close();
  });

  it('closes a stream on one process when its session ends through the other', async () => {
    const token = await signInForTest(server, coachA.userId);
    // The second process signs its own tokens: the same session, its token.
    const { sessionId } = await server.context.accessTokens.verify(token);
    const secondToken = await second.context.accessTokens.sign({
      userId: coachA.userId,
      organisationId: testOrganisationId,
      sessionId,
    });
    const stream = await openLiveStream(second.baseUrl, secondToken);
    streams.push(stream);
    expect(stream.status).toBe(200);
    const logout = await callApi(server.baseUrl, 'POST', '/api/auth/session/logout', {
      token,
      body: {},
    });
    expect(logout.status).toBe(204);
    await stream.ended;
  });

  it('asks every stream to refetch once a lost database connection is back', async () => {
    const stream = await open(coachA, undefined, second);
    const { rows } = await server.database.db.execute<{ count: number }>(sql`
      select count(pg_terminate_backend(pid))::int as count from pg_stat_activity
      where datname = current_database() and query ilike 'listen %'`);
    expect(rows[0]?.count).toBeGreaterThan(0);
    expect(await stream.next()).toMatchObject({
      event: 'refetch',
      data: { reason: 'connection' },
    });
    // Listening again: changes reach the stream as before.
    await postBatch(clientC, server);
    expect(await stream.next()).toMatchObject({ data: { clientIds: [clientC.personId] } });
    stream.close();
  });
});
