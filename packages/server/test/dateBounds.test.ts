import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUserWithProfile, signInForTest, type TestUser } from './auth.ts';
import { startTestServer, type TestServer } from './testServer.ts';

// A date or a date-time outside the years the product knows (1900 to 2199) is refused by the
// contract with a 400 naming the field, before any database sees it (PostgreSQL has no year 0:
// it answered 22008 and the caller a 500).

let server: TestServer;
let coach: TestUser;
let client: TestUser;
let coachToken: string;
let clientToken: string;

beforeAll(async () => {
  server = await startTestServer();
  coach = await createUserWithProfile(server.database, {
    email: 'coach@example.com',
    password: 'Password1',
    type: 'coach',
  });
  client = await createUserWithProfile(server.database, {
    email: 'client@example.com',
    password: 'Password1',
    type: 'user',
    coachPersonId: coach.personId,
  });
  coachToken = await signInForTest(server, coach.userId);
  clientToken = await signInForTest(server, client.userId);
});
afterAll(() => server.close());

const outOfBoundsDates = ['0000-01-01', '9999-12-31', '1899-12-31', '2200-01-01'];
const outOfBoundsDateTimes = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '1899-12-31T23:59:59.999Z',
];

/** Every date-range query of the contract: the coach's reads of a client's data. */
const rangeReads = [
  '/api/survey/clients/:clientId/reflections',
  '/api/survey/clients/:clientId/assessments',
  '/api/exercise/clients/:clientId/exercises',
  '/api/calendar/clients/:clientId/events',
  '/api/analytics/clients/:clientId/series',
];

function expectRefused(answer: { status: number; body: unknown }, field: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  const body = answer.body as { error: string; message: string };
  expect(['validation_failed', 'invalid_batch']).toContain(body.error);
  expect(body.message).toContain(field);
}

describe('dates outside 1900 to 2199', () => {
  for (const path of rangeReads) {
    for (const date of outOfBoundsDates) {
      it(`answers 400 naming from and to for ${date} on ${path}`, async () => {
        const url = path.replace(':clientId', client.personId);
        const fromAnswer = await callApi(
          server.baseUrl,
          'GET',
          `${url}?from=${date}&to=2024-01-02`,
          { token: coachToken },
        );
        expectRefused(fromAnswer, 'from');
        expect(fromAnswer.body).toEqual({
          error: 'validation_failed',
          message: 'from must be between 1900-01-01 and 2199-12-31',
        });
        const toAnswer = await callApi(server.baseUrl, 'GET', `${url}?from=2024-01-01&to=${date}`, {
          token: coachToken,
        });
        expectRefused(toAnswer, 'to');
      });
    }
  }

  it('answers 400 naming the period for a report over year 0000 or 9999', async () => {
    const notes = {
      mentalWellbeing: 'a',
      physicalWellbeing: 'b',
      productivity: 'c',
      finalComments: 'd',
    };
    for (const [from, to, field] of [
      ['0000-01-01', '0000-01-02', 'from'],
      ['2024-01-01', '9999-01-02', 'to'],
    ] as const) {
      const answer = await callApi(
        server.baseUrl,
        'POST',
        `/api/resource/clients/${client.personId}/reports`,
        { token: coachToken, body: { ...notes, from, to } },
      );
      expectRefused(answer, field);
    }
  });

  it('answers 400 naming birthDate for a profile born in year 0000 or 9999', async () => {
    for (const birthDate of outOfBoundsDates) {
      const answer = await callApi(
        server.baseUrl,
        'PUT',
        `/api/account/persons/${coach.personId}`,
        {
          token: coachToken,
          body: {
            firstName: 'Ann',
            lastName: 'Coach',
            aboutMe: '',
            timezone: 'UTC',
            gender: null,
            birthDate,
          },
        },
      );
      expectRefused(answer, 'birthDate');
      expect((answer.body as { message: string }).message).toContain(
        'birthDate must be between 1900-01-01 and 2199-12-31',
      );
    }
  });

  it('answers 400 naming answeredAt for a reflection or an assessment out of bounds', async () => {
    for (const answeredAt of outOfBoundsDateTimes) {
      const reflection = await callApi(server.baseUrl, 'POST', '/api/survey/reflections', {
        token: clientToken,
        body: {
          id: randomUUID(),
          type: 'reflection',
          answeredAt,
          answers: { productivity: 50, mental: 50, physical: 50 },
        },
      });
      expectRefused(reflection, 'answeredAt');
      expect(reflection.body).toEqual({
        error: 'validation_failed',
        message: 'answeredAt must be between 1900-01-01 and 2199-12-31',
      });
      const assessment = await callApi(server.baseUrl, 'POST', '/api/survey/assessments', {
        token: clientToken,
        body: {
          id: randomUUID(),
          name: 'Assessment',
          status: 'inProgress',
          answeredAt,
          answers: {},
        },
      });
      expectRefused(assessment, 'answeredAt');
    }
  });

  it('answers 400 naming startedAt or completedAt for an exercise out of bounds', async () => {
    const measures = { hrv1: 50, hrv2: 50, pulseRate: 60, respiratoryRate: 12 };
    const exercise = {
      goal: 'calm',
      before: measures,
      after: measures,
      result: 'fine',
    };
    for (const dateTime of outOfBoundsDateTimes) {
      for (const field of ['startedAt', 'completedAt'] as const) {
        const answer = await callApi(server.baseUrl, 'POST', '/api/exercise/exercises', {
          token: clientToken,
          body: {
            ...exercise,
            id: randomUUID(),
            startedAt: '2024-01-01T10:00:00Z',
            completedAt: '2024-01-01T10:10:00Z',
            [field]: dateTime,
          },
        });
        expectRefused(answer, field);
      }
    }
  });

  it('answers 400 naming the sample or session time for a device batch out of bounds', async () => {
    for (const dateTime of outOfBoundsDateTimes) {
      const answer = await callApi(server.baseUrl, 'POST', '/api/device-metrics/batches', {
        token: clientToken,
        body: {
          samples: [{ id: randomUUID(), kind: 'pulse', value: 60, measuredAt: dateTime }],
          sessions: [{ id: randomUUID(), startedAt: dateTime, endedAt: '2024-01-01T10:00:00Z' }],
        },
      });
      expectRefused(answer, 'measuredAt');
      expect((answer.body as { message: string }).message).toContain('startedAt');
    }
  });

  it('still accepts the bounds themselves', async () => {
    const url = `/api/survey/clients/${client.personId}/reflections`;
    const answer = await callApi(server.baseUrl, 'GET', `${url}?from=1900-01-01&to=1900-01-02`, {
      token: coachToken,
    });
    expect(answer.status).not.toBe(500);
    expect((answer.body as { message?: string }).message ?? '').not.toMatch(/from|to must/);
    const late = await callApi(server.baseUrl, 'GET', `${url}?from=2199-12-30&to=2199-12-31`, {
      token: coachToken,
    });
    expect(late.status).not.toBe(500);
  });
});
