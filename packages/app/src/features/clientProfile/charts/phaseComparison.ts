import type { CompletionCount, Exercise, Journey, SeriesDay } from '@coach/api';
import {
  type GoalEffect,
  goalEffectNames,
  type Indicator,
  type JourneyStep,
  journeyStepNames,
  phaseIndicatorAverage,
  sortStepStarts,
  stepOfDate,
} from '@coach/domain';
import { chartIndicators } from './indicatorChartData.ts';

/** The completion figures compared phase by phase. */
export const completionKinds = ['exercises', 'reflections', 'assessments'] as const;
/** A kind of scheduled action. */
type CompletionKind = (typeof completionKinds)[number];

/** Exercises by effect level; `unmeasured`: no measure usable both before and after. */
export type EffectCounts = Record<GoalEffect, number> & { unmeasured: number };

/** One phase's figures side by side with the others. */
export type PhaseFigures =
  | { step: JourneyStep; isReached: false }
  | {
      step: JourneyStep;
      isReached: true;
      isCurrent: boolean;
      startDate: string;
      /** Days of the phase so far (its start to the day before the next one, or to today). */
      dayCount: number;
      /** Average of the days with a figure, to 0.1; null when no day has one. */
      averages: Record<Indicator, number | null>;
      completion: Record<CompletionKind, CompletionCount>;
      /** The phase's exercises by effect level. */
      effects: EffectCounts;
      exerciseCount: number;
    };

const noEffects = (): EffectCounts => ({
  ...(Object.fromEntries(goalEffectNames.map((level) => [level, 0])) as Record<GoalEffect, number>),
  unmeasured: 0,
});

/**
 * Learn, Sense and Grow side by side from the journey, the client's series over the whole
 * journey and their exercises: the indicator averages by the phase rule (days without a figure
 * are skipped, not zeros), completed / scheduled by kind, and the exercises' effect levels; a
 * phase not started yet is marked so, with no figures.
 */
export function comparePhases(
  journey: Pick<Journey, 'steps' | 'currentStep'>,
  series: readonly SeriesDay[],
  exercises: readonly Pick<Exercise, 'step' | 'effect'>[],
): PhaseFigures[] {
  const starts = sortStepStarts(
    journey.steps.flatMap((entry) =>
      entry.startDate === null ? [] : [{ step: entry.step, startDate: entry.startDate }],
    ),
  );
  const daysByStep = new Map<JourneyStep, SeriesDay[]>();
  for (const day of series) {
    const step = stepOfDate(starts, day.date)?.step;
    if (step !== undefined) daysByStep.set(step, [...(daysByStep.get(step) ?? []), day]);
  }
  return journeyStepNames.map((step): PhaseFigures => {
    const start = starts.find((candidate) => candidate.step === step);
    if (start === undefined) return { step, isReached: false };
    const days = daysByStep.get(step) ?? [];
    const average = (indicator: Indicator) => {
      const values = days.flatMap((day) => (day[indicator] === null ? [] : [day[indicator]]));
      return phaseIndicatorAverage(
        values.reduce((sum, value) => sum + value, 0),
        values.length,
      );
    };
    const total = (kind: CompletionKind): CompletionCount => ({
      completed: days.reduce((sum, day) => sum + day[kind].completed, 0),
      scheduled: days.reduce((sum, day) => sum + day[kind].scheduled, 0),
    });
    const effects = noEffects();
    const ofStep = exercises.filter((exercise) => exercise.step === step);
    for (const exercise of ofStep) {
      if (exercise.effect === null) effects.unmeasured += 1;
      else effects[exercise.effect] += 1;
    }
    return {
      step,
      isReached: true,
      isCurrent: journey.currentStep === step,
      startDate: start.startDate,
      dayCount: days.length,
      averages: Object.fromEntries(
        chartIndicators.map((indicator) => [indicator, average(indicator)]),
      ) as Record<Indicator, number | null>,
      completion: {
        exercises: total('exercises'),
        reflections: total('reflections'),
        assessments: total('assessments'),
      },
      effects,
      exerciseCount: ofStep.length,
    };
  });
}
