import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/auth.ts';
import { seedClientLike } from '../../../test/clientLike.ts';
import {
  berlinEvening,
  callAs,
  changePhase,
  dailyRow,
  eventRows,
  expectClientHidden,
  expectRangeRefused,
  expectValidationFailed,
  findEvent,
  startSeededServer,
  surveyRows,
  totalsFigures,
  totalsRow,
} from '../../../test/clientRecords.ts';
import type { TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';

let server: TestServer;
let clock: { now: Date };
let coachA: TestUser;
let coachB: TestUser;
let berlin: TestUser;
let fresh: TestUser;
let kiritimati: TestUser;
let newYork: TestUser;
// Berlin clients of their own for the tests that count a day's windows and rows, so what one test
// submits never shows in another's counts, whatever order they run in.
let morningClient: TestUser;
let foldClient: TestUser;
let refusedClient: TestUser;
let windowClient: TestUser;
let skewClient: TestUser;
let assessClient: TestUser;
let extraClient: TestUser;
let reusedClient: TestUser;

const reflectionsPath = '/api/survey/reflections';
const assessmentsPath = '/api/survey/assessments';
const listPath = (
  clientId: string,
  kind: 'reflections' | 'assessments',
  from: string,
  to: string,
) => `/api/survey/clients/${clientId}/${kind}?from=${from}&to=${to}`;

const reflection = (
  answeredAt: string,
  type: 'reflection' | 'morningReflection',
  answers = { productivity: 80, mental: 70, physical: 60 },
) => ({ id: randomUUID(), type, answeredAt, answers });

const assessment = (answeredAt: string, status: string, id: string = randomUUID()) => ({
  id,
  name: 'Stress check',
  status,
  answeredAt,
  answers: { q1: 3, q2: 'often', q3: true, q4: null },
});

/** Submits `reflection(answeredAt, type)` as `user`. */
const reflect = (user: TestUser, answeredAt: string, type: 'reflection' | 'morningReflection') =>
  callAs(server, user, 'POST', reflectionsPath, reflection(answeredAt, type));

/** Answers the morning window of 2026-03-04 (06:00 CET) as `user` with 80, 70 and 60. */
async function answerMorning(user: TestUser): Promise<void> {
  expect((await reflect(user, '2026-03-04T05:00:00.000Z', 'morningReflection')).status).toBe(201);
}

/** Submits `assessment(answeredAt, status, id)` as `user`. */
const assess = (user: TestUser, answeredAt: string, status: string, id?: string) =>
  callAs(server, user, 'POST', assessmentsPath, assessment(answeredAt, status, id));

beforeAll(async () => {
  ({
    server,
    clock,
    coachA,
    coachB,
    berlin,
    other: fresh,
    kiritimati,
    newYork,
  } = await startSeededServer(['survey', 'calendar', 'journey'], berlinEvening));
  const berlinLike = (email: string) => seedClientLike(server, coachA, berlin, email);
  morningClient = await berlinLike('morning@example.com');
  foldClient = await berlinLike('fold@example.com');
  refusedClient = await berlinLike('refused@example.com');
  windowClient = await berlinLike('window@example.com');
  skewClient = await berlinLike('skew@example.com');
  assessClient = await berlinLike('assess@example.com');
  extraClient = await berlinLike('extra@example.com');
  reusedClient = await berlinLike('reused@example.com');
  // The Berlin client's surveys, which the GET tests read: the evening window of 2026-03-03, the
  // morning, noon and night windows of 2026-03-04 (the night one 2 minutes ahead of now), the
  // step's scheduled assessment completed at 20:00 CET and an extra one at 20:45 CET.
  for (const [answeredAt, type] of [
    ['2026-03-03T18:29:00.000Z', 'reflection'],
    ['2026-03-04T05:00:00.000Z', 'morningReflection'],
    ['2026-03-04T11:00:00.000Z', 'reflection'],
    ['2026-03-04T20:02:00.000Z', 'reflection'],
  ] as const) {
    expect((await reflect(berlin, answeredAt, type)).status).toBe(201);
  }
  for (const answeredAt of ['2026-03-04T19:00:00.000Z', '2026-03-04T19:45:00.000Z']) {
    expect((await assess(berlin, answeredAt, 'complete')).status).toBe(201);
  }
});
beforeEach(() => {
  clock.now = berlinEvening;
});
afterAll(() => server.close());

describe('POST /api/survey/reflections', () => {
  it('stores a morning reflection answered at the window start, completing its window (201)', async () => {
    // 06:00 CET: the first instant of the morning window.
    const body = reflection('2026-03-04T05:00:00.000Z', 'morningReflection', {
      productivity: 80,
      mental: 70,
      physical: 60,
    });
    const response = await callAs(server, morningClient, 'POST', reflectionsPath, {
      ...body,
      answers: { ...body.answers, note: 'Slept well' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: body.id,
      type: 'morningReflection',
      step: 'learn',
      window: 'morning',
      localDate: '2026-03-04',
      answeredAt: '2026-03-04T05:00:00.000Z',
      productivity: 80,
      mental: 70,
      physical: 60,
      note: 'Slept well',
    });
    const [stored] = await surveyRows(server, morningClient);
    const events = await eventRows(server, morningClient);
    const morning = findEvent(events, '2026-03-04', 'survey', 'morning');
    expect(morning).toMatchObject({ status: 'completed', step: 'learn' });
    expect(morning?.completedAt?.toISOString()).toBe('2026-03-04T05:00:00.000Z');
    expect(stored).toMatchObject({
      clientSurveyId: body.id,
      type: 'morningReflection',
      step: 'learn',
      window: 'morning',
      localDate: '2026-03-04',
      productivity: 80,
      mental: 70,
      physical: 60,
      calendarEventId: morning?.id,
    });
    expect(await dailyRow(server, morningClient, '2026-03-04')).toMatchObject({
      reflectionsCompleted: 1,
      productivityCount: 1,
      productivityAverage: 80,
      mentalCount: 1,
      mentalAverage: 70,
      physicalCount: 1,
      physicalAverage: 60,
      exercisesCompleted: 0,
      assessmentsCompleted: 0,
    });
    expect(totalsFigures(await totalsRow(server, morningClient, 'learn'))).toEqual({
      productivitySum: 80,
      productivityDays: 1,
      mentalSum: 70,
      mentalDays: 1,
      physicalSum: 60,
      physicalDays: 1,
      reflectionsCompleted: 1,
      exercisesCompleted: 0,
      assessmentsCompleted: 0,
    });

    // The same id again: the stored one (first write wins), nothing changed.
    const retry = await callAs(server, morningClient, 'POST', reflectionsPath, {
      ...body,
      answers: { productivity: 10, mental: 10, physical: 10 },
    });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(response.body);
    expect(await surveyRows(server, morningClient)).toHaveLength(1);
    expect(await dailyRow(server, morningClient, '2026-03-04')).toMatchObject({
      reflectionsCompleted: 1,
      productivityAverage: 80,
    });
  });

  it('folds a second window into the day’s averages and the phase totals over days', async () => {
    // The morning window answered 80, 70 and 60 first; then the noon window, 12:00 CET.
    await answerMorning(foldClient);
    const noon = reflection('2026-03-04T11:00:00.000Z', 'reflection', {
      productivity: 60,
      mental: 50,
      physical: 40,
    });
    expect((await callAs(server, foldClient, 'POST', reflectionsPath, noon)).status).toBe(201);
    expect(await dailyRow(server, foldClient, '2026-03-04')).toMatchObject({
      reflectionsCompleted: 2,
      productivityCount: 2,
      productivityAverage: 70,
      mentalAverage: 60,
      physicalAverage: 50,
    });
    // The evening before (19:29 CET, the last minute of the evening window).
    const yesterday = reflection('2026-03-03T18:29:00.000Z', 'reflection', {
      productivity: 90,
      mental: 90,
      physical: 90,
    });
    const response = await callAs(server, foldClient, 'POST', reflectionsPath, yesterday);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ window: 'evening', localDate: '2026-03-03' });
    expect(totalsFigures(await totalsRow(server, foldClient, 'learn'))).toEqual({
      productivitySum: 70 + 90,
      productivityDays: 2,
      mentalSum: 60 + 90,
      mentalDays: 2,
      physicalSum: 50 + 90,
      physicalDays: 2,
      reflectionsCompleted: 3,
      exercisesCompleted: 0,
      assessmentsCompleted: 0,
    });
  });

  it('refuses a time in no window, at a window’s end (exclusive) and before learn started (409)', async () => {
    for (const answeredAt of [
      '2026-03-04T12:30:00.000Z', // 13:30 CET: the noon window's end
      '2026-03-04T10:00:00.000Z', // 11:00 CET: between windows
      '2026-03-01T06:00:00.000Z', // before the acceptance day
    ]) {
      const response = await reflect(refusedClient, answeredAt, 'reflection');
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        error: 'outside_window',
        message: 'No reflection window is open at that time',
      });
    }
    expect(await surveyRows(server, refusedClient)).toHaveLength(0);
  });

  it('refuses the wrong survey type for the window and an answered window (409)', async () => {
    // The morning window of 2026-03-04 is answered.
    await answerMorning(windowClient);
    const wrongAfternoon = await reflect(
      windowClient,
      '2026-03-04T14:00:00.000Z',
      'morningReflection',
    );
    expect(wrongAfternoon.status).toBe(409);
    expect(wrongAfternoon.body).toEqual({
      error: 'wrong_survey_type',
      message: 'The afternoon window takes a reflection, not a morningReflection',
    });
    clock.now = new Date('2026-03-05T07:00:00Z');
    const wrongMorningNow = await reflect(windowClient, '2026-03-05T06:00:00.000Z', 'reflection');
    expect(wrongMorningNow.status).toBe(409);
    expect(wrongMorningNow.body).toEqual({
      error: 'wrong_survey_type',
      message: 'The morning window takes a morningReflection, not a reflection',
    });
    clock.now = berlinEvening;
    const again = await reflect(windowClient, '2026-03-04T08:00:00.000Z', 'morningReflection');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'window_completed',
      message: 'This reflection window is already completed',
    });
    expect(await surveyRows(server, windowClient)).toHaveLength(1);
    expect(await dailyRow(server, windowClient, '2026-03-04')).toMatchObject({
      reflectionsCompleted: 1,
    });
  });

  it('refuses unknown survey types and statuses and out-of-range answers (400), storing nothing', async () => {
    const before = (await surveyRows(server, berlin)).length;
    const at = '2026-03-04T17:30:00.000Z';
    // Each with the field the refusal names.
    const bodies: [string, unknown, string][] = [
      [reflectionsPath, { ...reflection(at, 'reflection'), type: 'eveningReflection' }, 'type'],
      [reflectionsPath, { ...reflection(at, 'reflection'), type: 'assessment' }, 'type'],
      [
        reflectionsPath,
        reflection(at, 'reflection', { productivity: 101, mental: 70, physical: 60 }),
        'answers/productivity',
      ],
      [
        reflectionsPath,
        reflection(at, 'reflection', { productivity: 80, mental: -1, physical: 60 }),
        'answers/mental',
      ],
      [
        reflectionsPath,
        { ...reflection(at, 'reflection'), answers: { productivity: 80 } },
        'answers',
      ],
      [assessmentsPath, assessment(at, 'done'), 'status'],
      [assessmentsPath, { ...assessment(at, 'complete'), name: '   ' }, 'name'],
      [
        assessmentsPath,
        { ...assessment(at, 'complete'), answers: { q1: 'x'.repeat(501) } },
        'answers/q1',
      ],
    ];
    for (const [path, body, field] of bodies) {
      expectValidationFailed(await callAs(server, berlin, 'POST', path, body), field);
    }
    expect(await surveyRows(server, berlin)).toHaveLength(before);
  });

  it('accepts 2 minutes of clock skew, refuses more and anything older than 30 days (400)', async () => {
    // 21:02 CET, in the night window, 2 minutes ahead of now.
    const skewed = reflection('2026-03-04T20:02:00.000Z', 'reflection');
    expect((await callAs(server, skewClient, 'POST', reflectionsPath, skewed)).status).toBe(201);
    const future = await reflect(skewClient, '2026-03-04T20:02:01.000Z', 'reflection');
    expect(future.status).toBe(400);
    expect(future.body).toEqual({
      error: 'invalid_request',
      message: 'answeredAt is in the future',
    });
    clock.now = new Date('2026-04-03T20:00:00Z');
    const old = await reflect(skewClient, '2026-03-04T17:00:00.000Z', 'reflection');
    expect(old.status).toBe(400);
    expect(old.body).toEqual({
      error: 'invalid_request',
      message: 'answeredAt is older than 30 days',
    });
    expect(await surveyRows(server, skewClient)).toHaveLength(1);
  });

  it('answers 401 without a token and 403 to a coach, storing nothing', async () => {
    const body = reflection('2026-03-04T17:00:00.000Z', 'reflection');
    expect((await callAs(server, null, 'POST', reflectionsPath, body)).status).toBe(401);
    const coach = await callAs(server, coachA, 'POST', reflectionsPath, body);
    expect(coach.status).toBe(403);
    expect(coach.body).toEqual({
      error: 'forbidden',
      message: 'Only a client can submit reflections',
    });
    const stored = await server.database.db
      .select()
      .from(schema.surveys)
      .where(eq(schema.surveys.clientSurveyId, body.id));
    expect(stored).toEqual([]);
  });

  it('places windows on the client’s own day 14 h ahead of UTC (Pacific/Kiritimati)', async () => {
    clock.now = new Date('2026-03-04T00:00:00Z');
    // 06:00 on the 4th in Kiritimati is 16:00 UTC on the 3rd; 05:59 is outside.
    const early = await reflect(kiritimati, '2026-03-03T15:59:00.000Z', 'morningReflection');
    expect(early.status).toBe(409);
    const onTime = await reflect(kiritimati, '2026-03-03T16:00:00.000Z', 'morningReflection');
    expect(onTime.status).toBe(201);
    expect(onTime.body).toMatchObject({ localDate: '2026-03-04', window: 'morning' });
    expect(await dailyRow(server, kiritimati, '2026-03-04')).toMatchObject({
      reflectionsCompleted: 1,
    });
    expect(await dailyRow(server, kiritimati, '2026-03-03')).toBeUndefined();
  });

  it('follows the spring-forward change in America/New_York (2026-03-08)', async () => {
    clock.now = new Date('2026-03-08T20:00:00Z');
    // 06:00 EST on the 7th is 11:00 UTC; 06:00 EDT on the 8th is 10:00 UTC.
    const saturday = await reflect(newYork, '2026-03-07T11:00:00.000Z', 'morningReflection');
    expect(saturday.status).toBe(201);
    expect(saturday.body).toMatchObject({ localDate: '2026-03-07', window: 'morning' });
    const tooEarly = await reflect(newYork, '2026-03-08T09:59:00.000Z', 'morningReflection');
    expect(tooEarly.status).toBe(409);
    const sunday = await reflect(newYork, '2026-03-08T10:00:00.000Z', 'morningReflection');
    expect(sunday.status).toBe(201);
    expect(sunday.body).toMatchObject({ localDate: '2026-03-08', window: 'morning' });
    // The night window of the 8th (21:00-22:30 EDT) ends at 02:30 UTC on the 9th.
    clock.now = new Date('2026-03-09T03:00:00Z');
    const night = await reflect(newYork, '2026-03-09T02:29:00.000Z', 'reflection');
    expect(night.status).toBe(201);
    expect(night.body).toMatchObject({ localDate: '2026-03-08', window: 'night' });
    expect(totalsFigures(await totalsRow(server, newYork, 'learn'))).toMatchObject({
      reflectionsCompleted: 3,
      productivityDays: 2,
    });
  });
});

describe('POST /api/survey/assessments', () => {
  it('stores one in progress, then completes the step’s scheduled assessment with it', async () => {
    // A reflection of the day first, so the day has its row before the assessment.
    await answerMorning(assessClient);
    const id = randomUUID();
    const started = await assess(assessClient, '2026-03-04T09:00:00.000Z', 'inProgress', id);
    expect(started.status).toBe(201);
    expect(started.body).toEqual({
      id,
      calendarEventId: null,
      name: 'Stress check',
      step: 'learn',
      date: '2026-03-04',
      status: 'inProgress',
      answeredAt: '2026-03-04T09:00:00.000Z',
    });
    expect(await dailyRow(server, assessClient, '2026-03-04')).toMatchObject({
      assessmentsCompleted: 0,
    });

    const done = await assess(assessClient, '2026-03-04T19:00:00.000Z', 'complete', id);
    expect(done.status).toBe(200);
    const events = await eventRows(server, assessClient);
    const scheduled = events.find((event) => event.kind === 'assessment');
    expect(scheduled).toMatchObject({
      step: 'learn',
      localDate: '2026-03-02',
      status: 'completed',
    });
    expect(scheduled?.completedAt?.toISOString()).toBe('2026-03-04T19:00:00.000Z');
    expect(done.body).toEqual({
      id,
      calendarEventId: scheduled?.id,
      name: 'Stress check',
      step: 'learn',
      date: '2026-03-04',
      status: 'complete',
      answeredAt: '2026-03-04T19:00:00.000Z',
    });
    const stored = (await surveyRows(server, assessClient)).filter(
      (row) => row.type === 'assessment',
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      status: 'complete',
      answers: { q1: 3, q2: 'often', q3: true, q4: null },
    });
    expect(await dailyRow(server, assessClient, '2026-03-04')).toMatchObject({
      assessmentsCompleted: 1,
    });
    expect(totalsFigures(await totalsRow(server, assessClient, 'learn'))).toMatchObject({
      assessmentsCompleted: 1,
      reflectionsCompleted: 1,
    });

    // A retry of the complete one is answered unchanged; moving it back is refused.
    const retry = await assess(assessClient, '2026-03-04T19:30:00.000Z', 'complete', id);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(done.body);
    const back = await assess(assessClient, '2026-03-04T19:30:00.000Z', 'inProgress', id);
    expect(back.status).toBe(409);
    expect(back.body).toEqual({
      error: 'assessment_final',
      message: 'A complete assessment can not be changed',
    });
    expect(await dailyRow(server, assessClient, '2026-03-04')).toMatchObject({
      assessmentsCompleted: 1,
    });
  });

  it('keeps an extra complete assessment without counting it', async () => {
    // The step's scheduled assessment is completed.
    expect((await assess(extraClient, '2026-03-04T19:00:00.000Z', 'complete')).status).toBe(201);
    const extra = await assess(extraClient, '2026-03-04T19:45:00.000Z', 'complete');
    expect(extra.status).toBe(201);
    expect(extra.body).toMatchObject({ calendarEventId: null, status: 'complete' });
    expect(await dailyRow(server, extraClient, '2026-03-04')).toMatchObject({
      assessmentsCompleted: 1,
    });
    expect(totalsFigures(await totalsRow(server, extraClient, 'learn'))).toMatchObject({
      assessmentsCompleted: 1,
    });
  });

  it('refuses an id already used by a reflection, a future time, and answers 401 and 403', async () => {
    await answerMorning(reusedClient);
    const [reflectionRow] = (await surveyRows(server, reusedClient)).filter(
      (row) => row.type !== 'assessment',
    );
    const reused = await assess(
      reusedClient,
      '2026-03-04T19:00:00.000Z',
      'complete',
      reflectionRow?.clientSurveyId ?? '',
    );
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ error: 'id_conflict' });
    const future = await assess(reusedClient, '2026-03-04T20:10:00.000Z', 'complete');
    expect(future.status).toBe(400);
    expect(future.body).toEqual({
      error: 'invalid_request',
      message: 'answeredAt is in the future',
    });
    const body = assessment('2026-03-04T19:00:00.000Z', 'complete');
    expect((await callAs(server, null, 'POST', assessmentsPath, body)).status).toBe(401);
    const coach = await callAs(server, coachA, 'POST', assessmentsPath, body);
    expect(coach.status).toBe(403);
    expect(coach.body).toEqual({
      error: 'forbidden',
      message: 'Only a client can submit assessments',
    });
    const assessments = (await surveyRows(server, reusedClient)).filter(
      (row) => row.type === 'assessment',
    );
    expect(assessments).toHaveLength(0);
  });
});

describe('GET /api/survey/clients/:clientId/reflections and assessments', () => {
  it('lists a client’s reflections of the range, newest first, to the coach and the client', async () => {
    for (const user of [coachA, berlin]) {
      const response = await callAs(
        server,
        user,
        'GET',
        listPath(berlin.personId, 'reflections', '2026-03-01', '2026-03-04'),
      );
      expect(response.status).toBe(200);
      const body = response.body as { clientId: string; reflections: { answeredAt: string }[] };
      expect(body.clientId).toBe(berlin.personId);
      expect(body.reflections.map((item) => item.answeredAt)).toEqual([
        '2026-03-04T20:02:00.000Z',
        '2026-03-04T11:00:00.000Z',
        '2026-03-04T05:00:00.000Z',
        '2026-03-03T18:29:00.000Z',
      ]);
    }
    const oneDay = await callAs(
      server,
      coachA,
      'GET',
      listPath(berlin.personId, 'reflections', '2026-03-03', '2026-03-03'),
    );
    expect((oneDay.body as { reflections: unknown[] }).reflections).toHaveLength(1);
  });

  it('lists the submitted assessments; the completed scheduled one is not repeated', async () => {
    const response = await callAs(
      server,
      coachA,
      'GET',
      listPath(berlin.personId, 'assessments', '2026-03-01', '2026-03-31'),
    );
    expect(response.status).toBe(200);
    const body = response.body as { assessments: { answeredAt: string; status: string }[] };
    expect(body.assessments.map((item) => [item.answeredAt, item.status])).toEqual([
      ['2026-03-04T19:45:00.000Z', 'complete'],
      ['2026-03-04T19:00:00.000Z', 'complete'],
    ]);
  });

  it('shows a scheduled assessment never answered as incomplete, per started step', async () => {
    const before = await callAs(
      server,
      fresh,
      'GET',
      listPath(fresh.personId, 'assessments', '2026-03-01', '2026-03-31'),
    );
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      clientId: fresh.personId,
      assessments: [
        {
          id: null,
          calendarEventId: null,
          name: 'Learn assessment',
          step: 'learn',
          date: '2026-03-02',
          status: 'incomplete',
          answeredAt: null,
        },
      ],
    });
    await changePhase(server, coachA, fresh, 'sense');
    const after = await callAs(
      server,
      coachA,
      'GET',
      listPath(fresh.personId, 'assessments', '2026-03-01', '2026-03-31'),
    );
    const senseEvent = (await eventRows(server, fresh)).find(
      (event) => event.kind === 'assessment' && event.step === 'sense',
    );
    expect(after.body).toMatchObject({
      assessments: [
        {
          id: null,
          name: 'Sense assessment',
          step: 'sense',
          date: '2026-03-04',
          status: 'incomplete',
          calendarEventId: senseEvent?.id,
        },
        {
          id: null,
          name: 'Learn assessment',
          step: 'learn',
          date: '2026-03-02',
          status: 'incomplete',
        },
      ],
    });
    // A range without a step start shows none.
    const later = await callAs(
      server,
      fresh,
      'GET',
      listPath(fresh.personId, 'assessments', '2026-03-05', '2026-03-31'),
    );
    expect(later.body).toEqual({ clientId: fresh.personId, assessments: [] });
  });

  it('answers 400 for a reversed range or one longer than 366 days', async () => {
    for (const kind of ['reflections', 'assessments'] as const) {
      const pathOf = (from: string, to: string) => listPath(berlin.personId, kind, from, to);
      await expectRangeRefused(server, coachA, pathOf);
      const year = await callAs(server, coachA, 'GET', pathOf('2026-01-01', '2027-01-01'));
      expect(year.status).toBe(200);
    }
  });

  it('answers 404 to another coach, another client and for unknown ids; 401 without a token', async () => {
    for (const kind of ['reflections', 'assessments'] as const) {
      await expectClientHidden(server, { coachA, coachB, berlin, other: fresh }, (id) =>
        listPath(id, kind, '2026-03-01', '2026-03-31'),
      );
    }
  });
});
