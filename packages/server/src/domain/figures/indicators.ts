import type { Indicator } from '../journey/enumerations.ts';
import { roundTo } from './rounding.ts';

export { type Indicator, indicators } from '../journey/enumerations.ts';

/** Under this average (percent) an indicator is lagging (spec: indicators lagging limit). */
export const laggingLimitPercent = 70;
/** Averages are given with this many decimals; the lagging flag reads the rounded value. */
export const indicatorDecimals = 1;

/**
 * One day's indicators of a client, in percent (0..100); null on a day without data for it.
 * `date` is the client's local calendar date, YYYY-MM-DD.
 */
export type DailyIndicators = { date: string } & Record<Indicator, number | null>;

/** A date range of the client's local calendar dates, both ends included (YYYY-MM-DD). */
export type DateRange = { from: string; to: string };

export type IndicatorAverages = Record<Indicator, number | null>;

/**
 * The average of one indicator over the days in `range`: days without a value are skipped (not
 * counted as zero); null when no day in the range has one. Rounded half up to 0.1.
 */
export function averageIndicator(
  days: readonly DailyIndicators[],
  indicator: Indicator,
  range: DateRange,
): number | null {
  let sum = 0;
  let count = 0;
  for (const day of days) {
    if (day.date < range.from || day.date > range.to) continue;
    const value = day[indicator];
    if (value === null || !Number.isFinite(value)) continue;
    sum += value;
    count += 1;
  }
  return count === 0 ? null : roundTo(sum / count, indicatorDecimals);
}

/** The three averages over the phase (for the current phase: its start date to today). */
export function phaseAverages(
  days: readonly DailyIndicators[],
  range: DateRange,
): IndicatorAverages {
  return {
    mental: averageIndicator(days, 'mental', range),
    physical: averageIndicator(days, 'physical', range),
    productivity: averageIndicator(days, 'productivity', range),
  };
}

/** Lagging: under 70 % (70 itself is not). No data is not lagging: there is nothing to flag. */
export function isLagging(value: number | null): boolean {
  return value !== null && value < laggingLimitPercent;
}
