import { randomUUID } from 'node:crypto';
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createUserWithProfile,
  signInForTest,
  type TestUser,
} from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';

let server: TestServer;
let coach: TestUser;
let otherClient: TestUser;
const path = '/api/device-metrics/batches';
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

async function tokenFor(user: TestUser) {
  return signInForTest(server, user.userId);
}

async function post(user: TestUser | null, body: unknown) {
  return callApi(server.baseUrl, 'POST', path, {
    body,
    ...(user ? { token: await tokenFor(user) } : {}),
  });
}

/** Midnight UTC `days` days before today, so every test instant is in the past 30 days. */
function utcMidnightDaysAgo(days: number): number {
  const today = new Date();
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - days * dayMs;
}

function isoDate(instantMs: number): string {
  return new Date(instantMs).toISOString().slice(0, 10);
}

function sample(kind: string, value: number, measuredAtMs: number) {
  return { id: randomUUID(), kind, value, measuredAt: new Date(measuredAtMs).toISOString() };
}

function session(startMs: number, endMs: number) {
  return {
    id: randomUUID(),
    startedAt: new Date(startMs).toISOString(),
    endedAt: new Date(endMs).toISOString(),
  };
}

async function dailyOf(user: TestUser) {
  return server.database.db
    .select()
    .from(schema.clientDaily)
    .where(eq(schema.clientDaily.clientPersonId, user.personId))
    .orderBy(asc(schema.clientDaily.localDate));
}

async function rawCounts(user: TestUser) {
  const samples = await server.database.db
    .select()
    .from(schema.metricSamples)
    .where(eq(schema.metricSamples.clientPersonId, user.personId));
  const sessions = await server.database.db
    .select()
    .from(schema.usageSessions)
    .where(eq(schema.usageSessions.clientPersonId, user.personId));
  return { samples: samples.length, sessions: sessions.length };
}

/** A new client of the coach, with no data yet: a test that reads a client's rows makes its own. */
function newClient(name: string, timezone = 'UTC') {
  return createUserWithProfile(server.database, {
    email: `${name}-${randomUUID()}@example.com`,
    password: 'Password1',
    type: 'user',
    coachPersonId: coach.personId,
    timezone,
  });
}

/** A new client that has already sent `body`, answered 200. */
async function clientWhoSent(name: string, body: unknown) {
  const sender = await newClient(name);
  expect((await post(sender, body)).status).toBe(200);
  return sender;
}

beforeAll(async () => {
  server = await startTestServer({ services: ['device-metrics'] });
  coach = await createUserWithProfile(server.database, {
    email: 'coach@example.com',
    password: 'Password1',
    type: 'coach',
  });
  otherClient = await newClient('other');
});
afterAll(() => server.close());

describe('POST /api/device-metrics/batches', () => {
  const day = utcMidnightDaysAgo(3);
  const batch = {
    samples: [
      sample('hrv', 50, day + 10 * hourMs),
      sample('hrv', 70, day + 11 * hourMs),
      sample('pulse', 60, day + 12 * hourMs),
    ],
    sessions: [session(day + 9 * hourMs, day + 9.5 * hourMs)],
  };

  it("stores a client's batch and rolls it up per local date", async () => {
    const client = await newClient('first-batch');
    const response = await post(client, batch);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      accepted: { samples: 3, sessions: 1 },
      duplicates: { samples: 0, sessions: 0 },
    });
    expect(await rawCounts(client)).toEqual({ samples: 3, sessions: 1 });
    const [row, ...others] = await dailyOf(client);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      localDate: isoDate(day),
      usageSeconds: 1800,
      hrvCount: 2,
      hrvAverage: 60,
      pulseCount: 1,
      pulseAverage: 60,
      respiratoryCount: 0,
      respiratoryAverage: null,
    });
  });

  it('stores the same batch twice only once: the second answer is all duplicates', async () => {
    const client = await clientWhoSent('repeat', batch);
    const before = await dailyOf(client);
    const response = await post(client, batch);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      accepted: { samples: 0, sessions: 0 },
      duplicates: { samples: 3, sessions: 1 },
    });
    expect(await rawCounts(client)).toEqual({ samples: 3, sessions: 1 });
    expect(await dailyOf(client)).toEqual(before);
  });

  it('folds a later batch into the running averages, counting only its new records', async () => {
    const client = await clientWhoSent('later-batch', batch);
    const response = await post(client, {
      samples: [batch.samples[0], sample('hrv', 90, day + 13 * hourMs)],
      sessions: [session(day + 14 * hourMs, day + 14.25 * hourMs)],
    });
    expect(response.body).toEqual({
      accepted: { samples: 1, sessions: 1 },
      duplicates: { samples: 1, sessions: 0 },
    });
    const [row] = await dailyOf(client);
    expect(row).toMatchObject({ usageSeconds: 2700, hrvCount: 3, hrvAverage: 70, pulseCount: 1 });
  });

  it("splits a session crossing the client's local midnight across both dates", async () => {
    // Asia/Tokyo is UTC+9 all year: local midnight is 15:00 UTC.
    const tokyoClient = await newClient('tokyo', 'Asia/Tokyo');
    const start = day + 14.5 * hourMs;
    const response = await post(tokyoClient, {
      sessions: [session(start, start + 1.25 * hourMs)],
      samples: [sample('respiratory', 12, start + hourMs)],
    });
    expect(response.status).toBe(200);
    const rows = await dailyOf(tokyoClient);
    expect(rows.map((row) => [row.localDate, row.usageSeconds, row.respiratoryCount])).toEqual([
      [isoDate(day), 1800, 0],
      [isoDate(day + dayMs), 2700, 1],
    ]);
  });

  it("never mixes two clients' data, even with the same ids", async () => {
    const client = await clientWhoSent('first-of-two', batch);
    const secondClient = await newClient('second-of-two');
    const before = await dailyOf(client);
    const response = await post(secondClient, batch);
    expect(response.body).toEqual({
      accepted: { samples: 3, sessions: 1 },
      duplicates: { samples: 0, sessions: 0 },
    });
    expect(await dailyOf(client)).toEqual(before);
    const [row] = await dailyOf(secondClient);
    expect(row).toMatchObject({ usageSeconds: 1800, hrvCount: 2, hrvAverage: 60, pulseCount: 1 });
  });

  describe('refuses a bad batch with 400 and stores nothing', () => {
    const ok = () => sample('pulse', 70, day + 8 * hourMs);
    const cases: [string, () => unknown, RegExp][] = [
      ['an out-of-range value', () => ({ samples: [ok(), sample('pulse', 400, day)] }), /value/],
      [
        'a future timestamp',
        () => ({ samples: [ok(), sample('hrv', 60, Date.now() + hourMs)] }),
        /in the future/,
      ],
      [
        'an id used twice in the batch',
        () => {
          const first = ok();
          return { samples: [first, { ...first, value: 80 }] };
        },
        /used twice/,
      ],
      ['an unknown kind', () => ({ samples: [ok(), sample('glucose', 5, day)] }), /kind/],
      [
        'a session ending before it starts',
        () => ({ samples: [ok()], sessions: [session(day + hourMs, day)] }),
        /endedAt must be after startedAt/,
      ],
    ];

    it.each(cases)('%s', async (_, makeBody, message) => {
      const fresh = await newClient('fresh');
      const response = await post(fresh, makeBody());
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'invalid_batch', message: expect.any(String) });
      expect((response.body as { message: string }).message).toMatch(message);
      expect(await rawCounts(fresh)).toEqual({ samples: 0, sessions: 0 });
      expect(await dailyOf(fresh)).toEqual([]);
    });
  });

  it('answers 413 to a body far larger than a batch at the limits', async () => {
    const response = await callApi(server.baseUrl, 'POST', path, {
      rawBody: JSON.stringify({ samples: [], padding: 'x'.repeat(2 * 1024 * 1024) }),
      token: await tokenFor(otherClient),
    });
    expect(response.status).toBe(413);
  });

  it('accepts a batch at the limits', async () => {
    const samples = Array.from({ length: 1000 }, (_, index) =>
      sample('respiratory', 12.345678901234, day + index * 1000),
    );
    const sessions = Array.from({ length: 100 }, (_, index) =>
      session(day + index * 60_000, day + index * 60_000 + 30_000),
    );
    const response = await post(otherClient, { samples, sessions });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ accepted: { samples: 1000, sessions: 100 } });
  });

  it("stores a batch, its roll-up, its quotas' charges and its live notice in one statement", async () => {
    const newcomer = await newClient('one-statement', 'Europe/Berlin');
    const token = await tokenFor(newcomer);
    const heard: string[] = [];
    const stopListening = await server.database.notices.listen({
      onNotice: (payload) => heard.push(payload),
      onReconnected: () => {},
    });
    const statements: string[] = [];
    const stopWatching = server.database.statements.observe((name) => {
      statements.push(name);
      return () => {};
    });
    try {
      const response = await callApi(server.baseUrl, 'POST', path, { body: batch, token });
      expect(response.status).toBe(200);
    } finally {
      stopWatching();
    }
    // But the session check (and the idle buckets' sweep, one call in a hundred): one statement,
    // committed on its own, without begin and commit, on both databases (named for the first
    // table it reads, the client's person, checked once for the whole batch).
    const besideTheCheck = statements.filter(
      (name) => name !== 'select refresh_tokens' && name !== 'delete rate_limit_buckets',
    );
    expect(besideTheCheck).toEqual(['with persons']);
    // What the statement stored, rolled up and charged: the rate once, the ceilings what it stored.
    expect(await rawCounts(newcomer)).toEqual({ samples: 3, sessions: 1 });
    expect(await dailyOf(newcomer)).toMatchObject([
      { localDate: isoDate(day), usageSeconds: 1800, hrvCount: 2, pulseCount: 1 },
    ]);
    const charged = async () =>
      server.database.db
        .select({ key: schema.rateLimitBuckets.key, count: schema.rateLimitBuckets.count })
        .from(schema.rateLimitBuckets)
        .where(like(schema.rateLimitBuckets.key, `%:${newcomer.personId}`))
        .orderBy(asc(schema.rateLimitBuckets.key));
    expect(await charged()).toEqual([
      { key: `clientDaily:samples:${newcomer.personId}`, count: 3 },
      { key: `clientDaily:sessions:${newcomer.personId}`, count: 1 },
      { key: `clientWrite:deviceBatch:${newcomer.personId}`, count: 1 },
    ]);
    // The coach's live streams hear of the new data; the same batch again stores nothing new and
    // tells nothing. Notices arrive in the order their statements committed: once another
    // client's notice, sent after the repeat, is heard, the repeat's would have been.
    const again = await callApi(server.baseUrl, 'POST', path, { body: batch, token });
    expect(again.body).toMatchObject({ accepted: { samples: 0, sessions: 0 } });
    const marker = await post(otherClient, { samples: [sample('pulse', 61, day)], sessions: [] });
    expect(marker.status).toBe(200);
    const markerNotice = `c:${coach.personId}:${otherClient.personId}`;
    await expect.poll(() => heard.includes(markerNotice), { timeout: 5_000 }).toBe(true);
    await stopListening();
    expect(heard.filter((payload) => payload.endsWith(newcomer.personId))).toEqual([
      `c:${coach.personId}:${newcomer.personId}`,
    ]);
    // The repeat was still counted against the rate; it charged no ceiling.
    expect(await charged()).toEqual([
      { key: `clientDaily:samples:${newcomer.personId}`, count: 3 },
      { key: `clientDaily:sessions:${newcomer.personId}`, count: 1 },
      { key: `clientWrite:deviceBatch:${newcomer.personId}`, count: 2 },
    ]);
  });

  it('answers 403 to a coach', async () => {
    const response = await post(coach, batch);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      error: 'forbidden',
      message: 'Only a client can send device metrics',
    });
  });

  it('answers 401 without a token', async () => {
    const response = await post(null, batch);
    expect(response.status).toBe(401);
  });
});
