import { completionCount } from './completion.ts';
import {
  indicatorPhaseOf,
  type PhaseIndicatorSums,
  phaseIndicators,
  type RecentDailyIndicators,
} from './indicators.ts';
import { scheduledActionsDue } from './schedule.ts';
import type { CompletionCount, PhaseIndicators } from './shapes.ts';
import { type StepStart, sortStepStarts, stepOfDate } from './stepStarts.ts';
import { maxLowDays } from './values/analyticsValues.ts';
import type { EntityType } from './values/calendarValues.ts';
import type { JourneyStep } from './values/journeyValues.ts';
import type { Indicator } from './values/surveyValues.ts';
import { addDays } from './zonedTime.ts';

// A client's figures from what they recorded, one answer and one calendar event at a time: what
// the server keeps in its rollups (client_daily, client_phase_totals) as the answers arrive, for
// whoever holds the records themselves (the mocks, and the parity suite checking both backends).

/** One reflection's answers on its local date. */
export type RecordedReflection = { localDate: string } & Record<Indicator, number>;

/** One calendar event as the completion figures read it. */
export type RecordedEvent = {
  step: JourneyStep;
  entityType: EntityType;
  kind: string;
  localDate: string;
  status: string;
};

/** Which figure a calendar event counts in: exercises, reflections (not assessments), assessments. */
export const completionKinds = {
  exercises: (event: RecordedEvent) => event.entityType === 'exercise',
  reflections: (event: RecordedEvent) =>
    event.entityType === 'survey' && event.kind !== 'assessment',
  assessments: (event: RecordedEvent) => event.kind === 'assessment',
} as const;

/** The three completion figures of a summary, a profile or a series day. */
export type CompletionFigures = Record<keyof typeof completionKinds, CompletionCount>;

/**
 * The completion figures of some events against the scheduled counts: the completed events of
 * each kind over what was due (never less than what was done).
 */
export function completionFigures(
  events: readonly RecordedEvent[],
  due: { exercise: number; reflection: number; assessment: number },
): CompletionFigures {
  const completed = (kind: keyof typeof completionKinds) =>
    events.filter((event) => event.status === 'completed' && completionKinds[kind](event)).length;
  return {
    exercises: completionCount(completed('exercises'), due.exercise),
    reflections: completionCount(completed('reflections'), due.reflection),
    assessments: completionCount(completed('assessments'), due.assessment),
  };
}

/**
 * The current step's completion figures at `now`: its completed events from its start date on,
 * over the actions due so far (the summary's and the profile's figures).
 */
export function stepCompletionFigures(request: {
  events: readonly RecordedEvent[];
  timeZone: string;
  step: JourneyStep;
  stepStartDate: string;
  today: string;
  now: Date;
}): CompletionFigures {
  const { events, step, stepStartDate } = request;
  return completionFigures(
    events.filter((event) => event.step === step && event.localDate >= stepStartDate),
    scheduledActionsDue(request),
  );
}

/** The average of each local date's answers to one indicator, by date. */
export function dailyIndicatorAverages(
  reflections: readonly RecordedReflection[],
  indicator: Indicator,
): Map<string, number> {
  const byDay = new Map<string, number[]>();
  for (const reflection of reflections) {
    byDay.set(reflection.localDate, [
      ...(byDay.get(reflection.localDate) ?? []),
      reflection[indicator],
    ]);
  }
  return new Map(
    [...byDay].map(([date, values]) => [
      date,
      values.reduce((sum, value) => sum + value, 0) / values.length,
    ]),
  );
}

/**
 * A phase's indicator totals as the server keeps them: the sum of the daily averages over the
 * phase's local dates and the number of days that have one (`starts` sorted).
 */
export function phaseIndicatorSums(
  reflections: readonly RecordedReflection[],
  starts: readonly StepStart[],
  phase: JourneyStep,
): PhaseIndicatorSums {
  const inPhase = reflections.filter(
    (reflection) => stepOfDate(starts, reflection.localDate)?.step === phase,
  );
  const totals = (indicator: Indicator) => {
    const daily = [...dailyIndicatorAverages(inPhase, indicator).values()];
    return [daily.reduce((total, value) => total + value, 0), daily.length] as const;
  };
  const [productivitySum, productivityDays] = totals('productivity');
  const [mentalSum, mentalDays] = totals('mental');
  const [physicalSum, physicalDays] = totals('physical');
  return { productivitySum, productivityDays, mentalSum, mentalDays, physicalSum, physicalDays };
}

/**
 * The current phase's daily averages that `lowDays` reads, as the server selects them: the days
 * with a figure from the phase's start to `today` (at most the last `maxLowDays`), newest first
 * (`starts` sorted).
 */
export function recentDailyIndicators(
  reflections: readonly RecordedReflection[],
  starts: readonly StepStart[],
  step: JourneyStep,
  today: string,
): RecentDailyIndicators {
  const earliest = addDays(today, 1 - maxLowDays);
  const inPhase = reflections.filter(
    (reflection) =>
      reflection.localDate <= today &&
      reflection.localDate >= earliest &&
      stepOfDate(starts, reflection.localDate)?.step === step,
  );
  const newestFirst = (indicator: Indicator) =>
    [...dailyIndicatorAverages(inPhase, indicator)]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([, value]) => value);
  return {
    productivity: newestFirst('productivity'),
    mental: newestFirst('mental'),
    physical: newestFirst('physical'),
  };
}

/** A client's indicator figures on `step` at `today`, from every reflection they recorded. */
export function recordedPhaseIndicators(
  reflections: readonly RecordedReflection[],
  steps: readonly StepStart[],
  step: JourneyStep,
  today: string,
): PhaseIndicators {
  const starts = sortStepStarts(steps);
  return phaseIndicators(
    step,
    phaseIndicatorSums(reflections, starts, indicatorPhaseOf(step)),
    recentDailyIndicators(reflections, starts, step, today),
  );
}
