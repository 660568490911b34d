// The low days the write side stores on the current step's phase totals (clientRecords/
// lowDayRuns.ts): kept by every write through the real routes (late and out-of-order
// reflections, a day's correction, phase changes, the client's own local dates), and what the
// clients list then answers. The tests tell one client's story in steps; each step's test gives a
// client of its own the reflections of the steps before it, so it holds in any order.
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

type LowDays = { productivity: number; mental: number; physical: number };
type Answers = LowDays;
type Reflection = {
  type: 'reflection' | 'morningReflection';
  answeredAt: Date;
  answers: Answers;
  /** When it is sent; when it was answered if not given. */
  submittedAt?: Date;
};

/** Kiritimati local wall time `HH:MM` on `date` as an instant (UTC+14, no DST). */
const kiritimati = (date: string, time: string) =>
  new Date(new Date(`${date}T${time}:00.000Z`).getTime() - 14 * 3_600_000);

/**
 * A new client accepted on 1 March 2026 at 20:00 in Kiritimati (UTC+14): local dates run a day
 * ahead of UTC.
 */
function newKiritimatiClient(name: string) {
  return seedPerson(server, {
    email: `${name}-${randomUUID()}@example.com`,
    coach,
    timezone: 'Pacific/Kiritimati',
    createdAt: kiritimati('2026-03-01', '20:00'),
  });
}

// The reflections of the story, in the order it sends them.
/** 06:30 on 2 March in Kiritimati is still 1 March in UTC. */
const secondMarchMorning: Reflection = {
  type: 'morningReflection',
  answeredAt: kiritimati('2026-03-02', '06:30'),
  answers: { productivity: 50, mental: 80, physical: 60 },
};
const thirdMarchEvening: Reflection = {
  type: 'reflection',
  answeredAt: kiritimati('2026-03-03', '18:30'),
  answers: { productivity: 60, mental: 60, physical: 60 },
};
const fourthMarchEvening: Reflection = {
  type: 'reflection',
  answeredAt: kiritimati('2026-03-04', '18:30'),
  answers: { productivity: 40, mental: 65, physical: 75 },
};
/** Submitted on 5 March for 3 March's noon window: that day's averages become 80. */
const thirdMarchNoonLate: Reflection = {
  type: 'reflection',
  answeredAt: kiritimati('2026-03-03', '12:30'),
  answers: { productivity: 100, mental: 100, physical: 100 },
  submittedAt: kiritimati('2026-03-05', '08:00'),
};
/** 4 March's morning reflection, answered then but sent on 5 March after the correction. */
const fourthMarchMorningLate: Reflection = {
  type: 'morningReflection',
  answeredAt: kiritimati('2026-03-04', '07:00'),
  answers: { productivity: 30, mental: 30, physical: 30 },
  submittedAt: kiritimati('2026-03-05', '09:00'),
};
const untilTheCorrection = [secondMarchMorning, thirdMarchEvening, fourthMarchEvening];
const untilThePhaseChange = [...untilTheCorrection, thirdMarchNoonLate, fourthMarchMorningLate];

/** The client sends `reflection`, at its `submittedAt`. */
async function reflect(client: TestUser, reflection: Reflection) {
  const { type, answeredAt, answers, submittedAt = answeredAt } = reflection;
  clock.now = submittedAt;
  const response = await callAs(server, client, 'POST', '/api/survey/reflections', {
    id: randomUUID(),
    type,
    answeredAt: answeredAt.toISOString(),
    answers,
  });
  expect(response.status).toBe(201);
}

/** A new Kiritimati client that has sent `reflections`, in order: the story up to a test's step. */
async function clientWhoSent(name: string, reflections: Reflection[]) {
  const client = await newKiritimatiClient(name);
  for (const reflection of reflections) await reflect(client, reflection);
  return client;
}

/** The list's indicators of the client at `now`. */
async function listed(kiri: TestUser, now: Date) {
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
async function expectLowDays(
  kiri: TestUser,
  now: Date,
  step: string,
  startDate: string,
  expected: LowDays,
) {
  const indicators = await listed(kiri, now);
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
});
afterAll(() => server.close());

describe('the low days stored by the writes', () => {
  it('counts each day from the reflections that give its figures, on local dates', async () => {
    const kiri = await newKiritimatiClient('local-dates');
    await reflect(kiri, secondMarchMorning);
    await expectLowDays(kiri, kiritimati('2026-03-02', '07:00'), 'learn', '2026-03-01', {
      productivity: 1,
      mental: 0,
      physical: 1,
    });
    await reflect(kiri, thirdMarchEvening);
    await reflect(kiri, fourthMarchEvening);
    await expectLowDays(kiri, kiritimati('2026-03-04', '19:00'), 'learn', '2026-03-01', {
      productivity: 3,
      mental: 2,
      physical: 0,
    });
  });

  it('judges a day again when a late reflection corrects its average', async () => {
    const kiri = await clientWhoSent('correction', untilTheCorrection);
    await reflect(kiri, thirdMarchNoonLate);
    await expectLowDays(kiri, kiritimati('2026-03-05', '08:00'), 'learn', '2026-03-01', {
      productivity: 1,
      mental: 1,
      physical: 0,
    });
  });

  it('keeps them through an assessment, which moves no average', async () => {
    const kiri = await clientWhoSent('assessment', [...untilTheCorrection, thirdMarchNoonLate]);
    clock.now = kiritimati('2026-03-05', '08:30');
    const response = await callAs(server, kiri, 'POST', '/api/survey/assessments', {
      id: randomUUID(),
      name: 'Stress check',
      status: 'complete',
      answeredAt: clock.now.toISOString(),
      answers: { q1: 3 },
    });
    expect(response.status).toBe(201);
    await expectLowDays(kiri, kiritimati('2026-03-05', '08:30'), 'learn', '2026-03-01', {
      productivity: 1,
      mental: 1,
      physical: 0,
    });
  });

  it('counts a late reflection of an earlier day with no figure yet, out of order', async () => {
    const kiri = await clientWhoSent('out-of-order', [...untilTheCorrection, thirdMarchNoonLate]);
    await reflect(kiri, fourthMarchMorningLate);
    // 4 March: productivity 35, mental 47.5, physical 52.5: all low; 3 March stops each run.
    await expectLowDays(kiri, kiritimati('2026-03-05', '09:00'), 'learn', '2026-03-01', {
      productivity: 1,
      mental: 1,
      physical: 1,
    });
  });

  it('starts again with a phase change, and shows none in grow', async () => {
    const kiri = await clientWhoSent('phase-change', untilThePhaseChange);
    clock.now = kiritimati('2026-03-05', '10:00');
    await changePhase(server, coach, kiri, 'sense');
    await expectLowDays(kiri, kiritimati('2026-03-05', '10:00'), 'sense', '2026-03-05', {
      productivity: 0,
      mental: 0,
      physical: 0,
    });
    await reflect(kiri, {
      type: 'reflection',
      answeredAt: kiritimati('2026-03-05', '18:30'),
      answers: { productivity: 50, mental: 90, physical: 50 },
    });
    await expectLowDays(kiri, kiritimati('2026-03-05', '19:00'), 'sense', '2026-03-05', {
      productivity: 1,
      mental: 0,
      physical: 1,
    });
    // The learn row keeps its sums, no longer judged: it is no longer the current step.
    expect((await totalsRow(server, kiri, 'learn'))?.lowDaysJudgedFrom).toBeNull();

    clock.now = kiritimati('2026-03-06', '10:00');
    await changePhase(server, coach, kiri, 'grow');
    const grow = await listed(kiri, kiritimati('2026-03-06', '10:00'));
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
