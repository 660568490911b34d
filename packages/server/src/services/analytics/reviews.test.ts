import { randomUUID } from 'node:crypto';
import type { ClientReview, ClientSummary, ClientSummaryList } from '@coach/api';
import {
  attentionOf,
  isInAttentionQueue,
  localDateOf,
  messages,
  queueFlagsOf,
} from '@coach/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createUserWithProfile,
  signInForTest,
  type TestResponse,
  type TestUser,
} from '../../../test/auth.ts';
import { openLiveStream } from '../../../test/liveEvents.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';

// 'Reviewed for today' over real HTTP on a real database (decision 94): a coach marks a client,
// the list and the profile carry today's review, the queue rule on the row leaves the client out
// until a new flag or message; another coach and the client get the one 404; undo; a review of
// yesterday is never answered; the audit rows, the live notice and the coach's rate cap. The
// server's clock is the real one moved by `offsetMs`.

let server: TestServer;
let offsetMs = 0;
let coachA: TestUser;
let coachB: TestUser;

const serverNow = () => new Date(Date.now() + offsetMs);
const coachTimeZone = 'Pacific/Auckland';
const todayOfCoach = () => localDateOf(serverNow(), coachTimeZone);
const reviewPath = (client: TestUser) => `/api/analytics/clients/${client.personId}/review`;
const clientNotFound = { error: 'not_found', message: messages.clientNotFound };

const tokens = new Map<string, Promise<string>>();
function tokenOf(user: TestUser): Promise<string> {
  let token = tokens.get(user.userId);
  if (!token) {
    token = signInForTest(server, user.userId);
    tokens.set(user.userId, token);
  }
  return token;
}

async function call(
  user: TestUser,
  method: string,
  path: string,
  body?: unknown,
): Promise<TestResponse> {
  return callApi(server.baseUrl, method, path, {
    token: await tokenOf(user),
    ...(body === undefined ? {} : { body }),
  });
}

async function marked(client: TestUser): Promise<ClientReview> {
  const response = await call(coachA, 'PUT', reviewPath(client));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as ClientReview;
}

async function unmarked(client: TestUser, user: TestUser = coachA): Promise<void> {
  const response = await call(user, 'DELETE', reviewPath(client));
  expect(response.status, JSON.stringify(response.body)).toBe(204);
}

/** The client's row of coach A's list, and whether the queue holds it by the domain's rule. */
async function rowOf(client: TestUser): Promise<{ row: ClientSummary; isQueued: boolean }> {
  const response = await call(coachA, 'GET', '/api/analytics/clients');
  expect(response.status).toBe(200);
  const list = response.body as ClientSummaryList;
  const row = list.clients.find((each) => each.clientId === client.personId);
  if (!row) throw new Error('the client is not in the list');
  const attention = attentionOf(row, new Date(list.generatedAt));
  const flags = queueFlagsOf(attention, row.followUp?.isDue === true);
  return { row, isQueued: isInAttentionQueue(flags, row.unreadMessages, row.review) };
}

/** The client writes to their coach: one more unread message. */
async function clientWrites(client: TestUser): Promise<void> {
  const path = `/api/messaging/clients/${client.personId}/messages`;
  const response = await call(client, 'POST', path, { id: randomUUID(), text: 'Hello' });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

let clientCount = 0;
function newClient(): Promise<TestUser> {
  clientCount += 1;
  return createUserWithProfile(server.database, {
    email: `client-${clientCount}@example.com`,
    password: 'Password1',
    type: 'user',
    coachPersonId: coachA.personId,
  });
}

function auditRows(client: TestUser) {
  return server.database.db
    .select()
    .from(schema.auditLog)
    .where(
      and(
        eq(schema.auditLog.subject, client.personId),
        sql`${schema.auditLog.action} in ('client_reviewed', 'client_review_undone')`,
      ),
    )
    .orderBy(schema.auditLog.id);
}

beforeAll(async () => {
  server = await startTestServer({
    services: ['analytics', 'messaging'],
    now: serverNow,
    liveEvents: { coalesceMs: 200, heartbeatMs: 5_000 },
  });
  const coach = (email: string) =>
    createUserWithProfile(server.database, {
      email,
      password: 'Password1',
      type: 'coach',
      timezone: coachTimeZone,
    });
  coachA = await coach('coach-a@example.com');
  coachB = await coach('coach-b@example.com');
});
afterAll(() => server.close());

describe("a coach's review of a client", () => {
  it('holds the flags the server finds, shows on the list and the profile today, and takes the client out of the queue', async () => {
    const client = await newClient();
    await clientWrites(client);
    expect((await rowOf(client)).isQueued).toBe(true);
    const review = await marked(client);
    expect(review).toMatchObject({ day: todayOfCoach(), unreadMessages: 1 });
    expect(review.flags).toContain('unreadMessages');
    const { row, isQueued } = await rowOf(client);
    expect(row.review).toEqual(review);
    expect(isQueued).toBe(false);
    const profile = await call(coachA, 'GET', `/api/analytics/clients/${client.personId}/profile`);
    expect((profile.body as ClientSummary).review).toEqual(review);
  });

  it('is one a day: a second mark replaces the first', async () => {
    const client = await newClient();
    await marked(client);
    await clientWrites(client);
    const second = await marked(client);
    expect(second.unreadMessages).toBe(1);
    const stored = await server.database.db
      .select()
      .from(schema.clientReviews)
      .where(eq(schema.clientReviews.clientPersonId, client.personId));
    expect(stored).toHaveLength(1);
    expect((await rowOf(client)).row.review).toEqual(second);
  });

  it('lets the client back into the queue when a new message comes after it', async () => {
    const client = await newClient();
    await clientWrites(client);
    const review = await marked(client);
    await clientWrites(client);
    const { row, isQueued } = await rowOf(client);
    expect(row.review).toEqual(review);
    expect(row.unreadMessages).toBe(2);
    expect(isQueued).toBe(true);
  });

  it("is the client's coach's only: another coach and the client get the one 404, and learn nothing", async () => {
    const client = await newClient();
    await clientWrites(client);
    const review = await marked(client);
    for (const user of [coachB, client]) {
      for (const method of ['PUT', 'DELETE']) {
        const response = await call(user, method, reviewPath(client));
        expect({ status: response.status, body: response.body }, method).toEqual({
          status: 404,
          body: clientNotFound,
        });
      }
    }
    // An id that is no one's answers the same.
    const nobody = { ...client, personId: randomUUID() };
    expect((await call(coachA, 'PUT', reviewPath(nobody))).body).toEqual(clientNotFound);
    expect((await rowOf(client)).row.review).toEqual(review);
    const ofB = await server.database.db
      .select()
      .from(schema.clientReviews)
      .where(eq(schema.clientReviews.coachPersonId, coachB.personId));
    expect(ofB).toEqual([]);
  });

  it('is undone by its coach, again without harm; each mark and undo is audited, a second undo is not', async () => {
    const client = await newClient();
    await clientWrites(client);
    const review = await marked(client);
    await unmarked(client);
    const { row, isQueued } = await rowOf(client);
    expect(row.review).toBeNull();
    expect(isQueued).toBe(true);
    await unmarked(client);
    const audited = await auditRows(client);
    expect(audited.map(({ action }) => action)).toEqual([
      'client_reviewed',
      'client_review_undone',
    ]);
    for (const entry of audited) {
      expect(entry).toMatchObject({
        actorUserId: coachA.userId,
        subject: client.personId,
        outcome: 'success',
        details: { day: review.day },
      });
    }
  });

  it("is never answered on the coach's next day", async () => {
    const client = await newClient();
    await clientWrites(client);
    await marked(client);
    offsetMs += 86_400_000;
    const { row, isQueued } = await rowOf(client);
    expect(row.review).toBeNull();
    expect(isQueued).toBe(true);
    // Undoing today's finds none: yesterday's stays as it was, unseen.
    await unmarked(client);
    expect(await auditRows(client)).toHaveLength(1);
  });

  it("is told to the coach's live streams, not to another coach's", async () => {
    const client = await newClient();
    const ofA = await openLiveStream(server.baseUrl, await tokenOf(coachA));
    const ofB = await openLiveStream(server.baseUrl, await tokenOf(coachB));
    try {
      await marked(client);
      expect(await ofA.next()).toMatchObject({
        event: 'clients-changed',
        data: { clientIds: [client.personId] },
      });
      await unmarked(client);
      expect(await ofA.next()).toMatchObject({
        event: 'clients-changed',
        data: { clientIds: [client.personId] },
      });
      await expect(ofB.next(600)).rejects.toThrow(/No event in time/);
    } finally {
      ofA.close();
      ofB.close();
    }
  });

  it("is refused past the coach's rate with 429 and Retry-After, audited, storing nothing", async () => {
    // A day of its own, so the windows start with this test.
    offsetMs += 2 * 86_400_000;
    const client = await newClient();
    server.context.reviewQuotas = { perMinute: 2 };
    try {
      await marked(client);
      await unmarked(client);
      const refused = await call(coachA, 'PUT', reviewPath(client));
      expect(refused).toMatchObject({
        status: 429,
        body: { error: 'rate_limited', message: messages.tooManyReviews },
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await rowOf(client)).row.review).toBeNull();
      const [limited] = await server.database.db
        .select()
        .from(schema.auditLog)
        .where(
          and(
            eq(schema.auditLog.action, 'rate_limited'),
            sql`${schema.auditLog.details}->>'limitedAction' = 'reviewsRate'`,
          ),
        );
      expect(limited).toMatchObject({ subject: coachA.userId, outcome: 'refused' });
    } finally {
      server.context.reviewQuotas = {};
    }
  });
});
