import {
  type ClientSummary,
  type IndicatorFigure,
  laggingLimitPercent,
} from '../contract/analytics.ts';
import { type JourneyStep, journeyStepNames } from '../contract/journey.ts';
import { roundTo } from './rounding.ts';
import { hasReflections } from './schedule.ts';

/** Averages are given with this many decimals; the lagging flag reads the rounded value. */
export const indicatorDecimals = 1;

/**
 * The average of one indicator over a phase, from the sum of its daily values and the number of
 * days that have one (days without data are skipped, not counted as zero): rounded half up to
 * 0.1; null when no day has a value.
 */
export function phaseIndicatorAverage(sum: number, daysWithValue: number): number | null {
  return daysWithValue > 0 ? roundTo(sum / daysWithValue, indicatorDecimals) : null;
}

/** Lagging: under 70 % (70 itself is not). No data is not lagging: there is nothing to flag. */
export function isLagging(value: number | null): boolean {
  return value !== null && value < laggingLimitPercent;
}

/**
 * An indicator's figure over a phase from the sum of its daily values and the days with one
 * (nulls: no day yet): the rounded average and whether it is lagging.
 */
export function phaseIndicatorFigure(sum: number | null, days: number | null): IndicatorFigure {
  const value = sum === null || days === null ? null : phaseIndicatorAverage(sum, days);
  return { value, lagging: isLagging(value) };
}

/** A phase's indicator sums and the days with a value (a `client_phase_totals` row); null: none. */
export type PhaseIndicatorSums = {
  productivitySum: number | null;
  productivityDays: number | null;
  mentalSum: number | null;
  mentalDays: number | null;
  physicalSum: number | null;
  physicalDays: number | null;
};

/** The indicators of a row of the clients list and the profile header. */
export type PhaseIndicators = ClientSummary['indicators'];

/**
 * The phase whose averages a client on `step` shows: the step itself when it has reflection
 * windows; else (grow) the last step before it that has them (sense), since no new daily
 * indicator can arrive.
 */
export function indicatorPhaseOf(step: JourneyStep): JourneyStep {
  const earlier = journeyStepNames.slice(0, journeyStepNames.indexOf(step) + 1);
  return earlier.findLast(hasReflections) ?? step;
}

/**
 * A client's indicator figures on `step`, from the sums of the phase {@link indicatorPhaseOf}
 * names (the caller reads that phase's totals): over the current phase, flagged lagging under
 * 70 %; over a previous phase (grow shows sense's), labelled so and never flagged: those
 * figures can no longer change, so flagging them would call for action on stale data.
 */
export function phaseIndicators(
  step: JourneyStep,
  sums: PhaseIndicatorSums | null,
): PhaseIndicators {
  const phase = indicatorPhaseOf(step);
  const current = phase === step;
  const figure = (sum: number | null | undefined, days: number | null | undefined) => {
    const found = phaseIndicatorFigure(sum ?? null, days ?? null);
    return current ? found : { value: found.value, lagging: false };
  };
  return {
    basis: current ? 'currentPhase' : 'previousPhase',
    phase,
    productivity: figure(sums?.productivitySum, sums?.productivityDays),
    mental: figure(sums?.mentalSum, sums?.mentalDays),
    physical: figure(sums?.physicalSum, sums?.physicalDays),
  };
}
