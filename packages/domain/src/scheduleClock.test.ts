import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentStepDay } from './journey.ts';
import { scheduledActionsDue } from './schedule.ts';
import { createScheduleClock } from './scheduleClock.ts';
import { journeyStepNames } from './values/journeyValues.ts';
import { addDays, localDateOf, utcOffsetMinutes } from './zonedTime.ts';

const zones = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
] as const;

describe('createScheduleClock: the shared calendar arithmetic of one instant', () => {
  it('answers what localDateOf, utcOffsetMinutes, currentStepDay and scheduledActionsDue answer', () => {
    fc.assert(
      fc.property(
        // Around the 2025 spring and autumn changes, and midnights, of several zones.
        fc.date({
          min: new Date('2025-03-20T00:00:00Z'),
          max: new Date('2025-04-10T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.date({
          min: new Date('2025-10-20T00:00:00Z'),
          max: new Date('2025-11-05T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.boolean(),
        fc.constantFrom(...zones),
        fc.constantFrom(...journeyStepNames),
        fc.integer({ min: -3, max: 12 }),
        (spring, autumn, isSpring, timeZone, step, daysAgo) => {
          const now = isSpring ? spring : autumn;
          const clock = createScheduleClock(now);
          const today = localDateOf(now, timeZone);
          const stepStartDate = addDays(today, -daysAgo);
          expect(clock.today(timeZone)).toBe(today);
          expect(clock.utcOffsetMinutes(timeZone)).toBe(utcOffsetMinutes(now, timeZone));
          expect(clock.currentStepDay(timeZone, stepStartDate)).toBe(
            currentStepDay(stepStartDate, now, timeZone),
          );
          // Twice: the second answer comes from the caches.
          for (let round = 0; round < 2; round += 1) {
            expect(clock.scheduledActionsDue({ timeZone, step, stepStartDate })).toEqual(
              scheduledActionsDue({ timeZone, step, stepStartDate, today, now }),
            );
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('counts a sense day at 14:30 in Berlin: 2 windows, 3 slots, the assessment', () => {
    const clock = createScheduleClock(new Date('2025-06-10T12:30:00Z'));
    expect(
      clock.scheduledActionsDue({
        timeZone: 'Europe/Berlin',
        step: 'sense',
        stepStartDate: '2025-06-10',
      }),
    ).toEqual({ reflection: 2, exercise: 3, assessment: 1 });
    expect(
      clock.scheduledActionsDue({
        timeZone: 'Europe/Berlin',
        step: 'sense',
        stepStartDate: '2025-06-08',
      }),
    ).toEqual({ reflection: 12, exercise: 15, assessment: 1 });
  });
});
