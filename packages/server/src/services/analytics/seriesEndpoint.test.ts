import { randomUUID } from 'node:crypto';
import type { ClientSeries, SeriesDay } from '@coach/api';
import { addDays } from '@coach/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, seedPerson, seedStep, setNow } from '../../../test/analytics.ts';
import type { TestUser } from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';

let server: TestServer;
let coach: TestUser;
let otherCoach: TestUser;
/** Europe/Berlin: learn from 2025-06-01, sense from 2025-06-05. */
let sam: TestUser;
/** learn 2025-06-01, sense 2025-06-03, grow 2025-06-05. */
let gina: TestUser;

/** 2025-06-12 14:30 in Berlin (UTC+2). */
const now = new Date('2025-06-12T12:30:00.000Z');

const seriesPath = (id: string, from: string, to: string) =>
  `/api/analytics/clients/${id}/series?from=${from}&to=${to}`;

async function series(id: string, from: string, to: string) {
  const response = await callAs(server, coach, seriesPath(id, from, to));
  expect(response.status).toBe(200);
  return response.body as ClientSeries;
}

const empty = (date: string, reflection = 0, exercise = 0, assessment = 0): SeriesDay => ({
  date,
  productivity: null,
  mental: null,
  physical: null,
  usageHours: 0,
  hrv: null,
  pulseRate: null,
  respiratoryRate: null,
  exercises: { completed: 0, scheduled: exercise },
  reflections: { completed: 0, scheduled: reflection },
  assessments: { completed: 0, scheduled: assessment },
});

beforeAll(async () => {
  server = await startTestServer({ services: ['analytics'] });
  setNow(server, now);
  coach = await seedPerson(server, { email: 'coach@example.com', type: 'coach' });
  otherCoach = await seedPerson(server, { email: 'other@example.com', type: 'coach' });
  sam = await seedPerson(server, {
    email: 'sam@example.com',
    type: 'user',
    coachPersonId: coach.personId,
    timezone: 'Europe/Berlin',
    // 2025-06-01 01:00 in Berlin: learn starts on the 1st, not on the UTC date (31 May).
    createdAt: new Date('2025-05-31T23:00:00.000Z'),
  });
  await seedStep(server, sam.personId, [{ step: 'sense', startDate: '2025-06-05' }]);
  gina = await seedPerson(server, {
    email: 'gina@example.com',
    type: 'user',
    coachPersonId: coach.personId,
    createdAt: new Date('2025-06-01T08:00:00.000Z'),
  });
  await seedStep(server, gina.personId, [
    { step: 'learn', startDate: '2025-06-01' },
    { step: 'sense', startDate: '2025-06-03' },
    { step: 'grow', startDate: '2025-06-05' },
  ]);
  const owner = { organisationId: server.database.organisationId, clientPersonId: sam.personId };
  await server.database.db.insert(schema.clientDaily).values([
    {
      ...owner,
      localDate: '2025-06-02',
      productivityCount: 2,
      productivityAverage: 80,
      mentalCount: 2,
      mentalAverage: 60.5,
      usageSeconds: 5400,
      hrvCount: 3,
      hrvAverage: 55.5,
      pulseCount: 3,
      pulseAverage: 62,
      respiratoryCount: 3,
      respiratoryAverage: 14,
      reflectionsCompleted: 4,
      exercisesCompleted: 3,
    },
    // 7 exercises against the 6 slots of sense: the completed count wins.
    { ...owner, localDate: '2025-06-05', exercisesCompleted: 7, assessmentsCompleted: 1 },
    { ...owner, localDate: '2025-06-12', reflectionsCompleted: 1, usageSeconds: 900 },
  ]);
});
afterAll(() => server.close());

describe('GET /api/analytics/clients/:clientId/series', () => {
  it('answers every date of the range, with the day rows and the schedule of each date', async () => {
    const body = await series(sam.personId, '2025-05-31', '2025-06-13');
    expect(body.clientId).toBe(sam.personId);
    expect(body.from).toBe('2025-05-31');
    expect(body.to).toBe('2025-06-13');
    expect(body.days.map((day) => day.date)).toEqual(
      Array.from({ length: 14 }, (_, index) => addDays('2025-05-31', index)),
    );
    const on = (date: string) => body.days.find((day) => day.date === date);
    expect(on('2025-05-31')).toEqual(empty('2025-05-31')); // before learn
    expect(on('2025-06-01')).toEqual(empty('2025-06-01', 5, 3, 1)); // learn's start
    expect(on('2025-06-02')).toEqual({
      date: '2025-06-02',
      productivity: 80,
      mental: 60.5,
      physical: null,
      usageHours: 1.5,
      hrv: 55.5,
      pulseRate: 62,
      respiratoryRate: 14,
      exercises: { completed: 3, scheduled: 3 },
      reflections: { completed: 4, scheduled: 5 },
      assessments: { completed: 0, scheduled: 0 },
    });
    expect(on('2025-06-04')).toEqual(empty('2025-06-04', 5, 3, 0));
    expect(on('2025-06-05')).toEqual({
      ...empty('2025-06-05', 5, 6, 1),
      exercises: { completed: 7, scheduled: 7 },
      assessments: { completed: 1, scheduled: 1 },
    });
    expect(on('2025-06-06')).toEqual(empty('2025-06-06', 5, 6, 0));
    // Today at 14:30: the 06:00 and 12:00 windows, the 07:00, 13:00 and 14:00 slots.
    expect(on('2025-06-12')).toEqual({
      ...empty('2025-06-12', 2, 3, 0),
      usageHours: 0.25,
      reflections: { completed: 1, scheduled: 2 },
    });
    expect(on('2025-06-13')).toEqual(empty('2025-06-13')); // the future
  });

  it('schedules nothing on grow days but the assessment of its start date', async () => {
    const body = await series(gina.personId, '2025-06-04', '2025-06-06');
    expect(body.days).toEqual([
      empty('2025-06-04', 5, 6, 0),
      empty('2025-06-05', 0, 0, 1),
      empty('2025-06-06', 0, 0, 0),
    ]);
  });

  it('answers a one-day range and a range of 366 days', async () => {
    expect((await series(sam.personId, '2025-06-12', '2025-06-12')).days).toHaveLength(1);
    const year = await series(sam.personId, '2024-06-12', '2025-06-12');
    expect(year.days).toHaveLength(366);
    expect(year.days[365]?.date).toBe('2025-06-12');
  });

  it('refuses a reversed range and one longer than 366 days (400 invalid_range)', async () => {
    for (const [from, to, message] of [
      ['2025-06-12', '2025-06-11', 'The range ends before it starts'],
      ['2024-06-11', '2025-06-12', 'The range is at most 366 days'],
    ] as const) {
      const response = await callAs(server, coach, seriesPath(sam.personId, from, to));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'invalid_range', message });
    }
    const missing = await callAs(server, coach, `/api/analytics/clients/${sam.personId}/series`);
    expect(missing.status).toBe(400);
  });

  it('answers the one 404 to anyone but the coach, and 401 without a token', async () => {
    for (const [user, id] of [
      [otherCoach, sam.personId],
      [gina, sam.personId],
      [sam, sam.personId],
      [coach, coach.personId],
      [coach, randomUUID()],
    ] as const) {
      const response = await callAs(server, user, seriesPath(id, '2025-06-01', '2025-06-02'));
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', message: 'Client not found' });
    }
    const anonymous = await callAs(
      server,
      null,
      seriesPath(sam.personId, '2025-06-01', '2025-06-02'),
    );
    expect(anonymous.status).toBe(401);
  });
});
