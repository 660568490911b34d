import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/auth.ts';
import { seedClientLike } from '../../../test/clientLike.ts';
import {
  berlinEvening,
  callAs,
  changePhase,
  dailyRow,
  eventRows,
  exerciseRows,
  expectClientHidden,
  expectRangeRefused,
  expectValidationFailed,
  findEvent,
  startSeededServer,
  totalsFigures,
  totalsRow,
} from '../../../test/clientRecords.ts';
import type { TestServer } from '../../../test/testServer.ts';

let server: TestServer;
let clock: { now: Date };
let coachA: TestUser;
let coachB: TestUser;
let berlin: TestUser;
let other: TestUser;
let kiritimati: TestUser;
let newYork: TestUser;
// Berlin clients of their own for the tests that count a day's slots and rows, so what one test
// records never shows in another's counts, whatever order they run in.
let earlyClient: TestUser;
let morningClient: TestUser;
let slotsClient: TestUser;
let refusedClient: TestUser;

const exercisesPath = '/api/exercise/exercises';
const listPath = (clientId: string, from: string, to: string) =>
  `/api/exercise/clients/${clientId}/exercises?from=${from}&to=${to}`;
const onePath = (clientId: string, exerciseId: string) =>
  `/api/exercise/clients/${clientId}/exercises/${exerciseId}`;

/** An exercise of 10 minutes ending at `completedAt`. */
const exercise = (completedAt: string, overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  goal: 'calm',
  startedAt: new Date(new Date(completedAt).getTime() - 10 * 60_000).toISOString(),
  completedAt,
  before: { hrv1: 50, hrv2: 50, pulseRate: 70, respiratoryRate: 12 },
  after: { hrv1: 60, hrv2: 60, pulseRate: 63, respiratoryRate: 10 },
  result: 'Felt calmer',
  ...overrides,
});

/** Records `exercise(completedAt, overrides)` as `user`. */
const record = (user: TestUser, completedAt: string, overrides: Record<string, unknown> = {}) =>
  callAs(server, user, 'POST', exercisesPath, exercise(completedAt, overrides));

beforeAll(async () => {
  ({ server, clock, coachA, coachB, berlin, other, kiritimati, newYork } = await startSeededServer(
    ['exercise', 'calendar', 'journey'],
    berlinEvening,
    { newYork: new Date('2026-10-28T15:00:00Z') },
  ));
  const berlinLike = (email: string) => seedClientLike(server, coachA, berlin, email);
  earlyClient = await berlinLike('early@example.com');
  morningClient = await berlinLike('morning@example.com');
  slotsClient = await berlinLike('slots@example.com');
  refusedClient = await berlinLike('refused@example.com');
  // The Berlin client's 2026-03-04, which the GET tests read: an extra before 07:00, the morning,
  // afternoon and evening slots, then two extras.
  for (const completedAt of [
    '2026-03-04T05:59:00.000Z',
    '2026-03-04T06:00:00.000Z',
    '2026-03-04T18:00:00.000Z',
    '2026-03-04T18:00:00.000Z',
    '2026-03-04T18:20:00.000Z',
    '2026-03-04T18:40:00.000Z',
  ]) {
    expect((await record(berlin, completedAt)).status).toBe(201);
  }
});
beforeEach(() => {
  clock.now = berlinEvening;
});
afterAll(() => server.close());

describe('POST /api/exercise/exercises', () => {
  it('keeps an exercise before 07:00 as extra practice, counted nowhere (201)', async () => {
    // 06:59 CET: no slot has opened yet.
    const body = exercise('2026-03-04T05:59:00.000Z');
    const response = await callAs(server, earlyClient, 'POST', exercisesPath, body);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      id: body.id,
      step: 'learn',
      localDate: '2026-03-04',
      calendarEventId: null,
    });
    expect(await dailyRow(server, earlyClient, '2026-03-04')).toBeUndefined();
    expect(await totalsRow(server, earlyClient, 'learn')).toBeUndefined();
  });

  it('completes the morning slot at 07:00 with its effect level, counting it on the day and the step', async () => {
    const body = exercise('2026-03-04T06:00:00.000Z', { stepGoal: 'breathing', bpm: 6 });
    const response = await callAs(server, morningClient, 'POST', exercisesPath, body);
    expect(response.status).toBe(201);
    const events = await eventRows(server, morningClient);
    const morning = findEvent(events, '2026-03-04', 'exercise', 'morning');
    expect(morning?.status).toBe('completed');
    expect(morning?.completedAt?.toISOString()).toBe('2026-03-04T06:00:00.000Z');
    // HRV +20 % (weight 2), pulse -10 % (+10), breathing -16.67 % (+16.67): 16.67 -> positive.
    expect(response.body).toEqual({
      id: body.id,
      step: 'learn',
      goal: 'calm',
      stepGoal: 'breathing',
      bpm: 6,
      localDate: '2026-03-04',
      startedAt: '2026-03-04T05:50:00.000Z',
      completedAt: '2026-03-04T06:00:00.000Z',
      before: { hrv1: 50, hrv2: 50, pulseRate: 70, respiratoryRate: 12 },
      after: { hrv1: 60, hrv2: 60, pulseRate: 63, respiratoryRate: 10 },
      result: 'Felt calmer',
      effect: 'positive',
      calendarEventId: morning?.id,
    });
    const stored = (await exerciseRows(server, morningClient)).find(
      (row) => row.clientExerciseId === body.id,
    );
    expect(stored).toMatchObject({
      effect: 'positive',
      pulseBefore: 70,
      pulseAfter: 63,
      calendarEventId: morning?.id,
    });
    expect(await dailyRow(server, morningClient, '2026-03-04')).toMatchObject({
      exercisesCompleted: 1,
    });
    expect(totalsFigures(await totalsRow(server, morningClient, 'learn'))).toEqual({
      productivitySum: 0,
      productivityDays: 0,
      mentalSum: 0,
      mentalDays: 0,
      physicalSum: 0,
      physicalDays: 0,
      reflectionsCompleted: 0,
      exercisesCompleted: 1,
      assessmentsCompleted: 0,
    });

    const retry = await callAs(server, morningClient, 'POST', exercisesPath, {
      ...body,
      result: 'changed',
    });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(response.body);
    expect(await exerciseRows(server, morningClient)).toHaveLength(1);
    expect(await dailyRow(server, morningClient, '2026-03-04')).toMatchObject({
      exercisesCompleted: 1,
    });
  });

  it('fills the earliest open slot first, then keeps extras; no measures give no effect', async () => {
    const noMeasures = { before: {}, after: {} };
    expect((await record(slotsClient, '2026-03-04T06:00:00.000Z')).status).toBe(201);
    // 19:00 CET, the morning slot done: the afternoon slot (13:00) is the earliest still open, then
    // evening (18:00).
    const first = await record(slotsClient, '2026-03-04T18:00:00.000Z', noMeasures);
    const second = await record(slotsClient, '2026-03-04T18:20:00.000Z');
    const third = await record(slotsClient, '2026-03-04T18:40:00.000Z');
    const events = await eventRows(server, slotsClient);
    const slot = (kind: string) => findEvent(events, '2026-03-04', 'exercise', kind);
    expect(first.body).toMatchObject({
      calendarEventId: slot('afternoon')?.id,
      effect: null,
      before: { hrv1: null, pulseRate: null },
    });
    expect(second.body).toMatchObject({ calendarEventId: slot('evening')?.id });
    expect(third.status).toBe(201);
    expect(third.body).toMatchObject({ calendarEventId: null });
    expect(await dailyRow(server, slotsClient, '2026-03-04')).toMatchObject({
      exercisesCompleted: 3,
    });
    expect(totalsFigures(await totalsRow(server, slotsClient, 'learn'))).toMatchObject({
      exercisesCompleted: 3,
    });
  });

  it('refuses measures out of range and impossible times (400), storing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { before: { pulseRate: 300 }, after: { hrv2: 2 } },
        'before.pulseRate: pulse 300 b/min is outside 25..250 b/min; after.hrv2: hrv 2 ms is outside 5..300 ms',
      ],
      [
        { after: { respiratoryRate: 61 } },
        'after.respiratoryRate: respiratory 61 breaths/min is outside 4..60 breaths/min',
      ],
      [
        { startedAt: '2026-03-04T17:00:00.000Z', completedAt: '2026-03-04T16:59:59.000Z' },
        'completedAt is before startedAt',
      ],
      [
        { startedAt: '2026-03-04T15:59:59.000Z', completedAt: '2026-03-04T18:00:00.000Z' },
        'completedAt is more than 2 h after startedAt',
      ],
      [
        { startedAt: '2026-03-04T20:00:00.000Z', completedAt: '2026-03-04T20:02:01.000Z' },
        'completedAt is in the future',
      ],
      [
        { startedAt: '2026-02-02T19:50:00.000Z', completedAt: '2026-02-02T19:59:59.000Z' },
        'startedAt is older than 30 days; completedAt is older than 30 days',
      ],
    ];
    for (const [overrides, message] of cases) {
      const response = await record(refusedClient, '2026-03-04T17:00:00.000Z', overrides);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'invalid_request', message });
    }
    expect(await exerciseRows(server, refusedClient)).toHaveLength(0);
    // Exactly 2 h is allowed.
    const twoHours = exercise('2026-03-04T18:00:00.000Z', {
      startedAt: '2026-03-04T16:00:00.000Z',
    });
    expect((await callAs(server, refusedClient, 'POST', exercisesPath, twoHours)).status).toBe(201);
  });

  it('refuses an out-of-range BPM and unknown goals (400), storing nothing', async () => {
    const before = (await exerciseRows(server, berlin)).length;
    for (const [overrides, field] of [
      [{ bpm: 7 }, 'bpm'],
      [{ goal: 'sleep' }, 'goal'],
      [{ stepGoal: 'flying' }, 'stepGoal'],
    ] as const) {
      const response = await record(berlin, '2026-03-04T17:00:00.000Z', overrides);
      expectValidationFailed(response, field);
    }
    expect(await exerciseRows(server, berlin)).toHaveLength(before);
  });

  it('answers 401 without a token and 403 to a coach', async () => {
    const body = exercise('2026-03-04T17:00:00.000Z');
    expect((await callAs(server, null, 'POST', exercisesPath, body)).status).toBe(401);
    const coach = await callAs(server, coachA, 'POST', exercisesPath, body);
    expect(coach.status).toBe(403);
    expect(coach.body).toEqual({
      error: 'forbidden',
      message: 'Only a client can record exercises',
    });
  });

  it('uses the client’s own day 14 h ahead of UTC (Pacific/Kiritimati)', async () => {
    clock.now = new Date('2026-03-04T00:00:00Z');
    // 07:00 on the 4th in Kiritimati is 17:00 UTC on the 3rd.
    const early = await record(kiritimati, '2026-03-03T16:59:00.000Z');
    const onTime = await record(kiritimati, '2026-03-03T17:00:00.000Z');
    expect(early.body).toMatchObject({ localDate: '2026-03-04', calendarEventId: null });
    expect(onTime.body).toMatchObject({ localDate: '2026-03-04' });
    expect((onTime.body as { calendarEventId: string | null }).calendarEventId).not.toBeNull();
    expect(await dailyRow(server, kiritimati, '2026-03-04')).toMatchObject({
      exercisesCompleted: 1,
    });
  });

  it('follows the fall-back change in America/New_York (2026-11-01)', async () => {
    clock.now = new Date('2026-11-01T20:00:00Z');
    // 07:00 EST on the 1st is 12:00 UTC (07:00 EDT the day before was 11:00 UTC).
    const early = await record(newYork, '2026-11-01T11:59:00.000Z');
    const onTime = await record(newYork, '2026-11-01T12:00:00.000Z');
    const saturday = await record(newYork, '2026-10-31T11:00:00.000Z');
    expect(early.body).toMatchObject({ localDate: '2026-11-01', calendarEventId: null });
    expect((onTime.body as { calendarEventId: string | null }).calendarEventId).not.toBeNull();
    expect((saturday.body as { calendarEventId: string | null }).calendarEventId).not.toBeNull();
    expect(saturday.body).toMatchObject({ localDate: '2026-10-31' });
    expect(totalsFigures(await totalsRow(server, newYork, 'learn'))).toMatchObject({
      exercisesCompleted: 2,
    });
  });

  it('stores an exercise on grow as extra practice (grow has no slots)', async () => {
    clock.now = new Date('2026-03-06T12:00:00Z');
    for (const nextPhase of ['sense', 'grow']) await changePhase(server, coachA, other, nextPhase);
    const response = await record(other, '2026-03-06T11:00:00.000Z');
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ step: 'grow', calendarEventId: null });
    expect(await dailyRow(server, other, '2026-03-06')).toBeUndefined();
  });
});

describe('GET /api/exercise/clients/:clientId/exercises', () => {
  it('lists the range newest first and reads one, to the coach and the client', async () => {
    for (const user of [coachA, berlin]) {
      const list = await callAs(
        server,
        user,
        'GET',
        listPath(berlin.personId, '2026-03-04', '2026-03-04'),
      );
      expect(list.status).toBe(200);
      const body = list.body as {
        clientId: string;
        exercises: { id: string; completedAt: string }[];
      };
      expect(body.clientId).toBe(berlin.personId);
      expect(body.exercises.map((item) => item.completedAt)).toEqual([
        '2026-03-04T18:40:00.000Z',
        '2026-03-04T18:20:00.000Z',
        '2026-03-04T18:00:00.000Z',
        '2026-03-04T18:00:00.000Z',
        '2026-03-04T06:00:00.000Z',
        '2026-03-04T05:59:00.000Z',
      ]);
      const last = body.exercises[0];
      const one = await callAs(server, user, 'GET', onePath(berlin.personId, last?.id ?? ''));
      expect(one.status).toBe(200);
      expect(one.body).toEqual(last);
    }
    const empty = await callAs(
      server,
      coachA,
      'GET',
      listPath(berlin.personId, '2026-03-05', '2026-03-31'),
    );
    expect(empty.body).toEqual({ clientId: berlin.personId, exercises: [] });
  });

  it('answers 404 for another client’s exercise, an unknown one, another coach and unknown clients', async () => {
    const [mine] = await exerciseRows(server, berlin);
    const foreign = await callAs(
      server,
      coachA,
      'GET',
      onePath(other.personId, mine?.clientExerciseId ?? ''),
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'not_found', message: 'Exercise not found' });
    const unknown = await callAs(server, berlin, 'GET', onePath(berlin.personId, randomUUID()));
    expect(unknown.status).toBe(404);
    await expectClientHidden(server, { coachA, coachB, berlin, other }, (id) =>
      listPath(id, '2026-03-01', '2026-03-31'),
    );
    await expectClientHidden(server, { coachA, coachB, berlin, other }, (id) =>
      onePath(id, mine?.clientExerciseId ?? ''),
    );
  });

  it('answers 400 for a reversed range or one longer than 366 days', async () => {
    await expectRangeRefused(server, coachA, (from, to) => listPath(berlin.personId, from, to));
  });
});
