import { randomUUID } from 'node:crypto';
import type { ActivityItem, ActivityPage } from '@coach/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, seedPerson, setNow } from '../../../test/analytics.ts';
import type { TestUser } from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';

let server: TestServer;
let coach: TestUser;
let otherCoach: TestUser;
let ada: TestUser;
let ben: TestUser;

/** Every item seeded for Ada, with its instant to the microsecond. */
const seeded: { id: string; at: string; kind: ActivityItem['kind'] }[] = [];

const activityPath = (id: string, query = '') => `/api/analytics/clients/${id}/activity${query}`;

async function page(query: string) {
  const response = await callAs(server, coach, activityPath(ada.personId, query));
  expect(response.status).toBe(200);
  return response.body as ActivityPage;
}

/**
 * Item k of 45: a reflection, an assessment or an exercise in turn; items come in groups of four
 * in the same millisecond, two at 0 and two at 500 microseconds: pairs of exact ties (kept apart
 * by id) inside instants that only differ below the millisecond.
 */
function instantOf(k: number): string {
  const ms = Date.parse('2025-06-10T08:00:00.000Z') - Math.floor(k / 4) * 1000;
  const micro = k % 4 < 2 ? '000' : '500';
  return `${new Date(ms).toISOString().slice(0, 23)}${micro}Z`;
}

beforeAll(async () => {
  server = await startTestServer({ services: ['analytics'] });
  setNow(server, new Date('2025-06-12T10:00:00.000Z'));
  coach = await seedPerson(server, { email: 'coach@example.com', type: 'coach' });
  otherCoach = await seedPerson(server, { email: 'other@example.com', type: 'coach' });
  const client = (email: string) =>
    seedPerson(server, { email, type: 'user', coachPersonId: coach.personId });
  ada = await client('ada@example.com');
  ben = await client('ben@example.com');
  const owner = { organisationId: server.database.organisationId, clientPersonId: ada.personId };
  for (let k = 0; k < 45; k += 1) {
    const at = instantOf(k);
    const instant = sql`${at}::timestamptz`;
    const localDate = at.slice(0, 10);
    if (k % 3 === 2) {
      const [row] = await server.database.db
        .insert(schema.exercises)
        .values({
          ...owner,
          clientExerciseId: randomUUID(),
          goal: k % 2 === 0 ? 'calm' : 'focus',
          step: 'learn',
          effect: k % 2 === 0 ? 'positive' : null,
          localDate,
          startedAt: new Date(Date.parse(at) - 600_000),
          completedAt: instant,
        })
        .returning({ id: schema.exercises.id });
      if (row) seeded.push({ id: row.id, at, kind: 'exercise' });
      continue;
    }
    const isAssessment = k % 3 === 1;
    const [row] = await server.database.db
      .insert(schema.surveys)
      .values({
        ...owner,
        type: isAssessment ? 'assessment' : k % 2 === 0 ? 'morningReflection' : 'reflection',
        step: 'sense',
        name: isAssessment ? `Assessment ${k}` : '',
        status: isAssessment ? 'complete' : null,
        localDate,
        submittedAt: instant,
      })
      .returning({ id: schema.surveys.id });
    if (row) seeded.push({ id: row.id, at, kind: isAssessment ? 'assessment' : 'reflection' });
  }
  // Never in the history: a survey not submitted, an exercise not completed, Ben's data.
  await server.database.db
    .insert(schema.surveys)
    .values({ ...owner, type: 'reflection', localDate: '2025-06-10', submittedAt: null });
  await server.database.db.insert(schema.exercises).values({
    ...owner,
    clientExerciseId: randomUUID(),
    goal: 'energy',
    localDate: '2025-06-10',
    startedAt: new Date('2025-06-10T09:00:00.000Z'),
  });
  await server.database.db.insert(schema.surveys).values({
    organisationId: server.database.organisationId,
    clientPersonId: ben.personId,
    type: 'reflection',
    localDate: '2025-06-10',
    submittedAt: new Date('2025-06-10T09:00:00.000Z'),
  });
});
afterAll(() => server.close());

/** Newest first: instant, then id, both descending. */
const expectedOrder = () =>
  [...seeded]
    .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1))
    .map((item) => item.id);

describe('GET /api/analytics/clients/:clientId/activity', () => {
  it('pages through every item once, newest first, ties on the instant by id', async () => {
    const first = await page('?limit=20');
    expect(first.clientId).toBe(ada.personId);
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page(`?limit=20&before=${first.nextCursor}`);
    expect(second.items).toHaveLength(20);
    const third = await page(`?limit=20&before=${second.nextCursor}`);
    expect(third.items).toHaveLength(5);
    expect(third.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items, ...third.items].map((item) => item.id);
    expect(ids).toEqual(expectedOrder());
  });

  it('pages the same with any page size, and ends on an exactly full last page', async () => {
    for (const limit of [1, 4, 7, 45]) {
      const ids: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const body: ActivityPage = await page(
          `?limit=${limit}${cursor === null ? '' : `&before=${cursor}`}`,
        );
        ids.push(...body.items.map((item) => item.id));
        cursor = body.nextCursor;
        pages += 1;
      } while (cursor !== null && pages < 100);
      expect(ids, `limit ${limit}`).toEqual(expectedOrder());
      expect(pages).toBe(Math.ceil(45 / limit));
    }
  });

  it('describes each kind: title, status, effect, step and date', async () => {
    const items = (await page('?limit=100')).items;
    expect(items).toHaveLength(45);
    const byId = (id: string | undefined) => items.find((item) => item.id === id);
    // k = 0: a morning reflection; 1: an assessment; 2: an exercise (calm, positive); 5: focus.
    expect(byId(seeded[0]?.id)).toEqual({
      kind: 'reflection',
      id: seeded[0]?.id,
      at: '2025-06-10T08:00:00.000Z',
      localDate: '2025-06-10',
      step: 'sense',
      title: 'morningReflection',
      status: null,
      effect: null,
    });
    expect(byId(seeded[1]?.id)).toMatchObject({
      kind: 'assessment',
      title: 'Assessment 1',
      status: 'complete',
      effect: null,
    });
    expect(byId(seeded[2]?.id)).toMatchObject({
      kind: 'exercise',
      title: 'calm',
      status: null,
      effect: 'positive',
      step: 'learn',
    });
    expect(byId(seeded[5]?.id)).toMatchObject({ kind: 'exercise', title: 'focus', effect: null });
  });

  it('gives the first 20 by default', async () => {
    const body = await page('');
    expect(body.items.map((item) => item.id)).toEqual(expectedOrder().slice(0, 20));
  });

  it("lists only the client's own items", async () => {
    const response = await callAs(server, coach, activityPath(ben.personId, '?limit=5'));
    expect(response.status).toBe(200);
    expect((response.body as ActivityPage).items).toHaveLength(1);
    expect((response.body as ActivityPage).nextCursor).toBeNull();
  });

  it('refuses a malformed cursor and a limit out of bounds (400)', async () => {
    for (const before of ['garbage', 'eyJhIjoxfQ', `${(await page('?limit=1')).nextCursor}x`]) {
      const response = await callAs(server, coach, activityPath(ada.personId, `?before=${before}`));
      expect(response.status, before).toBe(400);
      expect(response.body).toEqual({ error: 'invalid_request', message: 'Invalid cursor' });
    }
    for (const limit of ['0', '101', 'x']) {
      const response = await callAs(server, coach, activityPath(ada.personId, `?limit=${limit}`));
      expect(response.status, limit).toBe(400);
    }
  });

  it('refuses a cursor whose instant is outside the years 1900 to 2199 (400, never a 500)', async () => {
    const id = seeded[0]?.id ?? randomUUID();
    const cursorOf = (at: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');
    for (const at of [
      '0000-01-01T00:00:00.000000Z',
      '10000-01-01T00:00:00.000000Z',
      '-000001-01-01T00:00:00.000000Z',
      '1899-12-31T23:59:59.999999Z',
      '2200-01-01T00:00:00.000000Z',
    ]) {
      const response = await callAs(
        server,
        coach,
        activityPath(ada.personId, `?before=${cursorOf(at)}`),
      );
      expect(response.status, at).toBe(400);
      expect(response.body).toEqual({ error: 'invalid_request', message: 'Invalid cursor' });
    }
    // The bounds themselves are instants like any other.
    const last = await callAs(
      server,
      coach,
      activityPath(ada.personId, `?before=${cursorOf('2199-12-31T23:59:59.999999Z')}&limit=50`),
    );
    expect(last.status).toBe(200);
    expect((last.body as ActivityPage).items).toHaveLength(seeded.length);
  });

  it('answers the one 404 to anyone but the coach, and 401 without a token', async () => {
    for (const [user, id] of [
      [otherCoach, ada.personId],
      [ben, ada.personId],
      [ada, ada.personId],
      [coach, randomUUID()],
    ] as const) {
      const response = await callAs(server, user, activityPath(id));
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', message: 'Client not found' });
    }
    expect((await callAs(server, null, activityPath(ada.personId))).status).toBe(401);
  });
});
