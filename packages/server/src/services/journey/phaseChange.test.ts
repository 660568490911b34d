import { randomUUID } from 'node:crypto';
import type { Calendar } from '@coach/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/auth.ts';
import {
  callAs,
  eventRows,
  seedPerson,
  startClockedServer,
  totalsFigures,
  totalsRow,
} from '../../../test/clientRecords.ts';
import type { TestServer } from '../../../test/testServer.ts';

// A phase change replans the calendar and moves the change day's figures to the new step.

let server: TestServer;
let clock: { now: Date };
let coach: TestUser;
let client: TestUser;

const phasePath = (id: string) => `/api/journey/clients/${id}/phase`;
const calendarPath = (id: string, from: string, to: string) =>
  `/api/calendar/clients/${id}/events?from=${from}&to=${to}`;
const phase = (nextPhase: string) => ({
  nextPhase,
  goals: ['stressBalance'],
  bpm: 8,
  goalChoices: ['calm', 'focus'],
});

async function post(user: TestUser, path: string, body: unknown, status = 201) {
  const response = await callAs(server, user, 'POST', path, body);
  expect(response.status).toBe(status);
  return response;
}

const reflect = (answeredAt: string, type: string, value: number) =>
  post(client, '/api/survey/reflections', {
    id: randomUUID(),
    type,
    answeredAt,
    answers: { productivity: value, mental: value, physical: value },
  });

const exercise = (completedAt: string) =>
  post(client, '/api/exercise/exercises', {
    id: randomUUID(),
    goal: 'calm',
    startedAt: completedAt,
    completedAt,
    before: {},
    after: {},
    result: '',
  });

async function eventsOf(date: string) {
  const response = await callAs(server, client, 'GET', calendarPath(client.personId, date, date));
  expect(response.status).toBe(200);
  return (response.body as Calendar).events.map((event) => ({
    step: event.step,
    kind: `${event.entityType}:${event.kind}${event.entityType === 'exercise' ? event.slot : ''}`,
    status: event.status,
  }));
}

beforeAll(async () => {
  // 10:00 CET on 2026-03-04, day 3 of learn.
  ({ server, clock } = await startClockedServer(
    ['journey', 'calendar', 'survey', 'exercise'],
    new Date('2026-03-04T09:00:00Z'),
  ));
  coach = await seedPerson(server, { email: 'coach@example.com' });
  client = await seedPerson(server, {
    email: 'client@example.com',
    coach,
    timezone: 'Europe/Berlin',
    createdAt: new Date('2026-03-02T08:00:00Z'),
  });
});
afterAll(() => server.close());

describe('POST /api/journey/clients/:clientId/phase and the calendar', () => {
  it('replaces the old plan from the change day on, keeps completed events and splits the totals', async () => {
    await reflect('2026-03-03T17:00:00.000Z', 'reflection', 80); // 18:00 CET on the 3rd
    await reflect('2026-03-04T05:30:00.000Z', 'morningReflection', 60); // 06:30 CET on the 4th
    await exercise('2026-03-04T06:30:00.000Z'); // 07:30 CET: the morning slot
    // Learn's plan is materialised a week ahead before the change.
    expect(
      (
        await callAs(
          server,
          client,
          'GET',
          calendarPath(client.personId, '2026-03-02', '2026-03-11'),
        )
      ).status,
    ).toBe(200);
    expect(totalsFigures(await totalsRow(server, client, 'learn'))).toMatchObject({
      reflectionsCompleted: 2,
      exercisesCompleted: 1,
      productivityDays: 2,
    });

    const change = await post(coach, phasePath(client.personId), phase('sense'), 200);
    expect(change.body).toMatchObject({ currentStep: 'sense', startDate: '2026-03-04' });

    // The change day: learn's completed events stay, the rest is sense's plan.
    expect(await eventsOf('2026-03-04')).toEqual([
      { step: 'sense', kind: 'survey:assessment', status: 'active' },
      { step: 'learn', kind: 'survey:morning', status: 'completed' },
      { step: 'learn', kind: 'exercise:morning0', status: 'completed' },
      { step: 'sense', kind: 'survey:noon', status: 'active' },
      { step: 'sense', kind: 'exercise:afternoon0', status: 'active' },
      { step: 'sense', kind: 'exercise:afternoon1', status: 'active' },
      // At the same start time, the exercise slot comes first (ordered by entity type).
      { step: 'sense', kind: 'exercise:afternoon2', status: 'active' },
      { step: 'sense', kind: 'survey:afternoon', status: 'active' },
      { step: 'sense', kind: 'exercise:afternoon3', status: 'active' },
      { step: 'sense', kind: 'exercise:evening0', status: 'active' },
      { step: 'sense', kind: 'survey:evening', status: 'active' },
      { step: 'sense', kind: 'survey:night', status: 'active' },
    ]);
    // The day before keeps learn's plan, completed or not.
    const before = await eventsOf('2026-03-03');
    expect(before).toHaveLength(8);
    expect(before.every((event) => event.step === 'learn')).toBe(true);
    expect(before.filter((event) => event.status === 'completed')).toHaveLength(1);
    // Sense is stored for its first 7 days, and nothing of learn remains from the change day on.
    const rows = await eventRows(server, client);
    const senseDates = new Set(
      rows.filter((row) => row.step === 'sense').map((row) => row.localDate),
    );
    expect([...senseDates].sort()).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(
      rows.filter((row) => row.step === 'learn' && row.localDate >= '2026-03-04'),
    ).toHaveLength(2);
    expect(
      rows.filter((row) => row.localDate === '2026-03-11').every((row) => row.step === 'sense'),
    ).toBe(true);

    // The change day's figures move to sense.
    expect(totalsFigures(await totalsRow(server, client, 'learn'))).toEqual({
      productivitySum: 80,
      productivityDays: 1,
      mentalSum: 80,
      mentalDays: 1,
      physicalSum: 80,
      physicalDays: 1,
      reflectionsCompleted: 1,
      exercisesCompleted: 0,
      assessmentsCompleted: 0,
    });
    expect(totalsFigures(await totalsRow(server, client, 'sense'))).toEqual({
      productivitySum: 60,
      productivityDays: 1,
      mentalSum: 60,
      mentalDays: 1,
      physicalSum: 60,
      physicalDays: 1,
      reflectionsCompleted: 1,
      exercisesCompleted: 1,
      assessmentsCompleted: 0,
    });

    // Sense's own schedule works: four afternoon slots from 13:00.
    clock.now = new Date('2026-03-04T15:30:00Z');
    for (const at of ['12:05', '13:05', '14:05']) await exercise(`2026-03-04T${at}:00.000Z`);
    await reflect('2026-03-04T14:10:00.000Z', 'reflection', 90); // 15:10 CET, afternoon window
    const afternoon = (await eventsOf('2026-03-04')).filter(
      (event) => event.status === 'completed',
    );
    expect(afternoon.map((event) => event.kind)).toEqual([
      'survey:morning',
      'exercise:morning0',
      'exercise:afternoon0',
      'exercise:afternoon1',
      'exercise:afternoon2',
      'survey:afternoon',
    ]);
    expect(totalsFigures(await totalsRow(server, client, 'sense'))).toMatchObject({
      productivitySum: 75,
      productivityDays: 1,
      reflectionsCompleted: 2,
      exercisesCompleted: 4,
    });
  });

  it('leaves grow only its assessment and moves the change day to grow', async () => {
    clock.now = new Date('2026-03-06T11:00:00Z'); // 12:00 CET
    await reflect('2026-03-05T05:10:00.000Z', 'morningReflection', 50);
    await reflect('2026-03-06T05:10:00.000Z', 'morningReflection', 40);
    await post(coach, phasePath(client.personId), phase('grow'), 200);
    expect(await eventsOf('2026-03-06')).toEqual([
      { step: 'grow', kind: 'survey:assessment', status: 'active' },
      { step: 'sense', kind: 'survey:morning', status: 'completed' },
    ]);
    expect(await eventsOf('2026-03-07')).toEqual([]);
    expect(totalsFigures(await totalsRow(server, client, 'sense'))).toMatchObject({
      productivitySum: 75 + 50,
      productivityDays: 2,
      reflectionsCompleted: 3,
      exercisesCompleted: 4,
    });
    expect(totalsFigures(await totalsRow(server, client, 'grow'))).toMatchObject({
      productivitySum: 40,
      productivityDays: 1,
      reflectionsCompleted: 1,
      exercisesCompleted: 0,
    });
    expect(totalsFigures(await totalsRow(server, client, 'learn'))).toMatchObject({
      productivitySum: 80,
      reflectionsCompleted: 1,
    });
    // Grow has no windows: a reflection of the afternoon is outside any.
    clock.now = new Date('2026-03-06T15:00:00Z');
    const late = await callAs(server, client, 'POST', '/api/survey/reflections', {
      id: randomUUID(),
      type: 'reflection',
      answeredAt: '2026-03-06T14:10:00.000Z',
      answers: { productivity: 1, mental: 1, physical: 1 },
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: 'outside_window' });
  });

  it('refuses a second change to the same phase, leaving the calendar as it is', async () => {
    const before = await eventRows(server, client);
    const again = await callAs(server, coach, 'POST', phasePath(client.personId), phase('grow'));
    expect(again.status).toBe(409);
    expect(await eventRows(server, client)).toEqual(before);
  });
});
