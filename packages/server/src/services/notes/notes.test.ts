import { randomUUID } from 'node:crypto';
import {
  addDays,
  encodePageCursor,
  latestFollowUpDate,
  localDateOf,
  messages,
  notesLimits,
} from '@coach/domain';
import { and, eq, sql } from 'drizzle-orm';
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

// The notes service over real HTTP on a real database: who reaches a client's notes and
// follow-up, pages and search, idempotent writes, the edit window, audited deletes, follow-ups
// set, moved and ended, their dates in the coach's time zone, the quotas, the coach's actions in
// other services ending a follow-up, and the live event. One server; its clock is the real one
// moved by `offsetMs`, so a test can jump past a window or start a day of its own.

let server: TestServer;
let offsetMs = 0;
let coachA: TestUser;
let coachB: TestUser;
let clientC: TestUser;
let clientD: TestUser;

const serverNow = () => new Date(Date.now() + offsetMs);
const notesPath = (client: TestUser) => `/api/notes/clients/${client.personId}/notes`;
const followUpPath = (client: TestUser) => `/api/notes/clients/${client.personId}/followUp`;

type Note = {
  id: string;
  clientId: string;
  text: string;
  writtenAt: string;
  editedAt: string | null;
  editableUntil: string;
};
type NotePage = { items: Note[]; nextCursor: string | null };
type FollowUp = {
  id: string;
  clientId: string;
  dueDate: string;
  reason: string;
  isDue: boolean;
  createdAt: string;
  endedAt: string | null;
  ending: string | null;
};

/** One session per user for the file: signing in for every call cost the file seconds. */
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
  user: TestUser | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<TestResponse> {
  const token = user ? await tokenOf(user) : undefined;
  return callApi(server.baseUrl, method, path, {
    ...(body === undefined ? {} : { body }),
    ...(token ? { token } : {}),
  });
}

const write = (user: TestUser, client: TestUser, text: string, id: string = randomUUID()) =>
  call(user, 'POST', notesPath(client), { id, text });

/** Writes and expects it stored: answers the note. */
async function written(user: TestUser, client: TestUser, text: string): Promise<Note> {
  const response = await write(user, client, text);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Note;
}

async function page(user: TestUser, client: TestUser, query = ''): Promise<NotePage> {
  const response = await call(user, 'GET', `${notesPath(client)}${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as NotePage;
}

/** The texts of the notes `search` finds, newest first. */
async function found(client: TestUser, search: string): Promise<string[]> {
  const query = `?search=${encodeURIComponent(search)}`;
  return (await page(coachA, client, query)).items.map((note) => note.text);
}

const setFollowUp = (user: TestUser, client: TestUser, dueDate: string, reason = 'Check in') =>
  call(user, 'PUT', followUpPath(client), { dueDate, reason });

async function followUpSet(client: TestUser, dueDate: string, reason = 'Check in') {
  const response = await setFollowUp(coachA, client, dueDate, reason);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as FollowUp;
}

async function openFollowUp(user: TestUser, client: TestUser): Promise<FollowUp | null> {
  const response = await call(user, 'GET', followUpPath(client));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { open: FollowUp | null }).open;
}

/** Coach A's date now in `timeZone` (by the server's clock). */
const todayIn = (timeZone = 'UTC') => localDateOf(serverNow(), timeZone);

async function setTimezone(user: TestUser, timezone: string) {
  await server.database.db
    .update(schema.persons)
    .set({ timezone })
    .where(eq(schema.persons.id, user.personId));
}

async function moveClient(client: TestUser, coach: TestUser) {
  await server.database.db
    .update(schema.persons)
    .set({ coachPersonId: coach.personId })
    .where(eq(schema.persons.id, client.personId));
}

/** A new client of coach A, for a test that needs notes or a follow-up of its own. */
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

const clientNotFound = { error: 'not_found', message: messages.clientNotFound };

beforeAll(async () => {
  server = await startTestServer({
    services: ['notes', 'messaging', 'journey', 'resource', 'analytics'],
    now: serverNow,
    liveEvents: { coalesceMs: 200, heartbeatMs: 5_000 },
  });
  const person = (email: string, coach?: TestUser) =>
    createTestPerson(server.database, email, coach);
  coachA = await person('coach-a@example.com');
  coachB = await person('coach-b@example.com');
  clientC = await person('client-c@example.com', coachA);
  clientD = await person('client-d@example.com', coachA);
});
afterAll(() => server.close());

describe("a client's notes", () => {
  it('are read and written by the coach of the client only: the one 404 to the client and to other coaches', async () => {
    const note = await written(coachA, clientC, 'Prefers mornings');
    expect(note).toMatchObject({ clientId: clientC.personId, text: 'Prefers mornings' });
    expect(note.editedAt).toBeNull();
    expect(Date.parse(note.editableUntil) - Date.parse(note.writtenAt)).toBe(
      notesLimits.editWindowSeconds * 1000,
    );
    expect((await page(coachA, clientC)).items.map((item) => item.id)).toContain(note.id);
    for (const [user, client] of [
      [clientC, clientC],
      [clientD, clientC],
      [coachB, clientC],
      [coachA, coachB],
    ] as const) {
      const noteAt = `${notesPath(client)}/${note.id}`;
      for (const [method, path, body] of [
        ['GET', notesPath(client), undefined],
        ['POST', notesPath(client), { id: randomUUID(), text: 'Hello' }],
        ['PATCH', noteAt, { text: 'Changed' }],
        ['DELETE', noteAt, undefined],
        ['GET', followUpPath(client), undefined],
        ['PUT', followUpPath(client), { dueDate: todayIn(), reason: 'Hello' }],
        ['POST', `${followUpPath(client)}/end`, { ending: 'done' }],
      ] as const) {
        const response = await call(user, method, path, body);
        expect({ status: response.status, body: response.body }, `${method} ${path}`).toEqual({
          status: 404,
          body: clientNotFound,
        });
      }
    }
    expect((await call(null, 'GET', notesPath(clientC))).status).toBe(401);
    expect((await page(coachA, clientC)).items.find((item) => item.id === note.id)?.text).toBe(
      'Prefers mornings',
    );
  });

  it('stay with the coach who wrote them when the client moves: the new coach sees none, the old one gets the 404', async () => {
    const moving = await newClient();
    const ofA = await written(coachA, moving, 'Written by coach A');
    await followUpSet(moving, todayIn());
    await moveClient(moving, coachB);
    try {
      expect(await call(coachA, 'GET', notesPath(moving))).toMatchObject({
        status: 404,
        body: clientNotFound,
      });
      expect(await call(coachA, 'DELETE', `${notesPath(moving)}/${ofA.id}`)).toMatchObject({
        status: 404,
        body: clientNotFound,
      });
      expect(await page(coachB, moving)).toEqual({ items: [], nextCursor: null });
      expect(await openFollowUp(coachB, moving)).toBeNull();
      // Another coach's note is not there for the new coach: the id is not theirs.
      expect(
        await call(coachB, 'PATCH', `${notesPath(moving)}/${ofA.id}`, { text: 'Mine now' }),
      ).toMatchObject({
        status: 404,
        body: { error: 'not_found', message: messages.noteNotFound },
      });
      const ofB = await written(coachB, moving, 'Written by coach B');
      await moveClient(moving, coachA);
      expect((await page(coachA, moving)).items.map((note) => note.id)).toEqual([ofA.id]);
      // Coach B's note acted on the client for coach B: coach A's follow-up is still open.
      expect((await openFollowUp(coachA, moving))?.dueDate).toBe(todayIn());
      expect((await call(coachB, 'GET', notesPath(moving))).status).toBe(404);
      expect(ofB.text).toBe('Written by coach B');
    } finally {
      await moveClient(moving, coachA);
    }
  });

  it('are stored once by their id: a retry answers 200, another use of the id 409', async () => {
    const id = randomUUID();
    const first = await write(coachA, clientC, 'Once only', id);
    expect(first.status).toBe(201);
    expect(await write(coachA, clientC, 'Once only', id)).toMatchObject({
      status: 200,
      body: first.body,
    });
    for (const [client, text] of [
      [clientC, 'Another text'],
      [clientD, 'Once only'],
    ] as const) {
      expect(await write(coachA, client, text, id)).toMatchObject({
        status: 409,
        body: { error: 'id_conflict', message: messages.noteIdTaken },
      });
    }
    const stored = await server.database.db
      .select()
      .from(schema.clientNotes)
      .where(eq(schema.clientNotes.id, id));
    expect(stored).toHaveLength(1);
    expect((await write(coachA, clientC, '  \n ')).status).toBe(400);
    expect((await write(coachA, clientC, 'x'.repeat(notesLimits.noteMaxLength + 1))).status).toBe(
      400,
    );
    expect((await write(coachA, clientC, 'x'.repeat(notesLimits.noteMaxLength))).status).toBe(201);
  });
});

describe('pages and search', () => {
  it('lists newest first in pages of at most 50 through the cursor', async () => {
    const client = await newClient();
    const start = Date.now() - 3_600_000;
    const rows = Array.from({ length: 120 }, (_, index) => ({
      id: randomUUID(),
      organisationId: server.database.organisationId,
      clientPersonId: client.personId,
      coachPersonId: coachA.personId,
      text: `Note ${index}`,
      // Two at each instant: the id orders them.
      writtenAt: new Date(start + Math.floor(index / 2) * 1000),
    }));
    await server.database.db.insert(schema.clientNotes).values(rows);
    const expected = [...rows]
      .sort((a, b) => b.writtenAt.getTime() - a.writtenAt.getTime() || (b.id < a.id ? -1 : 1))
      .map((row) => row.id);
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const next: NotePage = await page(coachA, client, cursor ? `?before=${cursor}` : '');
      sizes.push(next.items.length);
      seen.push(...next.items.map((note) => note.id));
      cursor = next.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 20]);
    expect(seen).toEqual(expected);
    expect((await page(coachA, client, '?limit=7')).items).toHaveLength(7);
    expect((await call(coachA, 'GET', `${notesPath(client)}?limit=51`)).status).toBe(400);
    expect(await call(coachA, 'GET', `${notesPath(client)}?before=not-a-cursor`)).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', message: messages.invalidCursor },
    });
    const oldest = encodePageCursor({ at: '2000-01-01T00:00:00.000000Z', id: randomUUID() });
    expect((await page(coachA, client, `?before=${oldest}`)).items).toEqual([]);
  });

  it('finds the notes holding a text, case and accents aside, wildcards as text, a page at a time', async () => {
    const client = await newClient();
    const texts = [
      'Crème brûlée at the café',
      'CAFE meeting moved',
      // Decomposed: e and a combining acute accent.
      'Cafe\u0301 again',
      'Ñandú feathers',
      'Øresund trip',
      '100% effort',
      '1000 steps',
      'snake_case naming',
      'snakeXcase',
      'back\\slash',
    ];
    for (const text of texts) await written(coachA, client, text);
    const newestFirst = (...chosen: string[]) =>
      texts.filter((text) => chosen.includes(text)).reverse();
    const cafes = newestFirst('Crème brûlée at the café', 'CAFE meeting moved', 'Cafe\u0301 again');
    expect(await found(client, 'cafe')).toEqual(cafes);
    expect(await found(client, 'CAFÉ')).toEqual(cafes);
    expect(await found(client, '  café ')).toEqual(cafes);
    expect(await found(client, 'BRULEE')).toEqual(['Crème brûlée at the café']);
    expect(await found(client, 'ñANDU')).toEqual(['Ñandú feathers']);
    expect(await found(client, 'oresund')).toEqual(['Øresund trip']);
    expect(await found(client, '%')).toEqual(['100% effort']);
    expect(await found(client, '0%')).toEqual(['100% effort']);
    expect(await found(client, 'snake_case')).toEqual(['snake_case naming']);
    expect(await found(client, '_')).toEqual(['snake_case naming']);
    expect(await found(client, '\\')).toEqual(['back\\slash']);
    expect(await found(client, 'nothing like it')).toEqual([]);
    // Blank: every note.
    expect(await found(client, '   ')).toEqual([...texts].reverse());
    expect(await found(client, '')).toEqual([...texts].reverse());
    // A search a page at a time.
    const first = await page(coachA, client, '?search=cafe&limit=2');
    expect(first.items.map((note) => note.text)).toEqual(cafes.slice(0, 2));
    const rest = await page(coachA, client, `?search=cafe&limit=2&before=${first.nextCursor}`);
    expect(rest).toMatchObject({ items: [{ text: cafes[2] }], nextCursor: null });
    // Another client's notes are not searched.
    expect(await found(clientD, 'cafe')).toEqual([]);
    const long = 'x'.repeat(notesLimits.searchMaxLength + 1);
    expect((await call(coachA, 'GET', `${notesPath(client)}?search=${long}`)).status).toBe(400);
  });
});

describe('editing and deleting a note', () => {
  it('edits within 24 hours of writing, never after', async () => {
    const note = await written(coachA, clientC, 'Sleeps badly');
    const path = `${notesPath(clientC)}/${note.id}`;
    const edited = await call(coachA, 'PATCH', path, { text: 'Sleeps badly before reviews' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: note.id,
      text: 'Sleeps badly before reviews',
      writtenAt: note.writtenAt,
      editedAt: expect.any(String),
    });
    // The same text again changes nothing.
    expect(
      await call(coachA, 'PATCH', path, { text: 'Sleeps badly before reviews' }),
    ).toMatchObject({ status: 200, body: edited.body });
    expect((await call(coachA, 'PATCH', path, { text: ' ' })).status).toBe(400);
    expect(
      await call(coachA, 'PATCH', `${notesPath(clientC)}/${randomUUID()}`, { text: 'Hello' }),
    ).toMatchObject({ status: 404, body: { error: 'not_found', message: messages.noteNotFound } });
    // A note of another client is not at this client's address.
    expect(
      await call(coachA, 'PATCH', `${notesPath(clientD)}/${note.id}`, { text: 'Hello' }),
    ).toMatchObject({ status: 404, body: { message: messages.noteNotFound } });
    offsetMs += (notesLimits.editWindowSeconds + 1) * 1000;
    try {
      expect(await call(coachA, 'PATCH', path, { text: 'Too late' })).toMatchObject({
        status: 409,
        body: { error: 'edit_window_passed', message: messages.noteEditWindowPassed },
      });
    } finally {
      offsetMs -= (notesLimits.editWindowSeconds + 1) * 1000;
    }
    const [row] = await server.database.db
      .select({ text: schema.clientNotes.text })
      .from(schema.clientNotes)
      .where(eq(schema.clientNotes.id, note.id));
    expect(row?.text).toBe('Sleeps badly before reviews');
  });

  it('deletes a note with an audit entry naming it and the client, never its text', async () => {
    const secret = 'Mentioned a diagnosis in confidence';
    const note = await written(coachA, clientC, secret);
    const path = `${notesPath(clientC)}/${note.id}`;
    const deleted = await call(coachA, 'DELETE', path);
    expect(deleted.status).toBe(204);
    expect((await page(coachA, clientC)).items.map((item) => item.id)).not.toContain(note.id);
    expect(await call(coachA, 'DELETE', path)).toMatchObject({
      status: 404,
      body: { error: 'not_found', message: messages.noteNotFound },
    });
    const entries = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, 'note_deleted'),
          sql`${schema.auditLog.details}->>'noteId' = ${note.id}`,
        ),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUserId: coachA.userId,
      subject: clientC.personId,
      outcome: 'success',
      details: { noteId: note.id, writtenAt: note.writtenAt },
    });
    expect(JSON.stringify(entries)).not.toContain('diagnosis');
  });
});

describe('a follow-up', () => {
  it('is set, moved and ended, one open at a time; ending none is 404', async () => {
    const client = await newClient();
    expect(await openFollowUp(coachA, client)).toBeNull();
    const today = todayIn();
    const set = await followUpSet(client, today, 'Ask about the review');
    expect(set).toMatchObject({
      clientId: client.personId,
      dueDate: today,
      reason: 'Ask about the review',
      isDue: true,
      endedAt: null,
      ending: null,
    });
    const moved = await followUpSet(client, addDays(today, 3), 'After the review');
    expect(moved).toMatchObject({
      id: set.id,
      createdAt: set.createdAt,
      dueDate: addDays(today, 3),
      reason: 'After the review',
      isDue: false,
    });
    expect(await openFollowUp(coachA, client)).toEqual(moved);
    const endPath = `${followUpPath(client)}/end`;
    const done = await call(coachA, 'POST', endPath, { ending: 'done' });
    expect(done).toMatchObject({
      status: 200,
      body: { id: set.id, ending: 'done', endedAt: expect.any(String) },
    });
    expect(await openFollowUp(coachA, client)).toBeNull();
    expect(await call(coachA, 'POST', endPath, { ending: 'dropped' })).toMatchObject({
      status: 404,
      body: { error: 'not_found', message: messages.noOpenFollowUp },
    });
    expect((await call(coachA, 'POST', endPath, { ending: 'acted' })).status).toBe(400);
    const next = await followUpSet(client, addDays(today, 1));
    expect(next.id).not.toBe(set.id);
    expect(await call(coachA, 'POST', endPath, { ending: 'dropped' })).toMatchObject({
      status: 200,
      body: { id: next.id, ending: 'dropped' },
    });
    const rows = await server.database.db
      .select({ ending: schema.followUps.ending })
      .from(schema.followUps)
      .where(eq(schema.followUps.clientPersonId, client.personId));
    expect(rows.map((row) => row.ending).sort()).toEqual(['done', 'dropped']);
  });

  it("is dated and due in the coach's time zone", async () => {
    const client = await newClient();
    const east = 'Pacific/Kiritimati';
    const west = 'Pacific/Pago_Pago';
    try {
      await setTimezone(coachA, east);
      const eastToday = todayIn(east);
      const westToday = todayIn(west);
      // UTC+14 and UTC-11: a day or two apart, never the same date.
      expect(eastToday > westToday).toBe(true);
      expect((await setFollowUp(coachA, client, westToday)).status).toBe(400);
      expect(await followUpSet(client, eastToday)).toMatchObject({ isDue: true });
      await setTimezone(coachA, west);
      expect(await openFollowUp(coachA, client)).toMatchObject({
        dueDate: eastToday,
        isDue: false,
      });
      expect(await followUpSet(client, westToday)).toMatchObject({ isDue: true });
    } finally {
      await setTimezone(coachA, 'UTC');
    }
  });

  it("refuses a date that is no date, before the coach's today or over two years ahead, naming dueDate", async () => {
    const client = await newClient();
    const today = todayIn();
    const latest = latestFollowUpDate(today);
    // The contract's date schema refuses what is no date of its years; the service, the rest.
    const refusals = [
      ['0000-01-01', 'validation_failed', 'dueDate must be between 1900-01-01 and 2199-12-31'],
      ['2026-02-30', 'validation_failed', 'dueDate must be a date (YYYY-MM-DD)'],
      [addDays(today, -1), 'invalid_request', `dueDate must not be before today (${today})`],
      [
        addDays(latest, 1),
        'invalid_request',
        `dueDate must not be after ${latest} (two years ahead)`,
      ],
    ] as const;
    for (const [dueDate, error, message] of refusals) {
      expect(await setFollowUp(coachA, client, dueDate), dueDate).toMatchObject({
        status: 400,
        body: { error, message },
      });
    }
    expect(await openFollowUp(coachA, client)).toBeNull();
    expect((await followUpSet(client, latest)).dueDate).toBe(latest);
    expect((await followUpSet(client, today)).dueDate).toBe(today);
    expect(
      (await call(coachA, 'PUT', followUpPath(client), { dueDate: today, reason: ' ' })).status,
    ).toBe(400);
  });
});

describe('the quotas', () => {
  it("refuses a coach's notes past their day with 429 and Retry-After, storing nothing; a retry costs nothing", async () => {
    // A day of its own, so the window starts with this test.
    offsetMs += 2 * 86_400_000;
    server.context.notesQuotas = { notesPerDay: 2 };
    try {
      const first = await written(coachA, clientC, 'One');
      await written(coachA, clientD, 'Two');
      const refusedId = randomUUID();
      const refused = await write(coachA, clientC, 'Three', refusedId);
      expect(refused).toMatchObject({
        status: 429,
        body: { error: 'rate_limited', message: messages.tooManyNotes },
      });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(3600);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
      const stored = await server.database.db
        .select()
        .from(schema.clientNotes)
        .where(eq(schema.clientNotes.id, refusedId));
      expect(stored).toEqual([]);
      expect((await write(coachA, clientC, 'One', first.id)).status).toBe(200);
      const [audited] = await server.database.db
        .select()
        .from(schema.auditLog)
        .where(
          and(
            eq(schema.auditLog.action, 'rate_limited'),
            sql`${schema.auditLog.details}->>'limitedAction' = 'notesDaily'`,
          ),
        );
      expect(audited).toMatchObject({ subject: coachA.userId, outcome: 'refused' });
      // Another coach's day is their own.
      const otherClient = await createUserWithProfile(server.database, {
        email: 'client-of-b@example.com',
        password: 'Password1',
        type: 'user',
        coachPersonId: coachB.personId,
      });
      await written(coachB, otherClient, 'Coach B still writes');
      offsetMs += 86_400_000 + 1000;
      await written(coachA, clientC, 'Three');
    } finally {
      server.context.notesQuotas = {};
    }
  });

  it('refuses a follow-up set or moved past the day, leaving the open one as it was', async () => {
    offsetMs += 2 * 86_400_000;
    server.context.notesQuotas = { followUpsPerDay: 1 };
    try {
      const client = await newClient();
      const set = await followUpSet(client, todayIn(), 'First');
      const refused = await setFollowUp(coachA, client, addDays(todayIn(), 1), 'Moved');
      expect(refused).toMatchObject({
        status: 429,
        body: { error: 'rate_limited', message: messages.tooManyFollowUps },
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await openFollowUp(coachA, client)).toEqual(set);
      // Set again as it is: nothing written, nothing charged.
      expect(await followUpSet(client, todayIn(), 'First')).toEqual(set);
    } finally {
      server.context.notesQuotas = {};
    }
  });
});

describe("the coach's actions on a client", () => {
  const reportBody = {
    mentalWellbeing: 'Calmer',
    physicalWellbeing: 'Walks',
    productivity: 'Focused',
    finalComments: 'Keep going',
  };

  /** Sets a follow-up on a new client, runs `act`, answers how the follow-up stands. */
  async function afterAction(act: (client: TestUser) => Promise<TestResponse>) {
    const client = await newClient();
    const set = await followUpSet(client, todayIn());
    const response = await act(client);
    expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
    const [row] = await server.database.db
      .select()
      .from(schema.followUps)
      .where(eq(schema.followUps.id, set.id));
    return { open: await openFollowUp(coachA, client), row };
  }

  it('end the open follow-up as acted: a message, a note, a phase change, a report', async () => {
    const acts: Record<string, (client: TestUser) => Promise<TestResponse>> = {
      message: (client) =>
        call(coachA, 'POST', `/api/messaging/clients/${client.personId}/messages`, {
          id: randomUUID(),
          text: 'How are you?',
        }),
      note: (client) => write(coachA, client, 'Seemed tired'),
      phaseChange: (client) =>
        call(coachA, 'POST', `/api/journey/clients/${client.personId}/phase`, {
          nextPhase: 'sense',
          goals: ['stressBalance'],
          bpm: 8,
          goalChoices: ['calm'],
        }),
      report: (client) =>
        call(coachA, 'POST', `/api/resource/clients/${client.personId}/reports`, reportBody),
    };
    for (const [kind, act] of Object.entries(acts)) {
      const { open, row } = await afterAction(act);
      expect(open, kind).toBeNull();
      expect(row, kind).toMatchObject({ ending: 'acted', endedAt: expect.any(Date) });
    }
  });

  it('leave it open when the follow-up is moved, when the client writes, or when a note is a retry', async () => {
    const moved = await afterAction((client) => setFollowUp(coachA, client, addDays(todayIn(), 2)));
    expect(moved.open).toMatchObject({ dueDate: addDays(todayIn(), 2), ending: null });
    const byClient = await afterAction((client) =>
      call(client, 'POST', `/api/messaging/clients/${client.personId}/messages`, {
        id: randomUUID(),
        text: 'Hello coach',
      }),
    );
    expect(byClient.open).not.toBeNull();
    // The note of a retry stores nothing: no action.
    const note = await written(coachA, clientD, 'Kept once');
    await followUpSet(clientD, todayIn());
    expect((await write(coachA, clientD, 'Kept once', note.id)).status).toBe(200);
    expect(await openFollowUp(coachA, clientD)).not.toBeNull();
  });
});

// Last: with calls after it, the test client's pool once left the server a connection without a
// request, which the server's close waited for (its request timeout).
describe('the live event', () => {
  it("tells the client's coach, and no other coach, that a follow-up changed", async () => {
    const ofA = await openLiveStream(server.baseUrl, await tokenOf(coachA));
    const ofB = await openLiveStream(server.baseUrl, await tokenOf(coachB));
    try {
      await followUpSet(clientC, addDays(todayIn(), 5));
      expect(await ofA.next()).toMatchObject({
        event: 'clients-changed',
        data: { clientIds: [clientC.personId] },
      });
      await written(coachA, clientC, 'Ends the follow-up');
      expect(await ofA.next()).toMatchObject({
        event: 'clients-changed',
        data: { clientIds: [clientC.personId] },
      });
      await expect(ofB.next(600)).rejects.toThrow(/No event in time/);
    } finally {
      ofA.close();
      ofB.close();
    }
  });
});
