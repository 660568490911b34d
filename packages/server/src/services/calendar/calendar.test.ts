import { randomUUID } from 'node:crypto';
import type { Calendar } from '@coach/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/auth.ts';
import {
  berlinEvening,
  callAs,
  changePhase,
  eventRows,
  expectClientHidden,
  expectRangeRefused,
  findEvent,
  startSeededServer,
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

const calendarPath = (clientId: string, from: string, to: string) =>
  `/api/calendar/clients/${clientId}/events?from=${from}&to=${to}`;

async function readCalendar(user: TestUser, clientId: string, from: string, to: string) {
  const response = await callAs(server, user, 'GET', calendarPath(clientId, from, to));
  expect(response.status).toBe(200);
  return response.body as Calendar;
}

beforeAll(async () => {
  ({ server, clock, coachA, coachB, berlin, other, kiritimati, newYork } = await startSeededServer(
    ['calendar', 'survey', 'journey'],
    berlinEvening,
    { kiritimati: new Date('2026-03-03T12:00:00Z') },
  ));
});
beforeEach(() => {
  clock.now = berlinEvening;
});
afterAll(() => server.close());

describe('GET /api/calendar/clients/:clientId/events', () => {
  it('materialises learn from its start to today + 7, by start time, with the step’s assessment', async () => {
    const calendar = await readCalendar(coachA, berlin.personId, '2026-03-01', '2026-03-20');
    expect(calendar).toMatchObject({
      clientId: berlin.personId,
      timezone: 'Europe/Berlin',
      from: '2026-03-01',
      to: '2026-03-20',
    });
    // 2026-03-02 (learn start) to 2026-03-11 (today + 7): 10 days of 8 events, and the assessment.
    expect(calendar.events).toHaveLength(10 * 8 + 1);
    expect(calendar.events[0]).toEqual({
      id: expect.any(String),
      step: 'learn',
      entityType: 'survey',
      kind: 'assessment',
      slot: 0,
      surveyType: 'assessment',
      status: 'active',
      localDate: '2026-03-02',
      startsAt: '2026-03-01T23:00:00.000Z',
      endsAt: '2026-03-08T23:00:00.000Z',
      completedAt: null,
    });
    expect(calendar.events[1]).toMatchObject({
      kind: 'morning',
      entityType: 'survey',
      surveyType: 'morningReflection',
      startsAt: '2026-03-02T05:00:00.000Z',
      endsAt: '2026-03-02T09:00:00.000Z',
    });
    const starts = calendar.events.map((event) => event.startsAt);
    expect([...starts].sort()).toEqual(starts);
    expect(new Set(calendar.events.map((event) => event.localDate)).size).toBe(10);
    expect(calendar.events.at(-1)?.localDate).toBe('2026-03-11');
    expect(await eventRows(server, berlin)).toHaveLength(81);

    // Reading again stores nothing more and answers the same events: the steps and the events
    // read beside the session check, without a transaction or the client's lock.
    const statements: string[] = [];
    const stopWatching = server.database.statements.observe((name) => {
      statements.push(name);
      return () => {};
    });
    let again: Calendar;
    try {
      again = await readCalendar(berlin, berlin.personId, '2026-03-01', '2026-03-20');
    } finally {
      stopWatching();
    }
    expect(again.events).toEqual(calendar.events);
    expect(await eventRows(server, berlin)).toHaveLength(81);
    // (Before them, the session check: on PGlite partly from memory, then the profiles. A
    // background job's statement may land in the same moment: CI once saw a `with` after them.)
    expect(statements).not.toContain('begin');
    expect(statements.filter((name) => /journey_steps|calendar_events/.test(name))).toEqual([
      'select journey_steps',
      'select calendar_events',
    ]);
  });

  it('shows a completed window as completed', async () => {
    const reflection = await callAs(server, berlin, 'POST', '/api/survey/reflections', {
      id: randomUUID(),
      type: 'reflection',
      answeredAt: '2026-03-04T17:30:00.000Z',
      answers: { productivity: 70, mental: 70, physical: 70 },
    });
    expect(reflection.status).toBe(201);
    const calendar = await readCalendar(berlin, berlin.personId, '2026-03-04', '2026-03-04');
    expect(calendar.events).toHaveLength(8);
    const evening = calendar.events.find(
      (event) => event.entityType === 'survey' && event.kind === 'evening',
    );
    expect(evening).toMatchObject({
      status: 'completed',
      completedAt: '2026-03-04T17:30:00.000Z',
    });
    expect(calendar.events.filter((event) => event.status === 'completed')).toHaveLength(1);
  });

  it('keeps each step’s schedule on its own dates after a phase change', async () => {
    clock.now = new Date('2026-03-04T09:00:00Z');
    await changePhase(server, coachA, other, 'sense');
    const calendar = await readCalendar(other, other.personId, '2026-03-01', '2026-03-31');
    const byDate = (date: string) => calendar.events.filter((event) => event.localDate === date);
    expect(byDate('2026-03-03').every((event) => event.step === 'learn')).toBe(true);
    expect(byDate('2026-03-03')).toHaveLength(8);
    // Sense from the change day: 5 windows, 6 slots, and its assessment on day 1.
    expect(byDate('2026-03-04')).toHaveLength(12);
    expect(byDate('2026-03-04').every((event) => event.step === 'sense')).toBe(true);
    expect(byDate('2026-03-11')).toHaveLength(11);
    expect(calendar.events.at(-1)?.localDate).toBe('2026-03-11');
  });

  it('places a client 14 h ahead of UTC on their own dates (Pacific/Kiritimati)', async () => {
    // Accepted at 12:00 UTC on the 3rd: 02:00 on the 4th in Kiritimati, so learn starts on the 4th.
    const calendar = await readCalendar(coachA, kiritimati.personId, '2026-03-03', '2026-03-04');
    expect(calendar.events).toHaveLength(9);
    expect(calendar.events.every((event) => event.localDate === '2026-03-04')).toBe(true);
    expect(calendar.events[0]).toMatchObject({
      kind: 'assessment',
      startsAt: '2026-03-03T10:00:00.000Z',
    });
    expect(calendar.events[1]).toMatchObject({
      kind: 'morning',
      startsAt: '2026-03-03T16:00:00.000Z',
    });
  });

  it('keeps local times across the spring-forward change in America/New_York (2026-03-08)', async () => {
    clock.now = new Date('2026-03-08T12:00:00Z');
    const calendar = await readCalendar(coachA, newYork.personId, '2026-03-07', '2026-03-08');
    const find = (date: string, entityType: string, kind: string) =>
      findEvent(calendar.events, date, entityType, kind);
    expect(calendar.events).toHaveLength(16);
    expect(find('2026-03-07', 'survey', 'morning')?.startsAt).toBe('2026-03-07T11:00:00.000Z');
    expect(find('2026-03-08', 'survey', 'morning')?.startsAt).toBe('2026-03-08T10:00:00.000Z');
    // The 8th is 23 hours long: its slots end at midnight EDT.
    expect(find('2026-03-07', 'exercise', 'evening')?.endsAt).toBe('2026-03-08T05:00:00.000Z');
    expect(find('2026-03-08', 'exercise', 'evening')?.endsAt).toBe('2026-03-09T04:00:00.000Z');
  });

  it('answers an empty calendar before learn started and after today + 7', async () => {
    const before = await readCalendar(coachA, berlin.personId, '2026-02-01', '2026-03-01');
    expect(before.events).toEqual([]);
    const after = await readCalendar(coachA, berlin.personId, '2026-03-12', '2026-04-30');
    expect(after.events).toEqual([]);
  });

  it('answers 400 for a reversed range or one longer than 366 days', async () => {
    const pathOf = (from: string, to: string) => calendarPath(berlin.personId, from, to);
    await expectRangeRefused(server, coachA, pathOf);
    const badDate = await callAs(server, coachA, 'GET', pathOf('2026-02-30', '2026-03-04'));
    expect(badDate.status).toBe(400);
  });

  it('answers 404 to another coach, another client and for unknown ids; 401 without a token', async () => {
    await expectClientHidden(server, { coachA, coachB, berlin, other }, (id) =>
      calendarPath(id, '2026-03-01', '2026-03-31'),
    );
  });
});
