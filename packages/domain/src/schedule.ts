// The schedule of requirements R9.9 (reflection windows, exercise slots, step assessments): the
// events of a client's calendar, generated in the client's own timezone and stored in UTC.

import { preferredStepLengthDays } from './journey.ts';
import { type StepStart, stepOfDate } from './stepStarts.ts';
import {
  type EntityType,
  type ExerciseSlotName,
  maxRangeDays,
  type ReflectionWindowName,
  type SurveyType,
} from './values/calendarValues.ts';
import type { JourneyStep } from './values/journeyValues.ts';
import { addDays, daysBetween, localDateOf, zonedLocalToUtc } from './zonedTime.ts';

export type ReflectionWindow = {
  name: ReflectionWindowName;
  /** Local wall time, 'HH:MM'. */
  start: string;
  /** Local wall time, exclusive. */
  end: string;
};

/** Reflection windows of learn and sense; grow has none. */
export const reflectionWindows: readonly ReflectionWindow[] = [
  { name: 'morning', start: '06:00', end: '10:00' },
  { name: 'noon', start: '12:00', end: '13:30' },
  { name: 'afternoon', start: '15:00', end: '16:30' },
  { name: 'evening', start: '18:00', end: '19:30' },
  { name: 'night', start: '21:00', end: '22:30' },
];

export type ExerciseSlot = {
  name: ExerciseSlotName;
  /** 0, or 0..3 for the four afternoon slots of sense. */
  slot: number;
  /** Local wall time the slot opens; it stays open until the end of that local day. */
  start: string;
};

/**
 * Exercise slots per step. Sense's four afternoon slots open on the hour from 13:00 (13:00,
 * 14:00, 15:00, 16:00), one hour apart like a plan a client can follow after lunch, and each,
 * like every slot, stays open until the end of the day. Grow has none (the spec lists none).
 */
export const exerciseSchedules: Readonly<Record<JourneyStep, readonly ExerciseSlot[]>> = {
  learn: [
    { name: 'morning', slot: 0, start: '07:00' },
    { name: 'afternoon', slot: 0, start: '13:00' },
    { name: 'evening', slot: 0, start: '18:00' },
  ],
  sense: [
    { name: 'morning', slot: 0, start: '07:00' },
    { name: 'afternoon', slot: 0, start: '13:00' },
    { name: 'afternoon', slot: 1, start: '14:00' },
    { name: 'afternoon', slot: 2, start: '15:00' },
    { name: 'afternoon', slot: 3, start: '16:00' },
    { name: 'evening', slot: 0, start: '18:00' },
  ],
  grow: [],
};

/** The steps with reflection windows. */
export function hasReflections(step: JourneyStep): boolean {
  return step !== 'grow';
}

/** The longest range one call generates (a year and a day, the contract's longest range). */
export const maxCalendarDays = maxRangeDays;

export type PlannedCalendarEvent = {
  step: JourneyStep;
  entityType: Extract<EntityType, 'survey' | 'exercise'>;
  /** The reflection window or exercise slot name, or 'assessment'. */
  kind: ReflectionWindowName | ExerciseSlotName | 'assessment';
  slot: number;
  /**
   * 'morningReflection' for the morning window, 'reflection' for the others, 'assessment' for
   * the step's assessment; null for exercises.
   */
  surveyType: SurveyType | null;
  localDate: string;
  startsAt: Date;
  /** Exclusive; an exercise slot ends at the next local midnight. */
  endsAt: Date;
};

export type CalendarRequest = {
  /** The client's IANA timezone. */
  timeZone: string;
  step: JourneyStep;
  /** First local date, 'YYYY-MM-DD'. */
  from: string;
  /** Last local date, inclusive. */
  to: string;
  /**
   * The step's start date: that day also carries the step's assessment (see
   * {@link stepAssessment}). Without it, no assessment is generated.
   */
  stepStartDate?: string;
};

/**
 * Every step, grow included, schedules one assessment on its start date: it opens at the local
 * midnight that starts the step and stays open for the preferred step length (7 days), so a
 * client who misses day 1 can still answer it that week.
 */
export function stepAssessment(
  timeZone: string,
  step: JourneyStep,
  stepStartDate: string,
): PlannedCalendarEvent {
  return {
    step,
    entityType: 'survey',
    kind: 'assessment',
    slot: 0,
    surveyType: 'assessment',
    localDate: stepStartDate,
    startsAt: zonedLocalToUtc(stepStartDate, '00:00', timeZone),
    endsAt: zonedLocalToUtc(addDays(stepStartDate, preferredStepLengthDays), '00:00', timeZone),
  };
}

/**
 * The events of a step for each local date from `from` to `to` (inclusive), ordered by date and
 * then start. Pure: the same request always gives the same events (the database's unique key on
 * client, date, entity, kind and slot makes storing them again a no-op).
 */
export function generateCalendarEvents(request: CalendarRequest): PlannedCalendarEvent[] {
  const { timeZone, step, from, to, stepStartDate } = request;
  const days = daysBetween(from, to) + 1;
  if (days < 1) throw new RangeError(`the range ends (${to}) before it starts (${from})`);
  if (days > maxCalendarDays) {
    throw new RangeError(`a calendar range is at most ${maxCalendarDays} days, got ${days}`);
  }
  const events: PlannedCalendarEvent[] = [];
  for (let index = 0; index < days; index += 1) {
    const localDate = addDays(from, index);
    if (localDate === stepStartDate) events.push(stepAssessment(timeZone, step, localDate));
    events.push(...eventsOfDay(timeZone, step, localDate));
  }
  return events;
}

/**
 * The planned events of the local dates `from` to `to` (inclusive), each date with the schedule
 * of the step it belongs to and, on a step's start date, that step's assessment. Dates before
 * learn started have none. `starts` is in the order of `sortStepStarts` (journey order does).
 */
export function plannedEvents(
  timeZone: string,
  starts: readonly StepStart[],
  from: string,
  to: string,
): PlannedCalendarEvent[] {
  // Consecutive dates of the same step form one run, generated in one call.
  const runs: { step: StepStart; from: string; to: string }[] = [];
  const days = daysBetween(from, to) + 1;
  for (let index = 0; index < days; index += 1) {
    const date = addDays(from, index);
    const step = stepOfDate(starts, date);
    if (step === null) continue;
    const last = runs.at(-1);
    if (last && last.step.step === step.step) last.to = date;
    else runs.push({ step, from: date, to: date });
  }
  return runs.flatMap((run) =>
    generateCalendarEvents({
      timeZone,
      step: run.step.step,
      from: run.from,
      to: run.to,
      stepStartDate: run.step.startDate,
    }),
  );
}

/** The reflection windows and exercise slots of one local date, by start time. */
export function eventsOfDay(
  timeZone: string,
  step: JourneyStep,
  localDate: string,
): PlannedCalendarEvent[] {
  const events: PlannedCalendarEvent[] = [];
  if (hasReflections(step)) {
    for (const window of reflectionWindows) {
      events.push({
        step,
        entityType: 'survey',
        kind: window.name,
        slot: 0,
        surveyType: window.name === 'morning' ? 'morningReflection' : 'reflection',
        localDate,
        startsAt: zonedLocalToUtc(localDate, window.start, timeZone),
        endsAt: zonedLocalToUtc(localDate, window.end, timeZone),
      });
    }
  }
  const schedule = exerciseSchedules[step];
  if (schedule.length > 0) {
    const endOfDay = zonedLocalToUtc(addDays(localDate, 1), '00:00', timeZone);
    for (const slot of schedule) {
      events.push({
        step,
        entityType: 'exercise',
        kind: slot.name,
        slot: slot.slot,
        surveyType: null,
        localDate,
        startsAt: zonedLocalToUtc(localDate, slot.start, timeZone),
        endsAt: endOfDay,
      });
    }
  }
  return events.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Scheduled actions by activity kind. */
export type ScheduledCounts = { reflection: number; exercise: number; assessment: number };

/**
 * How many actions of a step have opened by `now`: the step's assessment, then every reflection
 * window and exercise slot from the step's start date to the client's today whose start is at or
 * before `now`. Whole past days count their full schedule (every day has the same number of
 * events, DST included: a skipped wall time moves forward, never away), so the cost does not
 * grow with the step's length. Nothing before the start date; zero for a start in the future.
 */
export function scheduledActionsDue(request: {
  timeZone: string;
  step: JourneyStep;
  stepStartDate: string;
  today: string;
  now: Date;
}): ScheduledCounts {
  const { timeZone, step, stepStartDate, today, now } = request;
  const counts: ScheduledCounts = { reflection: 0, exercise: 0, assessment: 0 };
  const pastDays = daysBetween(stepStartDate, today);
  if (pastDays < 0) return counts;
  if (stepAssessment(timeZone, step, stepStartDate).startsAt <= now) counts.assessment = 1;
  counts.reflection = (hasReflections(step) ? reflectionWindows.length : 0) * pastDays;
  counts.exercise = exerciseSchedules[step].length * pastDays;
  for (const event of eventsOfDay(timeZone, step, today)) {
    if (event.startsAt > now) continue;
    if (event.entityType === 'exercise') counts.exercise += 1;
    else counts.reflection += 1;
  }
  return counts;
}

/**
 * The schedule of a whole step, for the step-done check: how many actions are due at the later
 * of `now` and the local midnight that ends the preferred 7 days, so the 7 planned days, or
 * everything due so far when the step runs longer.
 */
export function wholeStepScheduled(request: {
  timeZone: string;
  step: JourneyStep;
  stepStartDate: string;
  now: Date;
}): number {
  const { timeZone, step, stepStartDate, now } = request;
  const plannedEnd = zonedLocalToUtc(
    addDays(stepStartDate, preferredStepLengthDays),
    '00:00',
    timeZone,
  );
  const at = new Date(Math.max(plannedEnd.getTime(), now.getTime()));
  const due = scheduledActionsDue({
    timeZone,
    step,
    stepStartDate,
    today: localDateOf(at, timeZone),
    now: at,
  });
  return due.reflection + due.exercise + due.assessment;
}

/** A calendar event as the calendar's order reads it. */
type OrderedEvent = { startsAt: string; entityType: string; kind: string; slot: number };

/**
 * The calendar's order: by start time, then entity type, kind and slot (the server's stored
 * order, so events starting together always come in the same order).
 */
export function compareCalendarEvents(a: OrderedEvent, b: OrderedEvent): number {
  const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return (
    Date.parse(a.startsAt) - Date.parse(b.startsAt) ||
    byText(a.entityType, b.entityType) ||
    byText(a.kind, b.kind) ||
    a.slot - b.slot
  );
}
