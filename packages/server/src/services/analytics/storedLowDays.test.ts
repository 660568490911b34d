// The low days the write side stores on the current step's phase totals (clientRecords/
// lowDayRuns.ts): kept by every write through the real routes (late and out-of-order
// reflections, a day's correction, phase changes, the client's own local dates), and what the
// clients list then answers.
import { randomUUID } from 'node:crypto';
import type { ClientSummaryList } from '@coach/api';
import { addDays, maxLowDays } from '@coach/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  seedPerson as seedAnalyticsPerson,
  seedDaily,
  seedStep,
  seedTotals,
} from '../../../test/analytics.ts';
import type { TestUser } from '../../../test/auth.ts';
import {
  callAs,
  changePhase,
  seedPerson,
  startClockedServer,
  totalsRow,
} from '../../../test/clientRecords.ts';
import type { TestServer } from '../../../test/testServer.ts';

let server: TestServer;
let clock: { now: Date };
let coach: TestUser;
/** Accepted on 1 March 2026 at 20:00 in Kiritimati (UTC+14): local dates run a day ahead of UTC. */
let kiri: TestUser;

type LowDays = { productivity: number; mental: number; physical: number };
type Answers = LowDays;

/** Kiritimati local wall time `HH:MM` on `date` as an instant (UTC+14, no DST). */
const kiritimati = (date: string, time: string) =>
  new Date(new Date(`${date}T${time}:00.000Z`).getTime() - 14 * 3_600_000);

/** The client answers a reflection at `answeredAt`, submitted at `submittedAt` (default: then). */
async function reflect(
  type: 'reflection' | 'morningReflection',
  answeredAt: Date,
  answers: Answers,
  submittedAt: Date = answeredAt,
) {
  clock.now = submittedAt;
  const response = await callAs(server, kiri, 'POST', '/api/survey/reflections', {
    id: randomUUID(),
    type,
    answeredAt: answeredAt.toISOString(),
    answers,
  });
  expect(response.status).toBe(201);
}

/** The list's indicators of the client at `now`. */
async function listed(now: Date) {
  clock.now = now;
  const response = await callAs(server, coach, 'GET', '/api/analytics/clients');
  expect(response.status).toBe(200);
  const row = (response.body as ClientSummaryList).clients.find(
    (client) => client.clientId === kiri.personId,
  );
  if (!row) throw new Error('the client is not listed');
  return row.indicators;
}

/** The low days the list shows at `now`, and that the step's stored row holds them. */
async function expectLowDays(now: Date, step: string, startDate: string, expected: LowDays) {
  const indicators = await listed(now);
  expect({
    productivity: indicators.productivity.lowDays,
    mental: indicators.mental.lowDays,
    physical: indicators.physical.lowDays,
  }).toEqual(expected);
  const row = await totalsRow(server, kiri, step);
  expect({
    judgedFrom: row?.lowDaysJudgedFrom,
    productivity: row?.productivityLowDays,
    mental: row?.mentalLowDays,
    physical: row?.physicalLowDays,
  }).toEqual({ judgedFrom: startDate, ...expected });
}

beforeAll(async () => {
  ({ server, clock } = await startClockedServer(
    ['analytics', 'survey', 'calendar', 'journey'],
    kiritimati('2026-03-01', '20:00'),
  ));
  coach = await seedPerson(server, { email: 'coach@example.com' });
  kiri = await seedPerson(server, {
    email: 'kiri@example.com',
    coach,
    timezone: 'Pacific/Kiritimati',
    createdAt: kiritimati('2026-03-01', '20:00'),
  });
});
afterAll(() => server.close());

describe('the low days stored by the writes', () => {
  it('counts each day from the reflections that give its figures, on local dates', async () => {
    // 06:30 on 2 March in Kiritimati is still 1 March in UTC.
    await reflect('morningReflection', kiritimati('2026-03-02', '06:30'), {
      productivity: 50,
      mental: 80,
      physical: 60,
    });
    await expectLowDays(kiritimati('2026-03-02', '07:00'), 'learn', '2026-03-01', {
      productivity: 1,
      mental: 0,
      physical: 1,
    });
    await reflect('reflection', kiritimati('2026-03-03', '18:30'), {
      productivity: 60,
      mental: 60,
      physical: 60,
    });
    await reflect('reflection', kiritimati('2026-03-04', '18:30'), {
      productivity: 40,
      mental: 65,
      physical: 75,
    });
    await expectLowDays(kiritimati('2026-03-04', '19:00'), 'learn', '2026-03-01', {
      productivity: 3,
      mental: 2,
      physical: 0,
    });
  });

  it('judges a day again when a late reflection corrects its average', async () => {
    // Submitted on 5 March for 3 March's noon window: that day's averages become 80.
    await reflect(
      'reflection',
      kiritimati('2026-03-03', '12:30'),
      { productivity: 100, mental: 100, physical: 100 },
      kiritimati('2026-03-05', '08:00'),
    );
    await expectLowDays(kiritimati('2026-03-05', '08:00'), 'learn', '2026-03-01', {
      productivity: 1,
      mental: 1,
      physical: 0,
    });
  });

  it('keeps them through an assessment, which moves no average', async () => {
    clock.now = kiritimati('2026-03-05', '08:30');
    const response = await callAs(server, kiri, 'POST', '/api/survey/assessments', {
      id: randomUUID(),
      name: 'Stress check',
      status: 'complete',
      answeredAt: clock.now.toISOString(),
      answers: { q1: 3 },
    });
    expect(response.status).toBe(201);
    await expectLowDays(kiritimati('2026-03-05', '08:30'), 'learn', '2026-03-01', {
      productivity: 1,
      mental: 1,
      physical: 0,
    });
  });

  it('counts a late reflection of an earlier day with no figure yet, out of order', async () => {
    // 4 March's morning reflection, answered then but sent on 5 March after the correction.
    await reflect(
      'morningReflection',
      kiritimati('2026-03-04', '07:00'),
      { productivity: 30, mental: 30, physical: 30 },
      kiritimati('2026-03-05', '09:00'),
    );
    // 4 March: productivity 35, mental 47.5, physical 52.5: all low; 3 March stops each run.
    await expectLowDays(kiritimati('2026-03-05', '09:00'), 'learn', '2026-03-01', {
      productivity: 1,
      mental: 1,
      physical: 1,
    });
  });

  it('starts again with a phase change, and shows none in grow', async () => {
    clock.now = kiritimati('2026-03-05', '10:00');
    await changePhase(server, coach, kiri, 'sense');
    await expectLowDays(kiritimati('2026-03-05', '10:00'), 'sense', '2026-03-05', {
      productivity: 0,
      mental: 0,
      physical: 0,
    });
    await reflect('reflection', kiritimati('2026-03-05', '18:30'), {
      productivity: 50,
      mental: 90,
      physical: 50,
    });
    await expectLowDays(kiritimati('2026-03-05', '19:00'), 'sense', '2026-03-05', {
      productivity: 1,
      mental: 0,
      physical: 1,
    });
    // The learn row keeps its sums, no longer judged: it is no longer the current step.
    expect((await totalsRow(server, kiri, 'learn'))?.lowDaysJudgedFrom).toBeNull();

    clock.now = kiritimati('2026-03-06', '10:00');
    await changePhase(server, coach, kiri, 'grow');
    const grow = await listed(kiritimati('2026-03-06', '10:00'));
    expect(grow.basis).toBe('previousPhase');
    expect([grow.productivity, grow.mental, grow.physical].map((figure) => figure.lowDays)).toEqual(
      [0, 0, 0],
    );
  });
});

describe('a run longer than the window', () => {
  it('counts a year and a day, then only the days the window still holds', async () => {
    const lou = await seedAnalyticsPerson(server, {
      email: 'lou@example.com',
      type: 'user',
      coachPersonId: coach.personId,
      createdAt: new Date('2024-05-01T00:00:00.000Z'),
    });
    await seedStep(server, lou.personId, [
      { step: 'learn', startDate: '2024-05-01' },
      { step: 'sense', startDate: '2024-05-08' },
    ]);
    await seedTotals(server, lou.personId, 'sense', { mentalSum: 50 * 400, mentalDays: 400 });
    // Low every day from 8 May 2024 to 11 June 2025.
    const days = Array.from({ length: 400 }, (_, index) => ({
      date: addDays('2024-05-08', index),
      mental: 50,
    }));
    await seedDaily(server, lou.personId, days);
    const mentalOf = async (now: Date) => {
      clock.now = now;
      const response = await callAs(server, coach, 'GET', '/api/analytics/clients');
      const row = (response.body as ClientSummaryList).clients.find(
        (client) => client.clientId === lou.personId,
      );
      return row?.indicators.mental.lowDays;
    };
    expect(await mentalOf(new Date('2025-06-11T12:00:00.000Z'))).toBe(maxLowDays);
    expect((await totalsRow(server, lou, 'sense'))?.mentalLowFrom).toBe('2024-06-11');
    // A month on without a figure: the window starts on 11 July 2024, 336 low days to 11 June.
    expect(await mentalOf(new Date('2025-07-11T12:00:00.000Z'))).toBe(336);
  });
});
