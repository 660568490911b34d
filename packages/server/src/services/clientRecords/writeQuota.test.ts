import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInForTest, type TestResponse, type TestUser } from '../../../test/auth.ts';
import {
  berlinEvening,
  type ClientDataPeople,
  type ClockedServer,
  exerciseRows,
  startSeededServer,
  surveyRows,
} from '../../../test/clientRecords.ts';
import { schema } from '../../db/index.ts';
import { defaultClientWriteQuotas } from './quotas.ts';

// The clients' write quotas over real HTTP, with small limits injected per test: the rate of a
// kind (429 with Retry-After, nothing stored), the daily ceilings counted in what is stored (a
// retry never charged twice, the next day free again), and everyone else unaffected.

let seeded: ClockedServer & ClientDataPeople;
const tokens = new Map<string, string>();
const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

beforeAll(async () => {
  seeded = await startSeededServer(['survey', 'exercise', 'device-metrics'], berlinEvening);
}, 60_000);

afterAll(async () => {
  await seeded?.server.close();
});

async function call(
  user: TestUser,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<TestResponse> {
  let token = tokens.get(user.userId);
  if (!token) {
    token = await signInForTest(seeded.server, user.userId);
    tokens.set(user.userId, token);
  }
  return callApi(seeded.server.baseUrl, method, path, {
    token,
    ...(body === undefined ? {} : { body }),
  });
}

/** Moves the client-data clock (the quotas' clock) on by `ms`. */
function advance(ms: number): void {
  seeded.clock.now = new Date(seeded.clock.now.getTime() + ms);
}

const minutesAgo = (minutes: number) =>
  new Date(seeded.clock.now.getTime() - minutes * minuteMs).toISOString();

function assessment(id = randomUUID(), answers: Record<string, string> = { sleep: 'well' }) {
  return { id, name: 'Wellbeing', status: 'inProgress', answers, answeredAt: minutesAgo(1) };
}

function exercise(id = randomUUID()) {
  return {
    id,
    goal: 'calm',
    startedAt: minutesAgo(12),
    completedAt: minutesAgo(2),
    before: { hrv1: 40, pulseRate: 75 },
    after: { hrv1: 52, pulseRate: 66 },
    result: 'Calmer',
  };
}

function batch(samples: number) {
  return {
    samples: Array.from({ length: samples }, (_, index) => ({
      id: randomUUID(),
      kind: 'pulse',
      value: 60 + index,
      measuredAt: minutesAgo(30 + index),
    })),
    sessions: [],
  };
}

function expectRateLimited(response: TestResponse): void {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ error: 'rate_limited', message: expect.any(String) });
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
}

async function sampleCount(user: TestUser): Promise<number> {
  const rows = await seeded.server.database.db
    .select({ id: schema.metricSamples.clientSampleId })
    .from(schema.metricSamples)
    .where(eq(schema.metricSamples.clientPersonId, user.personId));
  return rows.length;
}

/** Which quota the newest refusal of `user` names (its audit row), or undefined: none yet. */
async function lastRefusal(user: TestUser): Promise<unknown> {
  const [row] = await seeded.server.database.db
    .select({ details: schema.auditLog.details })
    .from(schema.auditLog)
    .where(
      and(eq(schema.auditLog.action, 'rate_limited'), eq(schema.auditLog.subject, user.userId)),
    )
    .orderBy(desc(schema.auditLog.id))
    .limit(1);
  return row?.details.limitedAction;
}

/** The requests of `user`'s device batches counted in the rate's current window. */
async function batchesCounted(user: TestUser): Promise<number | undefined> {
  const [row] = await seeded.server.database.db
    .select({ count: schema.rateLimitBuckets.count })
    .from(schema.rateLimitBuckets)
    .where(eq(schema.rateLimitBuckets.key, `clientWrite:deviceBatch:${user.personId}`));
  return row?.count;
}

const range = 'from=2026-03-01&to=2026-03-31';

describe('client write quotas', () => {
  it('refuses a client past their rate with 429 and Retry-After, storing nothing, until the window passes', async () => {
    const { server, berlin, other, coachA } = seeded;
    server.context.clientWriteQuotas = {
      rates: { assessment: { max: 3, windowSeconds: 60 } },
    };
    for (let index = 0; index < 3; index += 1) {
      expect((await call(berlin, 'POST', '/api/survey/assessments', assessment())).status).toBe(
        201,
      );
    }
    const refused = await call(berlin, 'POST', '/api/survey/assessments', assessment());
    expectRateLimited(refused);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await surveyRows(server, berlin)).toHaveLength(3);

    // Another client and the coach's reads are unaffected.
    expect((await call(other, 'POST', '/api/survey/assessments', assessment())).status).toBe(201);
    const list = await call(
      coachA,
      'GET',
      `/api/survey/clients/${berlin.personId}/assessments?${range}`,
    );
    expect(list.status).toBe(200);

    advance(61_000);
    expect((await call(berlin, 'POST', '/api/survey/assessments', assessment())).status).toBe(201);
    expect(await surveyRows(server, berlin)).toHaveLength(4);
  });

  it('refuses past a daily ceiling counted in what is stored, and takes writes again the next day', async () => {
    const { server, kiritimati, other, coachA } = seeded;
    server.context.clientWriteQuotas = { daily: { ceilings: { exercises: 2 } } };
    const first = exercise();
    expect((await call(kiritimati, 'POST', '/api/exercise/exercises', first)).status).toBe(201);
    expect((await call(kiritimati, 'POST', '/api/exercise/exercises', exercise())).status).toBe(
      201,
    );
    const refused = await call(kiritimati, 'POST', '/api/exercise/exercises', exercise());
    expectRateLimited(refused);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60 * 60);
    expect(await exerciseRows(server, kiritimati)).toHaveLength(2);
    // A retry of a stored exercise stores nothing new: answered, not charged.
    expect((await call(kiritimati, 'POST', '/api/exercise/exercises', first)).status).toBe(200);

    // Another client and the coach's reads are unaffected.
    expect((await call(other, 'POST', '/api/exercise/exercises', exercise())).status).toBe(201);
    const list = await call(
      coachA,
      'GET',
      `/api/exercise/clients/${kiritimati.personId}/exercises?${range}`,
    );
    expect(list.status).toBe(200);
    expect((list.body as { exercises: unknown[] }).exercises).toHaveLength(2);

    advance(dayMs + minuteMs);
    expect((await call(kiritimati, 'POST', '/api/exercise/exercises', exercise())).status).toBe(
      201,
    );
    expect(await exerciseRows(server, kiritimati)).toHaveLength(3);
  });

  it('counts the answer bytes an assessment in progress rewrites, refusing the rewrite past the ceiling', async () => {
    const { server, berlin } = seeded;
    const answers = (text: string) => ({ note: text.repeat(400) });
    server.context.clientWriteQuotas = { daily: { ceilings: { assessmentBytes: 1000 } } };
    // A fresh day for berlin's ceilings (the earlier test's assessments counted on the last one).
    advance(dayMs + minuteMs);
    const id = randomUUID();
    expect(
      (await call(berlin, 'POST', '/api/survey/assessments', assessment(id, answers('a')))).status,
    ).toBe(201);
    expect(
      (await call(berlin, 'POST', '/api/survey/assessments', assessment(id, answers('b')))).status,
    ).toBe(200);
    const refused = await call(
      berlin,
      'POST',
      '/api/survey/assessments',
      assessment(id, answers('c')),
    );
    expectRateLimited(refused);
    const stored = (await surveyRows(server, berlin)).find((row) => row.clientSurveyId === id);
    expect(stored?.answers).toEqual(answers('b'));
  });

  it('charges a device batch its new samples once, so a retry is free, and refuses past the ceiling', async () => {
    const { server, other, berlin } = seeded;
    server.context.clientWriteQuotas = { daily: { ceilings: { samples: 10 } } };
    advance(dayMs + minuteMs);
    const path = '/api/device-metrics/batches';
    const six = batch(6);
    expect((await call(other, 'POST', path, six)).status).toBe(200);
    const retried = await call(other, 'POST', path, six);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ duplicates: { samples: 6 } });
    expect((await call(other, 'POST', path, batch(4))).status).toBe(200);
    expect(await sampleCount(other)).toBe(10);

    const countedBefore = await batchesCounted(other);
    expectRateLimited(await call(other, 'POST', path, batch(1)));
    expect(await sampleCount(other)).toBe(10);
    expect(await lastRefusal(other)).toBe('samplesDaily');
    // The refused batch still counts against the rate, as every request does.
    expect(await batchesCounted(other)).toBe((countedBefore ?? 0) + 1);
    // Another client's batch goes through.
    expect((await call(berlin, 'POST', path, batch(3))).status).toBe(200);
    expect(await sampleCount(berlin)).toBe(3);
  });

  it('refuses device batches past the rate, whatever their size', async () => {
    const { server, kiritimati } = seeded;
    server.context.clientWriteQuotas = {
      rates: { deviceBatch: { max: 2, windowSeconds: 60 } },
    };
    advance(dayMs + minuteMs);
    const path = '/api/device-metrics/batches';
    const before = await sampleCount(kiritimati);
    expect((await call(kiritimati, 'POST', path, batch(2))).status).toBe(200);
    expect((await call(kiritimati, 'POST', path, batch(2))).status).toBe(200);
    expectRateLimited(await call(kiritimati, 'POST', path, batch(2)));
    expect(await sampleCount(kiritimati)).toBe(before + 4);
    expect(await lastRefusal(kiritimati)).toBe('deviceBatchRate');
    // A batch the server cannot take counts too, and is refused past the rate before it is read.
    const invalid = {
      samples: [{ id: randomUUID(), kind: 'pulse', value: 60, measuredAt: minutesAgo(-60) }],
      sessions: [],
    };
    expectRateLimited(await call(kiritimati, 'POST', path, invalid));
    server.context.clientWriteQuotas = {
      rates: { deviceBatch: { max: 4, windowSeconds: 60 } },
    };
    expect((await call(kiritimati, 'POST', path, invalid)).status).toBe(400);
    expect(await batchesCounted(kiritimati)).toBe(4);
    expectRateLimited(await call(kiritimati, 'POST', path, batch(2)));
    expect(await sampleCount(kiritimati)).toBe(before + 4);
  });

  it('has product figures far above a real heavy day', () => {
    const { rates, daily } = defaultClientWriteQuotas;
    // 5 reflection windows, ~6 exercises, a device reading a minute of 3 measures all day.
    expect(daily.ceilings.reflections).toBeGreaterThanOrEqual(10 * 5);
    expect(daily.ceilings.exercises).toBeGreaterThanOrEqual(10 * 6);
    expect(daily.ceilings.samples).toBeGreaterThanOrEqual(10 * 3 * 1440);
    expect(rates.deviceBatch.max).toBeGreaterThanOrEqual(60);
    // ... and that stop a flood: 40 large assessments in a few seconds.
    expect(rates.assessment.max).toBeLessThan(40 * 2);
    expect(daily.ceilings.assessmentBytes).toBeLessThan(40 * 51_000);
  });
});
