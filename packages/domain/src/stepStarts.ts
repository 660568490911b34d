// Which journey step a client's local date belongs to: one rule for the calendar, the series,
// the writes that stamp a step, the simulator and the mocks.
import { type JourneyStep, journeyStepNames } from './values/journeyValues.ts';

/** A started journey step and the client's local date it started on. */
export type StepStart = { step: JourneyStep; startDate: string };

/** Steps by start date, then in journey order (a later step started the same day wins). */
export function sortStepStarts(starts: readonly StepStart[]): StepStart[] {
  return [...starts].sort(
    (a, b) =>
      a.startDate.localeCompare(b.startDate) ||
      journeyStepNames.indexOf(a.step) - journeyStepNames.indexOf(b.step),
  );
}

/**
 * The step a local date belongs to: the one with the latest start date on or before it (the day
 * of a phase change belongs wholly to the new step); null before the first start. `sorted` is in
 * the order of {@link sortStepStarts}.
 */
export function stepOfDate(sorted: readonly StepStart[], localDate: string): StepStart | null {
  let found: StepStart | null = null;
  for (const start of sorted) {
    if (start.startDate > localDate) break;
    found = start;
  }
  return found;
}
