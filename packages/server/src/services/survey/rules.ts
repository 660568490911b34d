import type { Assessment } from '@coach/api';
import { type DateRange, type JourneyStep, type StepStart, stepAssessment } from '@coach/domain';
import { type ClientRef, datesOfStep } from '../clientRecords/index.ts';

/** The name a scheduled assessment never answered shows ('Learn assessment'). */
export function scheduledAssessmentName(step: JourneyStep): string {
  return `${step.charAt(0).toUpperCase()}${step.slice(1)} assessment`;
}

/** The scheduled assessment of each started step whose start date is in the range and open. */
export function scheduledInRange(
  client: ClientRef,
  starts: readonly StepStart[],
  range: DateRange,
  now: Date,
): StepStart[] {
  return starts.filter((start) => {
    const dates = datesOfStep(starts, start.step);
    // A step followed by one started the same day owns no date: the later one's assessment is it.
    const ownsADate = dates !== null && dates.until !== dates.from;
    return (
      ownsADate &&
      start.startDate >= range.from &&
      start.startDate <= range.to &&
      stepAssessment(client.timezone, start.step, start.startDate).startsAt <= now
    );
  });
}

/** Assessments by date, then answer time (never answered last), then id: newest first. */
export function newestFirst(a: Assessment, b: Assessment): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  if (a.answeredAt !== b.answeredAt) {
    if (a.answeredAt === null) return 1;
    if (b.answeredAt === null) return -1;
    return a.answeredAt < b.answeredAt ? 1 : -1;
  }
  return (a.id ?? '') < (b.id ?? '') ? 1 : -1;
}
