import { describe, expect, it } from 'vitest';
import {
  compareCalendarEvents,
  exerciseSchedules,
  generateCalendarEvents,
  type PlannedCalendarEvent,
  plannedEvents,
  reflectionWindows,
  type ScheduledCounts,
  scheduledActionsDue,
  stepAssessment,
  wholeStepScheduled,
} from './schedule.ts';
import type { StepStart } from './stepStarts.ts';
import type { JourneyStep } from './values/journeyValues.ts';
import { localDateOf } from './zonedTime.ts';

type Simplified = { kind: string; slot: number; startsAt: string; endsAt: string };

function ofType(events: PlannedCalendarEvent[], entityType: 'survey' | 'exercise', date: string) {
  return events
    .filter((event) => event.entityType === entityType && event.localDate === date)
    .map(
      (event): Simplified => ({
        kind: event.kind,
        slot: event.slot,
        startsAt: event.startsAt.toISOString(),
        endsAt: event.endsAt.toISOString(),
      }),
    );
}

const z = (iso: string) => `${iso}:00.000Z`;

describe('the schedules of requirements R9.9', () => {
  it('has five reflection windows and the exercise slots per step', () => {
    expect(
      reflectionWindows.map((window) => `${window.name} ${window.start}-${window.end}`),
    ).toEqual([
      'morning 06:00-10:00',
      'noon 12:00-13:30',
      'afternoon 15:00-16:30',
      'evening 18:00-19:30',
      'night 21:00-22:30',
    ]);
    expect(exerciseSchedules.learn.map((slot) => slot.start)).toEqual(['07:00', '13:00', '18:00']);
    expect(exerciseSchedules.sense.map((slot) => `${slot.name}${slot.slot}@${slot.start}`)).toEqual(
      [
        'morning0@07:00',
        'afternoon0@13:00',
        'afternoon1@14:00',
        'afternoon2@15:00',
        'afternoon3@16:00',
        'evening0@18:00',
      ],
    );
    expect(exerciseSchedules.grow).toEqual([]);
  });
});

describe('generateCalendarEvents', () => {
  it('gives learn five reflection windows and three exercises a day (Europe/London, winter)', () => {
    const events = generateCalendarEvents({
      timeZone: 'Europe/London',
      step: 'learn',
      from: '2026-11-16',
      to: '2026-11-16',
    });
    expect(ofType(events, 'survey', '2026-11-16')).toEqual([
      { kind: 'morning', slot: 0, startsAt: z('2026-11-16T06:00'), endsAt: z('2026-11-16T10:00') },
      { kind: 'noon', slot: 0, startsAt: z('2026-11-16T12:00'), endsAt: z('2026-11-16T13:30') },
      {
        kind: 'afternoon',
        slot: 0,
        startsAt: z('2026-11-16T15:00'),
        endsAt: z('2026-11-16T16:30'),
      },
      { kind: 'evening', slot: 0, startsAt: z('2026-11-16T18:00'), endsAt: z('2026-11-16T19:30') },
      { kind: 'night', slot: 0, startsAt: z('2026-11-16T21:00'), endsAt: z('2026-11-16T22:30') },
    ]);
    expect(ofType(events, 'exercise', '2026-11-16')).toEqual([
      { kind: 'morning', slot: 0, startsAt: z('2026-11-16T07:00'), endsAt: z('2026-11-17T00:00') },
      {
        kind: 'afternoon',
        slot: 0,
        startsAt: z('2026-11-16T13:00'),
        endsAt: z('2026-11-17T00:00'),
      },
      { kind: 'evening', slot: 0, startsAt: z('2026-11-16T18:00'), endsAt: z('2026-11-17T00:00') },
    ]);
    expect(events.map((event) => event.surveyType)).toEqual([
      'morningReflection',
      null,
      'reflection',
      null,
      'reflection',
      'reflection',
      null,
      'reflection',
    ]);
  });

  it('gives sense four afternoon exercise slots from 13:00, each to the end of the day (Asia/Tokyo)', () => {
    const events = generateCalendarEvents({
      timeZone: 'Asia/Tokyo',
      step: 'sense',
      from: '2026-11-16',
      to: '2026-11-16',
    });
    expect(events).toHaveLength(11);
    expect(ofType(events, 'survey', '2026-11-16')[0]).toEqual({
      kind: 'morning',
      slot: 0,
      startsAt: z('2026-11-15T21:00'),
      endsAt: z('2026-11-16T01:00'),
    });
    const endOfDay = z('2026-11-16T15:00');
    expect(ofType(events, 'exercise', '2026-11-16')).toEqual([
      { kind: 'morning', slot: 0, startsAt: z('2026-11-15T22:00'), endsAt: endOfDay },
      { kind: 'afternoon', slot: 0, startsAt: z('2026-11-16T04:00'), endsAt: endOfDay },
      { kind: 'afternoon', slot: 1, startsAt: z('2026-11-16T05:00'), endsAt: endOfDay },
      { kind: 'afternoon', slot: 2, startsAt: z('2026-11-16T06:00'), endsAt: endOfDay },
      { kind: 'afternoon', slot: 3, startsAt: z('2026-11-16T07:00'), endsAt: endOfDay },
      { kind: 'evening', slot: 0, startsAt: z('2026-11-16T09:00'), endsAt: endOfDay },
    ]);
  });

  it('gives grow no reflections and no exercises', () => {
    for (const timeZone of ['Europe/London', 'America/Los_Angeles', 'Asia/Tokyo']) {
      expect(
        generateCalendarEvents({ timeZone, step: 'grow', from: '2026-11-01', to: '2026-11-07' }),
      ).toEqual([]);
    }
  });

  it('keeps local times across spring-forward in Europe/London (2026-03-29)', () => {
    const events = generateCalendarEvents({
      timeZone: 'Europe/London',
      step: 'learn',
      from: '2026-03-28',
      to: '2026-03-29',
    });
    expect(events).toHaveLength(16);
    expect(ofType(events, 'survey', '2026-03-28')[0]?.startsAt).toBe(z('2026-03-28T06:00'));
    expect(ofType(events, 'survey', '2026-03-29')[0]?.startsAt).toBe(z('2026-03-29T05:00'));
    // The 28th ends at midnight GMT; the 29th (23 hours long) at midnight BST.
    expect(ofType(events, 'exercise', '2026-03-28')[2]?.endsAt).toBe(z('2026-03-29T00:00'));
    expect(ofType(events, 'exercise', '2026-03-29')[2]).toEqual({
      kind: 'evening',
      slot: 0,
      startsAt: z('2026-03-29T17:00'),
      endsAt: z('2026-03-29T23:00'),
    });
  });

  it('keeps local times across fall-back in Europe/London (2026-10-25)', () => {
    const events = generateCalendarEvents({
      timeZone: 'Europe/London',
      step: 'sense',
      from: '2026-10-24',
      to: '2026-10-25',
    });
    expect(ofType(events, 'survey', '2026-10-24')[0]?.startsAt).toBe(z('2026-10-24T05:00'));
    expect(ofType(events, 'survey', '2026-10-25')[0]?.startsAt).toBe(z('2026-10-25T06:00'));
    expect(ofType(events, 'exercise', '2026-10-24')[0]?.endsAt).toBe(z('2026-10-24T23:00'));
    // The 25th is 25 hours long: it ends at midnight GMT.
    expect(ofType(events, 'exercise', '2026-10-25')[0]?.endsAt).toBe(z('2026-10-26T00:00'));
  });

  it('keeps local times across both changes in America/Los_Angeles (2026-03-08, 2026-11-01)', () => {
    const spring = generateCalendarEvents({
      timeZone: 'America/Los_Angeles',
      step: 'learn',
      from: '2026-03-07',
      to: '2026-03-08',
    });
    expect(ofType(spring, 'survey', '2026-03-07')[0]?.startsAt).toBe(z('2026-03-07T14:00'));
    expect(ofType(spring, 'survey', '2026-03-08')[0]?.startsAt).toBe(z('2026-03-08T13:00'));
    expect(ofType(spring, 'survey', '2026-03-08')[4]).toEqual({
      kind: 'night',
      slot: 0,
      startsAt: z('2026-03-09T04:00'),
      endsAt: z('2026-03-09T05:30'),
    });
    expect(ofType(spring, 'exercise', '2026-03-07')[0]?.endsAt).toBe(z('2026-03-08T08:00'));
    expect(ofType(spring, 'exercise', '2026-03-08')[0]?.endsAt).toBe(z('2026-03-09T07:00'));

    const fall = generateCalendarEvents({
      timeZone: 'America/Los_Angeles',
      step: 'learn',
      from: '2026-10-31',
      to: '2026-11-01',
    });
    expect(ofType(fall, 'survey', '2026-10-31')[0]?.startsAt).toBe(z('2026-10-31T13:00'));
    expect(ofType(fall, 'survey', '2026-11-01')[0]?.startsAt).toBe(z('2026-11-01T14:00'));
    expect(ofType(fall, 'exercise', '2026-10-31')[0]?.endsAt).toBe(z('2026-11-01T07:00'));
    expect(ofType(fall, 'exercise', '2026-11-01')[0]?.endsAt).toBe(z('2026-11-02T08:00'));
  });

  it("places a client 12 h from the coach on the client's own day (Pacific/Auckland vs London)", () => {
    const client = generateCalendarEvents({
      timeZone: 'Pacific/Auckland',
      step: 'learn',
      from: '2026-11-16',
      to: '2026-11-16',
    });
    const morning = ofType(client, 'survey', '2026-11-16')[0];
    // 06:00 NZDT (UTC+13) on the 16th is 17:00 on the 15th for a coach in London.
    expect(morning?.startsAt).toBe(z('2026-11-15T17:00'));
    expect(localDateOf(new Date(morning?.startsAt ?? ''), 'Europe/London')).toBe('2026-11-15');
    expect(client.every((event) => event.localDate === '2026-11-16')).toBe(true);
    const coachSide = generateCalendarEvents({
      timeZone: 'Europe/London',
      step: 'learn',
      from: '2026-11-16',
      to: '2026-11-16',
    });
    const hours = (coachSide[0]?.startsAt.getTime() ?? 0) - (client[0]?.startsAt.getTime() ?? 0);
    expect(hours / 3_600_000).toBe(13);
  });

  it("ends every exercise slot at the next local midnight: its last instant is still the slot's day", () => {
    for (const timeZone of ['Europe/London', 'America/Los_Angeles', 'Asia/Tokyo']) {
      const events = generateCalendarEvents({
        timeZone,
        step: 'sense',
        from: '2026-03-06',
        to: '2026-03-31',
      });
      for (const event of events.filter((item) => item.entityType === 'exercise')) {
        const lastInstant = new Date(event.endsAt.getTime() - 1);
        expect(localDateOf(lastInstant, timeZone)).toBe(event.localDate);
        expect(localDateOf(event.endsAt, timeZone)).not.toBe(event.localDate);
        expect(localDateOf(event.startsAt, timeZone)).toBe(event.localDate);
      }
    }
  });

  it('is the same every time, with one event per date, entity, kind and slot', () => {
    const request = {
      timeZone: 'America/Los_Angeles',
      step: 'sense',
      from: '2026-10-28',
      to: '2026-11-03',
    } as const;
    const first = generateCalendarEvents(request);
    expect(generateCalendarEvents(request)).toEqual(first);
    const keys = first.map((e) => `${e.localDate}/${e.entityType}/${e.kind}/${e.slot}`);
    expect(new Set(keys).size).toBe(first.length);
    expect(first).toHaveLength(7 * 11);
  });

  it('refuses a reversed range and one longer than 366 days', () => {
    const base = { timeZone: 'UTC', step: 'learn' } as const;
    expect(() => generateCalendarEvents({ ...base, from: '2026-11-02', to: '2026-11-01' })).toThrow(
      RangeError,
    );
    expect(() => generateCalendarEvents({ ...base, from: '2026-01-01', to: '2027-01-02' })).toThrow(
      RangeError,
    );
  });
});

describe('stepAssessment', () => {
  it('opens at the local midnight of the start date for 7 days, across a DST change (Europe/Berlin)', () => {
    const event = stepAssessment('Europe/Berlin', 'learn', '2026-03-29');
    expect(event).toMatchObject({
      step: 'learn',
      entityType: 'survey',
      kind: 'assessment',
      slot: 0,
      surveyType: 'assessment',
      localDate: '2026-03-29',
    });
    // Midnight CET on the change day, midnight CEST a week later: 7 days less the lost hour.
    expect(event.startsAt.toISOString()).toBe(z('2026-03-28T23:00'));
    expect(event.endsAt.toISOString()).toBe(z('2026-04-04T22:00'));
  });

  it('is scheduled for grow too, on the client’s own day 12 h or more from UTC', () => {
    const event = stepAssessment('Pacific/Kiritimati', 'grow', '2026-11-16');
    expect(event.startsAt.toISOString()).toBe(z('2026-11-15T10:00'));
    expect(event.endsAt.toISOString()).toBe(z('2026-11-22T10:00'));
    expect(
      generateCalendarEvents({
        timeZone: 'Pacific/Kiritimati',
        step: 'grow',
        from: '2026-11-15',
        to: '2026-11-17',
        stepStartDate: '2026-11-16',
      }),
    ).toEqual([event]);
  });
});

describe('scheduledActionsDue', () => {
  const counts = (reflection: number, exercise: number, assessment: number): ScheduledCounts => ({
    reflection,
    exercise,
    assessment,
  });
  const due = (
    timeZone: string,
    step: JourneyStep,
    stepStartDate: string,
    nowIso: string,
  ): ScheduledCounts => {
    const now = new Date(nowIso);
    return scheduledActionsDue({
      timeZone,
      step,
      stepStartDate,
      today: localDateOf(now, timeZone),
      now,
    });
  };

  it('counts the assessment and the morning window from the start, the 07:00 slot at 07:00 (London)', () => {
    expect(due('Europe/London', 'learn', '2026-11-16', '2026-11-16T05:59:59Z')).toEqual(
      counts(0, 0, 1),
    );
    expect(due('Europe/London', 'learn', '2026-11-16', '2026-11-16T06:59:59Z')).toEqual(
      counts(1, 0, 1),
    );
    expect(due('Europe/London', 'learn', '2026-11-16', '2026-11-16T07:00:00Z')).toEqual(
      counts(1, 1, 1),
    );
    expect(due('Europe/London', 'learn', '2026-11-16', '2026-11-16T23:59:59Z')).toEqual(
      counts(5, 3, 1),
    );
  });

  it('counts whole past days in full, then today up to now (learn and sense)', () => {
    expect(due('Europe/London', 'learn', '2026-11-16', '2026-11-18T06:59:00Z')).toEqual(
      counts(2 * 5 + 1, 2 * 3, 1),
    );
    expect(due('Europe/London', 'sense', '2026-11-16', '2026-11-18T14:00:00Z')).toEqual(
      counts(2 * 5 + 2, 2 * 6 + 3, 1),
    );
  });

  it('counts only the assessment for grow', () => {
    expect(due('America/New_York', 'grow', '2026-11-16', '2026-11-30T23:00:00Z')).toEqual(
      counts(0, 0, 1),
    );
  });

  it('counts nothing for a start date after today', () => {
    const now = new Date('2026-11-18T12:00:00Z');
    for (const step of ['learn', 'sense', 'grow'] as const) {
      expect(
        scheduledActionsDue({
          timeZone: 'Europe/London',
          step,
          stepStartDate: '2026-11-19',
          today: '2026-11-18',
          now,
        }),
      ).toEqual(counts(0, 0, 0));
    }
  });

  it('counts on the client’s own clock 14 h ahead of UTC (Pacific/Kiritimati)', () => {
    // 06:59 on the 16th in Kiritimati is 16:59 UTC on the 15th.
    expect(due('Pacific/Kiritimati', 'learn', '2026-11-16', '2026-11-15T16:59:00Z')).toEqual(
      counts(1, 0, 1),
    );
    expect(due('Pacific/Kiritimati', 'learn', '2026-11-16', '2026-11-15T17:00:00Z')).toEqual(
      counts(1, 1, 1),
    );
    // Before its local midnight the step has not started: nothing is due yet.
    expect(due('Pacific/Kiritimati', 'learn', '2026-11-16', '2026-11-15T09:59:00Z')).toEqual(
      counts(0, 0, 0),
    );
  });

  it('counts on the client’s own clock 13 h ahead of UTC (Pacific/Auckland, summer)', () => {
    // 07:00 NZDT on the 16th is 18:00 UTC on the 15th.
    expect(due('Pacific/Auckland', 'sense', '2026-11-16', '2026-11-15T17:59:00Z')).toEqual(
      counts(1, 0, 1),
    );
    expect(due('Pacific/Auckland', 'sense', '2026-11-16', '2026-11-15T18:00:00Z')).toEqual(
      counts(1, 1, 1),
    );
  });

  it('keeps 07:00 local on the spring-forward day and counts that 23 h day in full (Europe/Berlin)', () => {
    // 2026-03-29: 02:00 CET becomes 03:00 CEST; 07:00 CEST is 05:00 UTC.
    expect(due('Europe/Berlin', 'learn', '2026-03-29', '2026-03-29T04:59:00Z')).toEqual(
      counts(1, 0, 1),
    );
    expect(due('Europe/Berlin', 'learn', '2026-03-29', '2026-03-29T05:00:00Z')).toEqual(
      counts(1, 1, 1),
    );
    expect(due('Europe/Berlin', 'learn', '2026-03-28', '2026-03-30T03:59:00Z')).toEqual(
      counts(2 * 5, 2 * 3, 1),
    );
  });

  it('keeps 07:00 local on the fall-back day (America/New_York, 2026-11-01)', () => {
    // 07:00 EST is 12:00 UTC (it was 11:00 UTC the day before, in EDT).
    expect(due('America/New_York', 'learn', '2026-11-01', '2026-11-01T11:59:00Z')).toEqual(
      counts(1, 0, 1),
    );
    expect(due('America/New_York', 'learn', '2026-11-01', '2026-11-01T12:00:00Z')).toEqual(
      counts(1, 1, 1),
    );
    expect(due('America/New_York', 'learn', '2026-10-31', '2026-11-01T11:00:00Z')).toEqual(
      counts(5 + 1, 3, 1),
    );
  });
});

describe('plannedEvents', () => {
  const starts: StepStart[] = [
    { step: 'learn', startDate: '2026-03-02' },
    { step: 'sense', startDate: '2026-03-09' },
    { step: 'grow', startDate: '2026-03-16' },
  ];

  it('plans each date with its own step, with each step’s assessment on its start date', () => {
    const events = plannedEvents('Europe/Berlin', starts, '2026-03-01', '2026-03-17');
    const perDate = (date: string) => events.filter((event) => event.localDate === date);
    expect(perDate('2026-03-01')).toEqual([]);
    expect(perDate('2026-03-02').map((event) => event.kind)).toContain('assessment');
    expect(perDate('2026-03-02')).toHaveLength(9);
    expect(perDate('2026-03-08').every((event) => event.step === 'learn')).toBe(true);
    expect(perDate('2026-03-09')).toHaveLength(12);
    expect(perDate('2026-03-10')).toHaveLength(11);
    expect(perDate('2026-03-16').map((event) => `${event.step}:${event.kind}`)).toEqual([
      'grow:assessment',
    ]);
    expect(perDate('2026-03-17')).toEqual([]);
  });
});

describe('wholeStepScheduled', () => {
  const request = {
    timeZone: 'Europe/Berlin',
    step: 'learn',
    stepStartDate: '2026-03-02',
  } as const;

  it('counts the 7 planned days while the step is young: 8 actions a day and the assessment', () => {
    const now = new Date('2026-03-03T09:00:00Z');
    expect(wholeStepScheduled({ ...request, now })).toBe(7 * 8 + 1);
  });

  it('counts everything due so far once the step runs past its 7 days', () => {
    // 2026-03-10 12:00 in Berlin: 8 whole days, then the morning window, the 07:00 slot and the
    // noon window, which opens at 12:00.
    const now = new Date('2026-03-10T11:00:00Z');
    expect(wholeStepScheduled({ ...request, now })).toBe(8 * 8 + 3 + 1);
  });
});

describe('compareCalendarEvents', () => {
  it('orders by start, then entity type, kind and slot, as the server stores them', () => {
    const at = (startsAt: string, entityType: string, kind: string, slot: number) => ({
      startsAt,
      entityType,
      kind,
      slot,
    });
    const events = [
      at('2026-11-16T23:00:00.000Z', 'survey', 'afternoon', 0),
      at('2026-11-16T23:00:00.000Z', 'exercise', 'afternoon', 2),
      at('2026-11-16T23:00:00.000Z', 'exercise', 'afternoon', 1),
      at('2026-11-16T08:00:00.000Z', 'survey', 'morning', 0),
    ];
    expect(events.sort(compareCalendarEvents).map((event) => event.slot)).toEqual([0, 1, 2, 0]);
    expect(events[3]?.entityType).toBe('survey');
  });
});
