import { roundTo } from './rounding.ts';
import { hasReflections } from './schedule.ts';
import type { IndicatorFigure, PhaseIndicators } from './shapes.ts';
import { laggingLimitPercent, maxLowDays } from './values/analyticsValues.ts';
import { type JourneyStep, journeyStepNames } from './values/journeyValues.ts';
import type { Indicator } from './values/surveyValues.ts';

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
 * How many of the most recent days in a row were low (`lowDays`), from one indicator's daily
 * averages of the days that have one, newest first: each rounded to 0.1 as the series shows it
 * (69.95 is 70, not low) and read by {@link isLagging}; the count stops at the first day that is
 * not low, and at {@link maxLowDays}. The caller gives only the current phase's days up to today,
 * so a gap day (no figure) neither counts nor breaks the run: there is nothing to judge on it.
 */
export function lowDayCount(dailyNewestFirst: readonly number[]): number {
  let count = 0;
  for (const value of dailyNewestFirst) {
    if (count >= maxLowDays || !isLagging(roundTo(value, indicatorDecimals))) break;
    count += 1;
  }
  return count;
}

/**
 * An indicator's figure over a phase from the sum of its daily values and the days with one
 * (nulls: no day yet): the rounded average, whether it is lagging, and the run of low days at
 * the end of `dailyNewestFirst` (see {@link lowDayCount}; none given: 0).
 */
export function phaseIndicatorFigure(
  sum: number | null,
  days: number | null,
  dailyNewestFirst: readonly number[] = [],
): IndicatorFigure {
  const value = sum === null || days === null ? null : phaseIndicatorAverage(sum, days);
  return { value, lagging: isLagging(value), lowDays: lowDayCount(dailyNewestFirst) };
}

/**
 * The daily averages of the current phase that `lowDays` reads, per indicator: the days that
 * have one, up to today, newest first (a bounded tail is enough: the run stops at the first day
 * that is not low).
 */
export type RecentDailyIndicators = Record<Indicator, readonly number[]>;

/** A phase's indicator sums and the days with a value (a `client_phase_totals` row); null: none. */
export type PhaseIndicatorSums = {
  productivitySum: number | null;
  productivityDays: number | null;
  mentalSum: number | null;
  mentalDays: number | null;
  physicalSum: number | null;
  physicalDays: number | null;
};

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
 * names (the caller reads that phase's totals) and the current phase's latest daily averages
 * (`recent`, for `lowDays`): over the current phase, flagged lagging under 70 %; over a previous
 * phase (grow shows sense's), labelled so and never flagged, with no low days: those figures can
 * no longer change, so flagging them would call for action on stale data.
 */
export function phaseIndicators(
  step: JourneyStep,
  sums: PhaseIndicatorSums | null,
  recent: RecentDailyIndicators | null = null,
): PhaseIndicators {
  const phase = indicatorPhaseOf(step);
  const current = phase === step;
  const figure = (
    sum: number | null | undefined,
    days: number | null | undefined,
    indicator: Indicator,
  ): IndicatorFigure => {
    const found = phaseIndicatorFigure(sum ?? null, days ?? null, recent?.[indicator]);
    return current ? found : { value: found.value, lagging: false, lowDays: 0 };
  };
  return {
    basis: current ? 'currentPhase' : 'previousPhase',
    phase,
    productivity: figure(sums?.productivitySum, sums?.productivityDays, 'productivity'),
    mental: figure(sums?.mentalSum, sums?.mentalDays, 'mental'),
    physical: figure(sums?.physicalSum, sums?.physicalDays, 'physical'),
  };
}
