import {
  eventsOfDay,
  exerciseSchedules,
  hasReflections,
  reflectionWindows,
  type ScheduledCounts,
  scheduledActionsDue,
} from './schedule.ts';
import type { JourneyStep } from './values/journeyValues.ts';
import { daysBetween, localDateOf, utcOffsetMinutes, zonedLocalToUtc } from './zonedTime.ts';

// The calendar arithmetic of many clients' figures at one instant, shared between them.

/** Start instants (epoch ms) of one local date's reflection windows and exercise slots. */
type DayStarts = { reflection: number[]; exercise: number[] };

/**
 * "Now" for a whole list of clients: each client's local today, UTC offset, step day and
 * scheduled actions, as {@link localDateOf}, {@link utcOffsetMinutes}, `currentStepDay` and
 * {@link scheduledActionsDue} give them, with the timezone work done once per timezone (and per step and date) instead of once
 * per client. Those conversions are slow and one client's schedule needs
 * dozens of them: a list would spend most of its time there.
 */
export type ScheduleClock = {
  now: Date;
  /** The local date of `now` in a timezone. */
  today: (timeZone: string) => string;
  /** {@link localDateOf} of any instant (an acceptance), kept between requests: it never changes. */
  dateOf: (instant: Date, timeZone: string) => string;
  /** The timezone's UTC offset at `now`, in minutes east of UTC. */
  utcOffsetMinutes: (timeZone: string) => number;
  /** `currentStepDay` at `now`: the day of a step started on `startDate` (1 on that date). */
  currentStepDay: (timeZone: string, startDate: string) => number;
  /** `scheduledActionsDue` with today = the local date of `now` in `timeZone`. */
  scheduledActionsDue: (request: {
    timeZone: string;
    step: JourneyStep;
    stepStartDate: string;
  }) => ScheduledCounts;
};

function memo<T>(cache: Map<string, T>, key: string, compute: () => T, limit = Infinity): T {
  const found = cache.get(key);
  if (found !== undefined) return found;
  const value = compute();
  if (cache.size >= limit) cache.clear();
  cache.set(key, value);
  return value;
}

/**
 * What depends on a timezone and a local date (or an instant) only, never on "now": kept between
 * requests, so that a list pays the timezone conversions of a day's plan once per process and
 * day rather than once per request (some 70 conversions of a few microseconds per timezone and
 * step), and those of an acceptance date or the days between two dates once.
 * Bounded: emptied when full (a few days of every zone and step in use fit many times over).
 */
const sharedLimit = 20_000;
const sharedMidnights = new Map<string, number>();
const sharedDates = new Map<string, string>();
const sharedDaysBetween = new Map<string, number>();
const sharedDayStarts = new Map<string, DayStarts>();

/**
 * A {@link ScheduleClock} at `now`: what depends on `now` is cached as long as the clock lives
 * (one request), a day's plan and midnight between requests.
 */
export function createScheduleClock(now: Date): ScheduleClock {
  const nowMs = now.getTime();
  const todays = new Map<string, string>();
  const offsets = new Map<string, number>();

  const today = (timeZone: string) => memo(todays, timeZone, () => localDateOf(now, timeZone));
  /** Whole days from `startDate` to today in `timeZone` (the step day and the schedule read it). */
  const daysSince = (timeZone: string, startDate: string) => {
    const localToday = today(timeZone);
    return memo(
      sharedDaysBetween,
      `${startDate}\n${localToday}`,
      () => daysBetween(startDate, localToday),
      sharedLimit,
    );
  };
  const midnight = (timeZone: string, localDate: string) =>
    memo(
      sharedMidnights,
      `${timeZone}\n${localDate}`,
      () => zonedLocalToUtc(localDate, '00:00', timeZone).getTime(),
      sharedLimit,
    );
  const startsOfDay = (timeZone: string, step: JourneyStep, localDate: string) =>
    memo(
      sharedDayStarts,
      `${timeZone}\n${step}\n${localDate}`,
      () => {
        const starts: DayStarts = { reflection: [], exercise: [] };
        for (const event of eventsOfDay(timeZone, step, localDate)) {
          const list = event.entityType === 'exercise' ? starts.exercise : starts.reflection;
          list.push(event.startsAt.getTime());
        }
        return starts;
      },
      sharedLimit,
    );

  return {
    now,
    today,
    dateOf: (instant, timeZone) =>
      memo(
        sharedDates,
        `${timeZone}\n${instant.getTime()}`,
        () => localDateOf(instant, timeZone),
        sharedLimit,
      ),
    utcOffsetMinutes: (timeZone) => memo(offsets, timeZone, () => utcOffsetMinutes(now, timeZone)),
    currentStepDay: (timeZone, startDate) => Math.max(0, daysSince(timeZone, startDate) + 1),
    scheduledActionsDue: ({ timeZone, step, stepStartDate }) => {
      const localToday = today(timeZone);
      const counts: ScheduledCounts = { reflection: 0, exercise: 0, assessment: 0 };
      const pastDays = daysSince(timeZone, stepStartDate);
      if (pastDays < 0) return counts;
      // The assessment opens at the start date's midnight: an earlier date's midnight is before
      // today's, which is before now, so only a start today needs its own conversion.
      const todayOpened = midnight(timeZone, localToday) <= nowMs;
      const assessmentOpened =
        pastDays > 0 && todayOpened ? true : midnight(timeZone, stepStartDate) <= nowMs;
      if (assessmentOpened) counts.assessment = 1;
      counts.reflection = (hasReflections(step) ? reflectionWindows.length : 0) * pastDays;
      counts.exercise = exerciseSchedules[step].length * pastDays;
      const starts = startsOfDay(timeZone, step, localToday);
      counts.reflection += starts.reflection.filter((start) => start <= nowMs).length;
      counts.exercise += starts.exercise.filter((start) => start <= nowMs).length;
      return counts;
    },
  };
}
