import { randomUUID } from 'node:crypto';
import { encodePageCursor, messages, messagingLimits } from '@coach/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createTestPerson,
  createUserWithProfile,
  signInForTest,
  type TestResponse,
  type TestUser,
} from '../../../test/auth.ts';
import { openLiveStream } from '../../../test/liveEvents.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';

// The messaging service over real HTTP on a real database: who reaches a thread, pages, read
// marks and unread counts, idempotent sends, the delete window, the quotas, the coach's mail and
// the live event. One server; its clock is the real one moved by `offsetMs`, so messages sent one
// after another keep their order and a test can jump past a window.

let server: TestServer;
let offsetMs = 0;
let coachA: TestUser;
let coachB: TestUser;
let clientC: TestUser;
let clientD: TestUser;
let clientM: TestUser;

const threadPath = (client: TestUser) => `/api/messaging/clients/${client.personId}/messages`;

type Message = { id: string; author: string; text: string; readAt: string | null };
type Page = { items: Message[]; nextCursor: string | null; unread: number };

async function call(
  user: TestUser | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<TestResponse> {
  const token = user ? await signInForTest(server, user.userId) : undefined;
  return callApi(server.baseUrl, method, path, {
    ...(body === undefined ? {} : { body }),
    ...(token ? { token } : {}),
  });
}

/** Sends `text` as `user` in `client`'s thread; answers the response. */
const send = (user: TestUser, client: TestUser, text: string, id: string = randomUUID()) =>
  call(user, 'POST', threadPath(client), { id, text });

/** Sends and expects it stored: answers the message. */
async function sent(user: TestUser, client: TestUser, text: string): Promise<Message> {
  const response = await send(user, client, text);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Message;
}

async function page(user: TestUser, client: TestUser, query = ''): Promise<Page> {
  const response = await call(user, 'GET', `${threadPath(client)}${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Page;
}

/** The unread messages the coach's clients list shows for the client (undefined: not listed). */
async function listedUnread(coach: TestUser, client: TestUser): Promise<number | undefined> {
  const response = await call(coach, 'GET', '/api/analytics/clients');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const { clients } = response.body as { clients: { clientId: string; unreadMessages: number }[] };
  return clients.find((listed) => listed.clientId === client.personId)?.unreadMessages;
}

const clientNotFound = { error: 'not_found', message: 'Client not found' };

const person = (email: string, coach?: TestUser) =>
  createTestPerson(
    server.database,
    email,
    coach,
    coach ? { firstName: 'Carla', lastName: 'Client' } : { firstName: 'Ana', lastName: 'Coach' },
  );

beforeAll(async () => {
  server = await startTestServer({
    services: ['messaging', 'analytics'],
    now: () => new Date(Date.now() + offsetMs),
    liveEvents: { coalesceMs: 200, heartbeatMs: 5_000 },
  });
  // Lifted here, lowered by the quota tests: the file sends more than a coach may in a minute.
  server.context.messagingQuotas = { coach: { perMinute: 1_000 }, client: { perMinute: 1_000 } };
  coachA = await person('coach-a@example.com');
  coachB = await person('coach-b@example.com');
  clientC = await person('client-c@example.com', coachA);
  clientD = await person('client-d@example.com', coachA);
  clientM = await person('client-m@example.com', coachA);
});
afterAll(() => server.close());

describe('a thread', () => {
  it('is read and written by the client and their coach, and by nobody else', async () => {
    // A thread of its own: the other tests write to clientC's.
    const own = await person('client-thread@example.com', coachA);
    const fromCoach = await sent(coachA, own, 'How did the breathing go?');
    expect(fromCoach).toMatchObject({
      clientId: own.personId,
      author: 'coach',
      text: 'How did the breathing go?',
      readAt: null,
      deletedAt: null,
    });
    const fromClient = await sent(own, own, 'Well,\nthank you');
    const ofClient = await page(own, own);
    expect(ofClient.items.map((message) => message.id)).toEqual([fromClient.id, fromCoach.id]);
    expect(ofClient.unread).toBe(1);
    expect((await page(coachA, own)).unread).toBe(1);
    for (const [user, client] of [
      [coachB, own],
      [clientD, own],
      [coachA, coachB],
    ] as const) {
      expect(await call(user, 'GET', threadPath(client))).toMatchObject({
        status: 404,
        body: clientNotFound,
      });
      expect(await send(user, client, 'Hello')).toMatchObject({
        status: 404,
        body: clientNotFound,
      });
    }
    expect((await call(null, 'GET', threadPath(own))).status).toBe(401);
  });

  it('is lost at once by a coach whose client moved to another coach, who starts a new one', async () => {
    const moving = await createUserWithProfile(server.database, {
      email: 'moving@example.com',
      password: 'Password1',
      type: 'user',
      coachPersonId: coachA.personId,
    });
    await sent(moving, moving, 'A question for coach A');
    expect(await listedUnread(coachA, moving)).toBe(1);
    await server.database.db
      .update(schema.persons)
      .set({ coachPersonId: coachB.personId })
      .where(eq(schema.persons.id, moving.personId));
    expect(await call(coachA, 'GET', threadPath(moving))).toMatchObject({
      status: 404,
      body: clientNotFound,
    });
    expect(await send(coachA, moving, 'Still there?')).toMatchObject({ status: 404 });
    // Neither the new coach nor the client sees the old thread; the new coach's counts skip it.
    expect(await page(coachB, moving)).toEqual({ items: [], nextCursor: null, unread: 0 });
    expect((await page(moving, moving)).items).toEqual([]);
    const counts = await call(coachA, 'GET', '/api/messaging/unread');
    const ids = (counts.body as { clients: { clientId: string }[] }).clients.map((c) => c.clientId);
    expect(ids).not.toContain(moving.personId);
    // The new coach's list counts only what the client writes to them.
    expect(await listedUnread(coachA, moving)).toBeUndefined();
    expect(await listedUnread(coachB, moving)).toBe(0);
    const toB = await sent(moving, moving, 'A question for coach B');
    expect(await listedUnread(coachB, moving)).toBe(1);
    await call(coachB, 'POST', `${threadPath(moving)}/read`, { upTo: toB.id });
    expect(await listedUnread(coachB, moving)).toBe(0);
  });

  it('stores a send once by its id: a retry answers 200, another use of the id 409', async () => {
    const id = randomUUID();
    const first = await send(coachA, clientC, 'Once only', id);
    expect(first.status).toBe(201);
    const retry = await send(coachA, clientC, 'Once only', id);
    expect(retry).toMatchObject({ status: 200, body: first.body });
    for (const [user, text] of [
      [coachA, 'Another text'],
      [clientC, 'Once only'],
    ] as const) {
      expect(await send(user, clientC, text, id)).toMatchObject({
        status: 409,
        body: { error: 'id_conflict', message: messages.messageIdTaken },
      });
    }
    const stored = await server.database.db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.id, id));
    expect(stored).toHaveLength(1);
  });

  it('refuses a message of spaces only, or over the longest', async () => {
    expect((await send(coachA, clientC, '   ')).status).toBe(400);
    const long = 'x'.repeat(messagingLimits.messageMaxLength + 1);
    expect((await send(coachA, clientC, long)).status).toBe(400);
  });
});

describe('pages of a thread', () => {
  it('lists newest first in pages of at most 50 through the cursor, and refuses a foreign cursor', async () => {
    // A thread of its own, holding exactly these messages.
    const own = await person('client-pages@example.com', coachA);
    const start = Date.now() - 3_600_000;
    const rows = Array.from({ length: 120 }, (_, index) => ({
      id: randomUUID(),
      organisationId: server.database.organisationId,
      clientPersonId: own.personId,
      coachPersonId: coachA.personId,
      author: 'coach' as const,
      text: `Message ${index}`,
      // Two at each instant: the id orders them.
      sentAt: new Date(start + Math.floor(index / 2) * 1000),
    }));
    await server.database.db.insert(schema.messages).values(rows);
    const expected = [...rows]
      .sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime() || (b.id < a.id ? -1 : 1))
      .map((row) => row.id);
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?before=${cursor}` : '';
      const next = await page(own, own, query);
      sizes.push(next.items.length);
      seen.push(...next.items.map((message) => message.id));
      expect(next.unread).toBe(120);
      cursor = next.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 20]);
    expect(seen).toEqual(expected);
    expect((await page(coachA, own, '?limit=7')).items).toHaveLength(7);
    expect((await call(coachA, 'GET', `${threadPath(own)}?limit=51`)).status).toBe(400);
    const invalid = await call(coachA, 'GET', `${threadPath(own)}?before=not-a-cursor`);
    expect(invalid).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    // A cursor of ours past the oldest: an empty page.
    const oldest = encodePageCursor({ at: '2000-01-01T00:00:00.000000Z', id: randomUUID() });
    expect((await page(coachA, own, `?before=${oldest}`)).items).toEqual([]);
  });
});

describe('read marks and unread counts', () => {
  it("counts each current client's unread messages for their coach, and marks them read up to one", async () => {
    const fresh = await createUserWithProfile(server.database, {
      email: 'fresh@example.com',
      password: 'Password1',
      type: 'user',
      coachPersonId: coachA.personId,
    });
    const written = [];
    for (const text of ['One', 'Two', 'Three']) written.push(await sent(fresh, fresh, text));
    const before = (await call(coachA, 'GET', '/api/messaging/unread')).body as {
      clients: { clientId: string; unread: number }[];
      total: number;
    };
    expect(before.clients).toContainEqual({ clientId: fresh.personId, unread: 3 });
    expect(await listedUnread(coachA, fresh)).toBe(3);
    expect(before.total).toBe(before.clients.reduce((sum, client) => sum + client.unread, 0));
    expect((await call(coachB, 'GET', '/api/messaging/unread')).body).toEqual({
      clients: [],
      total: 0,
    });
    // The client's marks are on the coach's messages: nothing of their own.
    const byClient = await call(fresh, 'POST', `${threadPath(fresh)}/read`, {
      upTo: written[2]?.id,
    });
    expect(byClient).toMatchObject({ status: 200, body: { unread: 0 } });
    const marked = await call(coachA, 'POST', `${threadPath(fresh)}/read`, {
      upTo: written[1]?.id,
    });
    expect(marked).toMatchObject({ status: 200, body: { unread: 1 } });
    const after = (await call(coachA, 'GET', '/api/messaging/unread')).body as typeof before;
    expect(after.clients).toContainEqual({ clientId: fresh.personId, unread: 1 });
    // The list's kept answer is made again: the row's count changed with the marks.
    expect(await listedUnread(coachA, fresh)).toBe(1);
    expect(after.total).toBe(before.total - 2);
    const items = (await page(coachA, fresh)).items;
    expect(items.map((message) => message.readAt !== null)).toEqual([false, true, true]);
    const unknown = await call(coachA, 'POST', `${threadPath(fresh)}/read`, { upTo: randomUUID() });
    expect(unknown).toMatchObject({
      status: 404,
      body: { error: 'not_found', message: messages.messageNotFound },
    });
    // A message of another thread is not of this one.
    const elsewhere = await sent(coachA, clientC, 'Elsewhere');
    expect(
      (await call(coachA, 'POST', `${threadPath(fresh)}/read`, { upTo: elsewhere.id })).status,
    ).toBe(404);
  });
});

describe('deleting a message', () => {
  it("deletes the coach's own message within the window, twice alike, never after it", async () => {
    const message = await sent(coachA, clientC, 'Sent to the wrong client');
    const path = `${threadPath(clientC)}/${message.id}`;
    const deleted = await call(coachA, 'DELETE', path);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: message.id, text: '', deletedAt: expect.any(String) });
    expect(await call(coachA, 'DELETE', path)).toMatchObject({ status: 200, body: deleted.body });
    const seenByClient = (await page(clientC, clientC)).items.find(
      (item) => item.id === message.id,
    );
    expect(seenByClient).toMatchObject({ text: '', deletedAt: expect.any(String) });
    const [row] = await server.database.db
      .select({ text: schema.messages.text })
      .from(schema.messages)
      .where(eq(schema.messages.id, message.id));
    expect(row?.text).toBe('');

    const late = await sent(coachA, clientC, 'Too late to take back');
    offsetMs += (messagingLimits.deleteWindowSeconds + 1) * 1000;
    try {
      expect(await call(coachA, 'DELETE', `${threadPath(clientC)}/${late.id}`)).toMatchObject({
        status: 409,
        body: { error: 'delete_window_passed', message: messages.messageDeleteWindowPassed },
      });
    } finally {
      offsetMs -= (messagingLimits.deleteWindowSeconds + 1) * 1000;
    }
  });

  it("refuses the client (403), a client's message (403) and a message of another thread (404)", async () => {
    const mine = await sent(coachA, clientC, 'Mine');
    expect(await call(clientC, 'DELETE', `${threadPath(clientC)}/${mine.id}`)).toMatchObject({
      status: 403,
      body: { error: 'forbidden', message: messages.onlyCoachesDeleteMessages },
    });
    const theirs = await sent(clientC, clientC, 'Theirs');
    expect((await call(coachA, 'DELETE', `${threadPath(clientC)}/${theirs.id}`)).status).toBe(403);
    expect(await call(coachA, 'DELETE', `${threadPath(clientD)}/${mine.id}`)).toMatchObject({
      status: 404,
      body: { error: 'not_found', message: messages.messageNotFound },
    });
  });
});

describe('the quotas', () => {
  it('refuses a writer past their messages a minute with 429 and Retry-After; a retry costs nothing; the next minute sends', async () => {
    // A minute of its own, so the window starts with this test.
    offsetMs += 10 * 60_000;
    server.context.messagingQuotas = { client: { perMinute: 2 } };
    try {
      const first = await sent(clientD, clientD, 'One');
      await sent(clientD, clientD, 'Two');
      // A refused send writes nothing, not even for a moment: no version of the client's list
      // row is taken (a sequence keeps what a rolled-back transaction took).
      const versions = sql`select last_value::text as taken from client_list_versions`;
      const [before] = (await server.database.db.execute<{ taken: string }>(versions)).rows;
      const refused = await send(clientD, clientD, 'Three');
      const [after] = (await server.database.db.execute<{ taken: string }>(versions)).rows;
      expect(after?.taken).toBe(before?.taken);
      expect(refused).toMatchObject({
        status: 429,
        body: { error: 'rate_limited', message: messages.tooManyMessages },
      });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await send(clientD, clientD, 'One', first.id)).status).toBe(200);
      // The coach's quota is their own.
      await sent(coachA, clientD, 'Coach still writes');
      offsetMs += 61_000;
      await sent(clientD, clientD, 'Three');
    } finally {
      server.context.messagingQuotas = {
        coach: { perMinute: 1_000 },
        client: { perMinute: 1_000 },
      };
    }
  });

  it('refuses a coach past their characters of a day, over all their clients, for the rest of the day', async () => {
    offsetMs += 2 * 86_400_000;
    server.context.messagingQuotas = { coach: { perMinute: 1_000, charactersPerDay: 30 } };
    try {
      await sent(coachA, clientC, 'x'.repeat(20));
      const refused = await send(coachA, clientD, 'y'.repeat(11));
      expect(refused).toMatchObject({ status: 429, body: { message: messages.tooManyMessages } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
      await sent(coachA, clientD, 'y'.repeat(10));
    } finally {
      server.context.messagingQuotas = {
        coach: { perMinute: 1_000 },
        client: { perMinute: 1_000 },
      };
    }
  });
});

describe("the coach's message mail", () => {
  it("tells the client once an hour that their coach wrote, never the text, in the language of the client's mails (their coach's)", async () => {
    const mailsTo = () =>
      server.mailSink.received.filter((mail) => mail.to.includes(clientM.email));
    const secret = 'Your blood pressure figures worry me';
    await sent(coachA, clientM, secret);
    const [first] = await waitForMails(mailsTo, 1);
    expect(first?.subject).toBe('Your coach sent you a message');
    expect(first?.text).toContain('Hello Carla,');
    expect(first?.text).toContain('Ana Coach sent you a message in Coach.');
    expect(first?.text).toContain('Open your Coach app');
    expect(first?.raw).not.toContain('blood pressure');
    // Within the hour: no mail; the client's own messages never mail.
    await sent(coachA, clientM, 'And another thing');
    await sent(clientM, clientM, 'Thanks');
    await server.database.db
      .update(schema.persons)
      .set({ language: 'es' })
      .where(eq(schema.persons.id, coachA.personId));
    offsetMs += messagingLimits.mailEverySeconds * 1000;
    await sent(coachA, clientM, 'Un mensaje');
    const mails = await waitForMails(mailsTo, 2);
    expect(mails[1]?.subject).toBe('Tu coach te ha enviado un mensaje');
    expect(mails[1]?.text).toContain('Ana Coach te ha enviado un mensaje en Coach.');
    expect(mails[1]?.raw).not.toContain('Un mensaje');
    // Nothing else came meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo()).toHaveLength(2);
    const [mailed] = await server.database.db
      .execute<{ count: number }>(
        sql`select count(*)::int as count from message_mails where client_person_id = ${clientM.personId}::uuid`,
      )
      .then((result) => result.rows);
    expect(mailed?.count).toBe(1);
    await server.database.db
      .update(schema.persons)
      .set({ language: 'en-US' })
      .where(eq(schema.persons.id, coachA.personId));
  });
});

describe('quick replies', () => {
  it("keeps a coach's quick replies in their order, each id once, and refuses clients", async () => {
    expect((await call(coachB, 'GET', '/api/messaging/quickReplies')).body).toEqual({ items: [] });
    const items = [
      { id: randomUUID(), text: 'Hi {firstName}, how are you today?' },
      { id: randomUUID(), text: 'Well done!' },
    ];
    expect(await call(coachB, 'PUT', '/api/messaging/quickReplies', { items })).toMatchObject({
      status: 200,
      body: { items },
    });
    expect((await call(coachB, 'GET', '/api/messaging/quickReplies')).body).toEqual({ items });
    expect((await call(coachA, 'GET', '/api/messaging/quickReplies')).body).toEqual({ items: [] });
    const repeated = [items[0], { ...items[0], text: 'Again' }];
    expect(
      await call(coachB, 'PUT', '/api/messaging/quickReplies', { items: repeated }),
    ).toMatchObject({
      status: 400,
      body: { message: messages.quickReplyIdsRepeated },
    });
    expect(await call(clientC, 'GET', '/api/messaging/quickReplies')).toMatchObject({
      status: 403,
      body: { error: 'forbidden', message: messages.onlyCoachesKeepQuickReplies },
    });
    expect(await call(clientC, 'GET', '/api/messaging/unread')).toMatchObject({
      status: 403,
      body: { error: 'forbidden', message: messages.onlyCoachesReadUnreadCounts },
    });
  });
});

// Last: with calls after it, the test client's pool once left the server a connection without a
// request, which the server's close waited for (its request timeout).
describe('the live event', () => {
  it("tells the client's coach, and no other coach, that a thread changed", async () => {
    const ofA = await openLiveStream(server.baseUrl, await signInForTest(server, coachA.userId));
    const ofB = await openLiveStream(server.baseUrl, await signInForTest(server, coachB.userId));
    try {
      const message = await sent(clientC, clientC, 'Are you there?');
      expect(await ofA.next()).toMatchObject({
        event: 'messages-changed',
        data: { clientIds: [clientC.personId] },
      });
      await call(coachA, 'POST', `${threadPath(clientC)}/read`, { upTo: message.id });
      expect(await ofA.next()).toMatchObject({
        event: 'messages-changed',
        data: { clientIds: [clientC.personId] },
      });
      await expect(ofB.next(600)).rejects.toThrow(/No event in time/);
    } finally {
      ofA.close();
      ofB.close();
    }
  });
});

/** Waits (bounded) until `read` holds `count` mails; answers them. */
async function waitForMails<T>(read: () => T[], count: number): Promise<T[]> {
  const deadline = Date.now() + 10_000;
  while (read().length < count) {
    if (Date.now() > deadline) throw new Error(`Only ${read().length} of ${count} mails came`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}
