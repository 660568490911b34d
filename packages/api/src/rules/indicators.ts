import { type IndicatorFigure, laggingLimitPercent } from '../contract/analytics.ts';
import { roundTo } from './rounding.ts';

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
