import type { Report } from '@coach/api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPerson, setNow } from '../../../../test/analytics.ts';
import { callApi, signInForTest, type TestUser } from '../../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../../test/testServer.ts';
import { schema } from '../../../db/index.ts';

// The coaches' report quota over real HTTP, with a ceiling of 3 reports a day: a coach past it
// is refused with a 429 and the wait until the report that must leave the window leaves it.

const max = 3;
const day = 24 * 60 * 60;

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
let secondClient: TestUser;
let clientOfOther: TestUser;

const reportsPath = (clientId: string) => `/api/resource/clients/${clientId}/reports`;

async function create(user: TestUser, clientId: string) {
  return callApi(server.baseUrl, 'POST', reportsPath(clientId), {
    token: await signInForTest(server, user.userId),
    body: notes,
  });
}

async function storedOf(user: TestUser): Promise<number> {
  const rows = await server.database.db
    .select({ id: schema.clientReports.id })
    .from(schema.clientReports)
    .where(eq(schema.clientReports.coachPersonId, user.personId));
  return rows.length;
}

/** Moves every report of a coach `seconds` back in time. */
async function age(user: TestUser, seconds: number) {
  await server.database.db.execute(sql`
    update client_reports set created_at = created_at - make_interval(secs => ${seconds})
    where coach_person_id = ${user.personId}::uuid`);
}

beforeAll(async () => {
  server = await startTestServer({ services: ['resource'], reportQuota: { max } });
  setNow(server, new Date('2025-06-12T12:30:00.000Z'));
  coach = await seedPerson(server, { email: 'coach@example.com', type: 'coach' });
  otherCoach = await seedPerson(server, { email: 'other@example.com', type: 'coach' });
  const clientOf = (email: string, of: TestUser) =>
    seedPerson(server, {
      email,
      type: 'user',
      coachPersonId: of.personId,
      createdAt: new Date('2025-05-01T08:00:00.000Z'),
    });
  client = await clientOf('client@example.com', coach);
  secondClient = await clientOf('second@example.com', coach);
  clientOfOther = await clientOf('third@example.com', otherCoach);
});
afterAll(() => server.close());

describe("a coach's report quota", () => {
  it("refuses the report past the ceiling over all the coach's clients with a 429 and Retry-After, storing nothing", async () => {
    for (const clientId of [client.personId, secondClient.personId, client.personId]) {
      expect((await create(coach, clientId)).status).toBe(201);
    }
    const refused = await create(coach, secondClient.personId);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 429,
      body: {
        error: 'rate_limited',
        message: 'Too many reports were generated lately, please try again later',
      },
    });
    // The oldest of the three leaves the window a day after it was made: a moment ago.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(day - 120);
    expect(retryAfter).toBeLessThanOrEqual(day);
    expect(await storedOf(coach)).toBe(max);
    // Another coach has a quota of their own.
    expect((await create(otherCoach, clientOfOther.personId)).status).toBe(201);
  });

  it('tells the wait from the oldest report counted, and takes reports again once it left', async () => {
    // The coach's three reports were made about 23 hours ago.
    await age(coach, day - 3600);
    const refused = await create(coach, client.personId);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3600 - 120);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // An hour later they are out of the window.
    await age(coach, 3601);
    expect((await create(coach, client.personId)).status).toBe(201);
    expect(await storedOf(coach)).toBe(max + 1);
  });

  it('stores no more than the ceiling when a coach sends many at once', async () => {
    const before = await storedOf(otherCoach);
    const answers = await Promise.all(
      Array.from({ length: max + 3 }, () => create(otherCoach, clientOfOther.personId)),
    );
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(max - before);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(
      max + 3 - created.length,
    );
    expect(await storedOf(otherCoach)).toBe(max);
    for (const answer of created)
      expect((answer.body as Report).clientId).toBe(clientOfOther.personId);
  });
});
