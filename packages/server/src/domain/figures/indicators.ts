import { laggingLimitPercent } from '@coach/api';
import { roundTo } from './rounding.ts';

export { type Indicator, indicators } from '../journey/enumerations.ts';

/** Under this average (percent) an indicator is lagging (spec: indicators lagging limit; the contract's). */
export { laggingLimitPercent };
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
