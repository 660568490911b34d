import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averageIndicator,
  type DailyIndicators,
  isLagging,
  laggingLimitPercent,
  phaseAverages,
} from './indicators.ts';
import { roundTo } from './rounding.ts';

const day = (date: string, values: Partial<Omit<DailyIndicators, 'date'>>): DailyIndicators => ({
  date,
  mental: null,
  physical: null,
  productivity: null,
  ...values,
});
const phase = { from: '2026-03-01', to: '2026-03-07' };

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

describe('averageIndicator over the phase', () => {
  it('skips days without data instead of counting them as zero', () => {
    const days = [
      day('2026-03-01', { mental: 80 }),
      day('2026-03-02', {}),
      day('2026-03-03', { mental: 60 }),
    ];
    expect(averageIndicator(days, 'mental', phase)).toBe(70);
  });

  it('counts only the days of the phase, both ends included', () => {
    const days = [
      day('2026-02-28', { physical: 0 }),
      day('2026-03-01', { physical: 90 }),
      day('2026-03-07', { physical: 70 }),
      day('2026-03-08', { physical: 0 }),
    ];
    expect(averageIndicator(days, 'physical', phase)).toBe(80);
  });

  it('is null with no data in the phase', () => {
    expect(averageIndicator([day('2026-02-01', { productivity: 90 })], 'productivity', phase)).toBe(
      null,
    );
  });

  it('rounds half up to 0.1, and the flag reads the rounded value', () => {
    // (69.9 + 70) / 2 = 69.95 -> 70.0: shown as 70.0 and not lagging.
    const days = [day('2026-03-01', { mental: 69.9 }), day('2026-03-02', { mental: 70 })];
    const average = averageIndicator(days, 'mental', phase);
    expect(average).toBe(70);
    expect(isLagging(average)).toBe(false);
    const thirds = [1, 2, 3].map((n) => day(`2026-03-0${n}`, { mental: n === 3 ? 70 : 69.8 }));
    expect(averageIndicator(thirds, 'mental', phase)).toBe(69.9); // 69.8666...
    expect(isLagging(averageIndicator(thirds, 'mental', phase))).toBe(true);
  });

  it('averages the three indicators separately', () => {
    const days = [
      day('2026-03-01', { mental: 50, physical: 100 }),
      day('2026-03-02', { mental: 100, productivity: 72.25 }),
    ];
    expect(phaseAverages(days, phase)).toEqual({ mental: 75, physical: 100, productivity: 72.3 });
  });

  it('stays within the range of the daily values', () => {
    const value = fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null });
    fc.assert(
      fc.property(fc.array(value, { maxLength: 7 }), (values) => {
        const days = values.map((mental, index) => day(`2026-03-0${index + 1}`, { mental }));
        const present = values.filter((v): v is number => v !== null);
        const average = averageIndicator(days, 'mental', phase);
        if (present.length === 0) {
          expect(average).toBeNull();
          return;
        }
        expect(average).toBeGreaterThanOrEqual(roundTo(Math.min(...present), 1) - 0.05);
        expect(average).toBeLessThanOrEqual(roundTo(Math.max(...present), 1) + 0.05);
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
