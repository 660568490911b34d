import { describe, expect, expectTypeOf, it } from 'vitest';
import { createFakeServer } from '../../test/fakeServer.ts';
import { rejection } from '../../test/rejection.ts';
import type {
  ActivityPage,
  ClientProfileSummary,
  ClientSeries,
  ClientSummaryList,
} from '../contract/analytics.ts';
import type { Calendar } from '../contract/calendar.ts';
import type { DeviceMetricsBatchResult } from '../contract/deviceMetrics.ts';
import type { Exercise, ExerciseList, RecordExerciseBody } from '../contract/exercise.ts';
import type { Journey, PhaseChangeBody } from '../contract/journey.ts';
import type {
  Assessment,
  AssessmentList,
  Reflection,
  ReflectionList,
  SubmitAssessmentBody,
  SubmitReflectionBody,
} from '../contract/survey.ts';
import { createMemoryTokenStore } from '../tokens.ts';
import { createCoachApi } from './index.ts';

const clientId = '00000000-0000-4000-8000-00000000c11e';
const exerciseId = '00000000-0000-4000-8000-0000000e0001';
const range = { from: '2025-03-01', to: '2025-03-31' };

function setup() {
  const server = createFakeServer();
  const tokens = createMemoryTokenStore({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  const api = createCoachApi({
    // A base of its own for one service, so the tests see it used.
    baseURLs: { journey: 'http://coach.test/v2/journey' },
    tokens,
    fetch: server.fetch,
  });
  return { server, api };
}

/** The fake server's default answer: the path and query it was called with. */
const echo = (path: string, query = '') => ({ path, query });

/** A GET the fake server saw, with the bearer. */
const get = (path: string) => ({
  path,
  method: 'GET',
  authorization: 'Bearer access-1',
  body: null,
});

/** The one call the fake server saw. */
function onlyAttempt(server: ReturnType<typeof setup>['server']) {
  expect(server.attempts).toHaveLength(1);
  return server.attempts[0];
}

const reflectionBody: SubmitReflectionBody = {
  id: '00000000-0000-4000-8000-0000000a0001',
  type: 'morningReflection',
  answeredAt: '2025-03-04T07:30:00.000Z',
  answers: { productivity: 70, mental: 80, physical: 65, note: 'Slept well' },
};

const assessmentBody: SubmitAssessmentBody = {
  id: '00000000-0000-4000-8000-0000000a0002',
  name: 'Stress check',
  status: 'inProgress',
  answeredAt: '2025-03-04T09:00:00.000Z',
  answers: { q1: 'often', q2: 3, q3: true, q4: null },
};

const exerciseBody: RecordExerciseBody = {
  id: exerciseId,
  goal: 'calm',
  stepGoal: 'stressBalance',
  bpm: 6,
  startedAt: '2025-03-04T10:00:00.000Z',
  completedAt: '2025-03-04T10:10:00.000Z',
  before: { hrv1: 40, pulseRate: 72 },
  after: { hrv1: 55, pulseRate: 64 },
  result: 'Calmer',
};

const phaseBody: PhaseChangeBody = {
  nextPhase: 'sense',
  goals: ['stressBalance'],
  bpm: 8,
  goalChoices: ['calm', 'focus'],
};

describe('typed journey and calendar calls', () => {
  it('getJourney: GET /clients/{clientId}/journey under the configured base, with the bearer', async () => {
    const { api, server } = setup();
    const journey = await api.journey.getJourney(clientId);
    expectTypeOf(journey).toEqualTypeOf<Journey>();
    expect(journey).toEqual(echo(`/v2/journey/clients/${clientId}/journey`));
    expect(onlyAttempt(server)).toEqual(get(`/v2/journey/clients/${clientId}/journey`));
  });

  it('startNextPhase: POST /clients/{clientId}/phase with the phase as JSON, answering the journey', async () => {
    const { api, server } = setup();
    const stored = { clientId, currentStep: 'sense' };
    server.answers.set(`/v2/journey/clients/${clientId}/phase`, { body: stored });
    const journey = await api.journey.startNextPhase(clientId, phaseBody);
    expectTypeOf(journey).toEqualTypeOf<Journey>();
    expect(journey).toEqual(stored);
    expect(onlyAttempt(server)).toEqual({
      path: `/v2/journey/clients/${clientId}/phase`,
      method: 'POST',
      authorization: 'Bearer access-1',
      body: phaseBody,
    });
  });

  it("startNextPhase rejects with the server's 409 as an ApiError", async () => {
    const { api, server } = setup();
    server.answers.set(`/v2/journey/clients/${clientId}/phase`, {
      status: 409,
      body: { error: 'no_phase_planned', message: 'No new phases are planned yet' },
    });
    const error = await rejection(api.journey.startNextPhase(clientId, phaseBody));
    expect(error).toMatchObject({
      status: 409,
      code: 'no_phase_planned',
      message: 'No new phases are planned yet',
    });
  });

  it('getCalendar: GET /clients/{clientId}/events?from=&to=', async () => {
    const { api, server } = setup();
    const calendar = await api.calendar.getCalendar(clientId, range);
    expectTypeOf(calendar).toEqualTypeOf<Calendar>();
    const path = `/api/calendar/clients/${clientId}/events`;
    expect(calendar).toEqual(echo(path, '?from=2025-03-01&to=2025-03-31'));
    expect(onlyAttempt(server)).toEqual(get(`${path}?from=2025-03-01&to=2025-03-31`));
  });

  it('URI-encodes the path parameters', async () => {
    const { api, server } = setup();
    await api.calendar.getCalendar('a/b c', range);
    expect(onlyAttempt(server)?.path).toBe(
      '/api/calendar/clients/a%2Fb%20c/events?from=2025-03-01&to=2025-03-31',
    );
  });
});

describe('typed survey calls', () => {
  it('submitReflection: POST /reflections with the reflection as JSON', async () => {
    const { api, server } = setup();
    const reflection = await api.survey.submitReflection(reflectionBody);
    expectTypeOf(reflection).toEqualTypeOf<Reflection>();
    expect(reflection).toEqual(echo('/api/survey/reflections'));
    expect(onlyAttempt(server)).toEqual({
      path: '/api/survey/reflections',
      method: 'POST',
      authorization: 'Bearer access-1',
      body: reflectionBody,
    });
  });

  it('submitAssessment: POST /assessments with the assessment as JSON', async () => {
    const { api, server } = setup();
    const assessment = await api.survey.submitAssessment(assessmentBody);
    expectTypeOf(assessment).toEqualTypeOf<Assessment>();
    expect(assessment).toEqual(echo('/api/survey/assessments'));
    expect(onlyAttempt(server)).toEqual({
      path: '/api/survey/assessments',
      method: 'POST',
      authorization: 'Bearer access-1',
      body: assessmentBody,
    });
  });

  it('listReflections and listAssessments: GET with the date range', async () => {
    const { api, server } = setup();
    const reflections = await api.survey.listReflections(clientId, range);
    const assessments = await api.survey.listAssessments(clientId, range);
    expectTypeOf(reflections).toEqualTypeOf<ReflectionList>();
    expectTypeOf(assessments).toEqualTypeOf<AssessmentList>();
    const query = '?from=2025-03-01&to=2025-03-31';
    const base = `/api/survey/clients/${clientId}`;
    expect([reflections, assessments]).toEqual([
      echo(`${base}/reflections`, query),
      echo(`${base}/assessments`, query),
    ]);
    expect(server.attempts).toEqual([
      get(`${base}/reflections${query}`),
      get(`${base}/assessments${query}`),
    ]);
  });
});

describe('typed exercise calls', () => {
  it('recordExercise: POST /exercises with the exercise as JSON', async () => {
    const { api, server } = setup();
    const exercise = await api.exercise.recordExercise(exerciseBody);
    expectTypeOf(exercise).toEqualTypeOf<Exercise>();
    expect(exercise).toEqual(echo('/api/exercise/exercises'));
    expect(onlyAttempt(server)).toEqual({
      path: '/api/exercise/exercises',
      method: 'POST',
      authorization: 'Bearer access-1',
      body: exerciseBody,
    });
  });

  it('listExercises and getExercise: GET with the range, and by id', async () => {
    const { api, server } = setup();
    const list = await api.exercise.listExercises(clientId, range);
    const one = await api.exercise.getExercise(clientId, exerciseId);
    expectTypeOf(list).toEqualTypeOf<ExerciseList>();
    expectTypeOf(one).toEqualTypeOf<Exercise>();
    const base = `/api/exercise/clients/${clientId}/exercises`;
    expect([list, one]).toEqual([
      echo(base, '?from=2025-03-01&to=2025-03-31'),
      echo(`${base}/${exerciseId}`),
    ]);
    expect(server.attempts).toEqual([
      get(`${base}?from=2025-03-01&to=2025-03-31`),
      get(`${base}/${exerciseId}`),
    ]);
  });
});

describe('typed analytics calls', () => {
  it('listClientSummaries: GET /clients, answering the list', async () => {
    const { api, server } = setup();
    const answer = { clients: [], generatedAt: '2025-03-04T12:00:00.000Z' };
    server.answers.set('/api/analytics/clients', { body: answer });
    const list = await api.analytics.listClientSummaries();
    expectTypeOf(list).toEqualTypeOf<ClientSummaryList>();
    expect(list).toEqual(answer);
    expect(onlyAttempt(server)).toEqual(get('/api/analytics/clients'));
  });

  it('getClientProfileSummary and getClientSeries: GET by client, the series with its range', async () => {
    const { api, server } = setup();
    const profile = await api.analytics.getClientProfileSummary(clientId);
    const series = await api.analytics.getClientSeries(clientId, range);
    expectTypeOf(profile).toEqualTypeOf<ClientProfileSummary>();
    expectTypeOf(series).toEqualTypeOf<ClientSeries>();
    const base = `/api/analytics/clients/${clientId}`;
    expect([profile, series]).toEqual([
      echo(`${base}/profile`),
      echo(`${base}/series`, '?from=2025-03-01&to=2025-03-31'),
    ]);
    expect(server.attempts).toEqual([
      get(`${base}/profile`),
      get(`${base}/series?from=2025-03-01&to=2025-03-31`),
    ]);
  });

  it('getClientActivity: sends limit and before only when given', async () => {
    const { api, server } = setup();
    const first = await api.analytics.getClientActivity(clientId);
    await api.analytics.getClientActivity(clientId, { limit: 5 });
    await api.analytics.getClientActivity(clientId, { limit: 5, before: 'a+b/c= &d' });
    expectTypeOf(first).toEqualTypeOf<ActivityPage>();
    const base = `/api/analytics/clients/${clientId}/activity`;
    expect(first).toEqual(echo(base));
    const [none, limitOnly, both] = server.attempts.map(({ path }) => path);
    expect([none, limitOnly]).toEqual([base, `${base}?limit=5`]);
    const query = new URL(both ?? '', 'http://coach.test').searchParams;
    expect(Object.fromEntries(query)).toEqual({ limit: '5', before: 'a+b/c= &d' });
  });
});

describe('typed device-metrics call', () => {
  it('postDeviceMetrics: POST /batches with the batch as JSON, answering the counts', async () => {
    const { api, server } = setup();
    const counts = {
      accepted: { samples: 1, sessions: 0 },
      duplicates: { samples: 0, sessions: 0 },
    };
    server.answers.set('/api/device-metrics/batches', { body: counts });
    const batch = {
      samples: [
        {
          id: '00000000-0000-4000-8000-0000000b0001',
          kind: 'hrv',
          value: 48,
          measuredAt: '2025-03-04T08:00:00.000Z',
        },
      ],
    };
    const result = await api['device-metrics'].postDeviceMetrics(batch);
    expectTypeOf(result).toEqualTypeOf<DeviceMetricsBatchResult>();
    expect(result).toEqual(counts);
    expect(onlyAttempt(server)).toEqual({
      path: '/api/device-metrics/batches',
      method: 'POST',
      authorization: 'Bearer access-1',
      body: batch,
    });
  });
});

describe('typed calls and the session', () => {
  it('refreshes once on a 401 and retries the typed call with the new token', async () => {
    const { api, server } = setup();
    server.accessToken = 'access-9';
    await api.analytics.getClientProfileSummary(clientId);
    expect(server.refreshCalls).toBe(1);
    expect(server.attempts.map((attempt) => attempt.authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
  });

  it('keeps the generic request on each service', async () => {
    const { api, server } = setup();
    const answer = await api.analytics.request('/other', { method: 'DELETE' });
    expect(answer).toEqual(echo('/api/analytics/other'));
    expect(onlyAttempt(server)).toMatchObject({ path: '/api/analytics/other', method: 'DELETE' });
  });
});
