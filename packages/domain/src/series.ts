// The scheduled side of a client's daily series (the charts of the profile).

import { eventsOfDay, type ScheduledCounts, stepAssessment } from './schedule.ts';
import { type StepStart, sortStepStarts, stepOfDate } from './stepStarts.ts';
import type { JourneyStep } from './values/journeyValues.ts';
import { addDays, daysBetween } from './zonedTime.ts';

const none = (): ScheduledCounts => ({ reflection: 0, exercise: 0, assessment: 0 });

function countByKind(events: ReturnType<typeof eventsOfDay>, dueBy?: Date): ScheduledCounts {
  const counts = none();
  for (const event of events) {
    if (dueBy !== undefined && event.startsAt > dueBy) continue;
    if (event.entityType === 'exercise') counts.exercise += 1;
    else counts.reflection += 1;
  }
  return counts;
}

export type SeriesScheduleRequest = {
  /** The client's IANA timezone. */
  timeZone: string;
  /** The client's started steps (learn from its start date). */
  steps: readonly StepStart[];
  /** First local date, inclusive. */
  from: string;
  /** Last local date, inclusive; not before `from`. */
  to: string;
  /** The client's local date of `now`. */
  today: string;
  now: Date;
};

/**
 * What was scheduled on each date from `from` to `to`, by the schedule of the step the date
 * belongs to: a past date its whole day (reflection windows and exercise slots), plus the step's
 * assessment on the step's start date; today only what has opened by `now`; dates after today
 * and before the first step nothing. A step's whole day is the same every day (a time skipped by
 * a clock change moves, it never disappears), so it is worked out once per step, not per date.
 */
export function scheduledByDate(request: SeriesScheduleRequest): ScheduledCounts[] {
  const { timeZone, from, to, today, now } = request;
  const sorted = sortStepStarts(request.steps);
  const length = daysBetween(from, to) + 1;
  const wholeDay = new Map<JourneyStep, ScheduledCounts>();
  const days: ScheduledCounts[] = [];
  for (let index = 0; index < length; index += 1) {
    const date = addDays(from, index);
    const start = date > today ? null : stepOfDate(sorted, date);
    if (start === null) {
      days.push(none());
      continue;
    }
    const isStartDate = date === start.startDate;
    if (date === today) {
      const counts = countByKind(eventsOfDay(timeZone, start.step, date), now);
      const assessmentOpened =
        isStartDate && stepAssessment(timeZone, start.step, date).startsAt <= now;
      days.push({ ...counts, assessment: assessmentOpened ? 1 : 0 });
      continue;
    }
    let whole = wholeDay.get(start.step);
    if (whole === undefined) {
      whole = countByKind(eventsOfDay(timeZone, start.step, start.startDate));
      wholeDay.set(start.step, whole);
    }
    days.push({ ...whole, assessment: isStartDate ? 1 : 0 });
  }
  return days;
}
