import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  indicatorPhaseOf,
  isLagging,
  lowDayCount,
  phaseIndicatorAverage,
  phaseIndicatorFigure,
  phaseIndicators,
} from './indicators.ts';
import { roundTo } from './rounding.ts';
import { laggingLimitPercent, maxLowDays } from './values/analyticsValues.ts';

describe('isLagging: under 70 %', () => {
  it.each([
    [69.9, true],
    [70, false],
    [70.1, false],
    [0, true],
    [100, false],
  ])('%d lagging: %s', (value, lagging) => {
    expect(isLagging(value)).toBe(lagging);
  });

  it('does not flag an indicator without data', () => {
    expect(isLagging(null)).toBe(false);
    expect(laggingLimitPercent).toBe(70);
  });
});

describe('phaseIndicatorAverage: the sum of the daily values over the days that have one', () => {
  it('divides by the days with data, not the days of the phase', () => {
    // Days of 80 and 60 and a day without data: 70, not 46.7.
    expect(phaseIndicatorAverage(140, 2)).toBe(70);
  });

  it('is null with no day of data', () => {
    expect(phaseIndicatorAverage(0, 0)).toBe(null);
  });

  it('rounds half up to 0.1, and the flag reads the rounded value', () => {
    // (69.9 + 70) / 2 = 69.95 -> 70.0: shown as 70.0 and not lagging.
    const average = phaseIndicatorAverage(69.9 + 70, 2);
    expect(average).toBe(70);
    expect(isLagging(average)).toBe(false);
    const thirds = phaseIndicatorAverage(69.8 + 69.8 + 70, 3); // 69.8666...
    expect(thirds).toBe(69.9);
    expect(isLagging(thirds)).toBe(true);
    expect(phaseIndicatorAverage(50 + 100 + 72.25, 3)).toBe(74.1);
  });

  it('stays within the range of the daily values', () => {
    const value = fc.double({ min: 0, max: 100, noNaN: true });
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 366 }), (values) => {
        const sum = values.reduce((total, daily) => total + daily, 0);
        const average = phaseIndicatorAverage(sum, values.length);
        expect(average).toBeGreaterThanOrEqual(roundTo(Math.min(...values), 1) - 0.05);
        expect(average).toBeLessThanOrEqual(roundTo(Math.max(...values), 1) + 0.05);
      }),
    );
  });
});

describe('roundTo', () => {
  it.each([
    [69.95, 1, 70],
    [69.94, 1, 69.9],
    [1.005, 2, 1.01],
    [-1.25, 1, -1.3],
    [-0.04, 1, 0],
    [1e-7, 1, 0],
    [1e21, 1, 1e21],
  ])('roundTo(%d, %d) is %d', (value, decimals, expected) => {
    expect(Object.is(roundTo(value, decimals), expected)).toBe(true);
  });
});

describe('lowDayCount: the latest days in a row under 70 %', () => {
  it.each([
    [[], 0],
    [[75], 0],
    [[62], 1],
    [[62, 60, 55], 3],
    // The run stops at the first day that is not low, whatever came before it.
    [[62, 60, 70, 50, 50], 2],
    [[80, 60, 60], 0],
  ])('%j (newest first): %d', (daily, count) => {
    expect(lowDayCount(daily)).toBe(count);
  });

  it('reads each day rounded to 0.1, as the series shows it', () => {
    expect(lowDayCount([69.94, 69.95])).toBe(1);
    expect(lowDayCount([69.95, 60])).toBe(0);
  });

  it(`stops at ${maxLowDays} days`, () => {
    expect(lowDayCount(Array.from({ length: maxLowDays + 5 }, () => 40))).toBe(maxLowDays);
  });
});

describe('phaseIndicatorFigure', () => {
  it('flags a rounded average under 70, and nothing without a day', () => {
    expect(phaseIndicatorFigure(139.9, 2)).toEqual({ value: 70, lagging: false, lowDays: 0 });
    expect(phaseIndicatorFigure(139.7, 2)).toEqual({ value: 69.9, lagging: true, lowDays: 0 });
    expect(phaseIndicatorFigure(null, null)).toEqual({ value: null, lagging: false, lowDays: 0 });
    expect(phaseIndicatorFigure(0, 0)).toEqual({ value: null, lagging: false, lowDays: 0 });
  });

  it('counts the low days at the end of the daily averages', () => {
    expect(phaseIndicatorFigure(190, 3, [60, 60, 70])).toEqual({
      value: 63.3,
      lagging: true,
      lowDays: 2,
    });
  });
});

describe('phaseIndicators', () => {
  const sums = {
    productivitySum: 128,
    productivityDays: 2,
    mentalSum: 139.9,
    mentalDays: 2,
    physicalSum: null,
    physicalDays: null,
  };

  it('reads the current phase in learn and sense, flagged lagging under 70 %', () => {
    expect(indicatorPhaseOf('learn')).toBe('learn');
    expect(indicatorPhaseOf('sense')).toBe('sense');
    expect(phaseIndicators('sense', sums)).toEqual({
      basis: 'currentPhase',
      phase: 'sense',
      productivity: { value: 64, lagging: true, lowDays: 0 },
      mental: { value: 70, lagging: false, lowDays: 0 },
      physical: { value: null, lagging: false, lowDays: 0 },
    });
    const recent = { productivity: [60, 64, 80], mental: [69, 71], physical: [] };
    expect(phaseIndicators('sense', sums, recent)).toMatchObject({
      productivity: { lowDays: 2 },
      mental: { lowDays: 1 },
      physical: { lowDays: 0 },
    });
  });

  it("gives grow sense's averages, labelled as the previous phase, never lagging", () => {
    expect(indicatorPhaseOf('grow')).toBe('sense');
    const recent = { productivity: [60, 64], mental: [60], physical: [50] };
    expect(phaseIndicators('grow', sums, recent)).toEqual({
      basis: 'previousPhase',
      phase: 'sense',
      productivity: { value: 64, lagging: false, lowDays: 0 },
      mental: { value: 70, lagging: false, lowDays: 0 },
      physical: { value: null, lagging: false, lowDays: 0 },
    });
    expect(phaseIndicators('grow', null).productivity).toEqual({
      value: null,
      lagging: false,
      lowDays: 0,
    });
  });
});
