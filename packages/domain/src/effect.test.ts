import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EffectInput,
  type EffectMeasures,
  effectLevel,
  effectLevelForScore,
  effectScore,
} from './effect.ts';
import { type ExerciseGoal, exerciseGoalNames } from './values/journeyValues.ts';

const none: EffectMeasures = { hrv1: null, hrv2: null, pulseRate: null, respiratoryRate: null };

function input(
  goal: ExerciseGoal,
  before: Partial<EffectMeasures>,
  after: Partial<EffectMeasures>,
): EffectInput {
  return { goal, before: { ...none, ...before }, after: { ...none, ...after } };
}

const hrvOnly = (after: number) => input('calm', { hrv1: 100 }, { hrv1: after });

describe('effectLevelForScore: thresholds at 5 and 15 percent, inclusive away from neutral', () => {
  it.each([
    [-100, 'negative'],
    [-15, 'negative'],
    [-14.99, 'moderatelyNegative'],
    [-5, 'moderatelyNegative'],
    [-4.99, 'neutral'],
    [0, 'neutral'],
    [4.99, 'neutral'],
    [5, 'moderatelyPositive'],
    [14.99, 'moderatelyPositive'],
    [15, 'positive'],
    [50, 'positive'],
  ] as const)('score %d is %s', (score, level) => {
    expect(effectLevelForScore(score)).toBe(level);
  });
});

describe('effectLevel from the measures', () => {
  it.each([
    [85, 'negative'],
    [85.01, 'moderatelyNegative'],
    [95, 'moderatelyNegative'],
    [95.01, 'neutral'],
    [100, 'neutral'],
    [104.99, 'neutral'],
    [105, 'moderatelyPositive'],
    [114.99, 'moderatelyPositive'],
    [115, 'positive'],
  ] as const)('HRV 100 ms -> %d ms is %s', (after, level) => {
    expect(effectLevel(hrvOnly(after))).toBe(level);
  });

  it('averages the relative changes of HRV-1 and HRV-2', () => {
    const result = input('focus', { hrv1: 100, hrv2: 50 }, { hrv1: 110, hrv2: 60 });
    expect(effectScore(result)).toBe(15);
    expect(effectLevel(result)).toBe('positive');
  });

  it('counts a falling pulse and a slower breathing rate as good, HRV double', () => {
    // HRV +20 % (x2), pulse -10 % (+10), respiratory 15 -> 10.5 /min (-30 %: +30): 80 / 4 = 20.
    const result = input(
      'calm',
      { hrv1: 50, pulseRate: 70, respiratoryRate: 15 },
      { hrv1: 60, pulseRate: 63, respiratoryRate: 10.5 },
    );
    expect(effectScore(result)).toBe(20);
    expect(effectLevel(result)).toBe('positive');
  });

  it('counts a rising pulse as bad, except for an energy exercise', () => {
    const rise = { pulseRate: 60 } as const;
    const after = { pulseRate: 66 } as const;
    expect(effectScore(input('calm', rise, after))).toBe(-10);
    expect(effectLevel(input('calm', rise, after))).toBe('moderatelyNegative');
    expect(effectScore(input('energy', rise, after))).toBe(0);
    expect(effectLevel(input('energy', rise, after))).toBe('neutral');
    // A falling pulse still counts for energy.
    expect(effectScore(input('energy', { pulseRate: 60 }, { pulseRate: 54 }))).toBe(10);
  });

  it('does not judge the breathing rate of an energy exercise', () => {
    expect(effectLevel(input('energy', { respiratoryRate: 12 }, { respiratoryRate: 20 }))).toBe(
      null,
    );
    expect(effectLevel(input('learn', { respiratoryRate: 12 }, { respiratoryRate: 6 }))).toBe(
      'positive',
    );
  });

  it('caps each measure at 50 percent so one outlier cannot decide alone', () => {
    // HRV +300 % counts +50 (x2); pulse +60 % counts -50: (100 - 50) / 3.
    const result = input('calm', { hrv1: 50, pulseRate: 50 }, { hrv1: 200, pulseRate: 80 });
    expect(effectScore(result)).toBe(16.67);
  });

  it('ignores missing and unusable measures; nothing measured on both sides is null', () => {
    expect(effectLevel(input('calm', {}, {}))).toBeNull();
    expect(effectLevel(input('calm', { hrv1: 100 }, { hrv2: 130 }))).toBeNull();
    expect(effectLevel(input('calm', { hrv1: 0 }, { hrv1: 50 }))).toBeNull();
    expect(effectLevel(input('calm', { hrv1: Number.NaN }, { hrv1: 50 }))).toBeNull();
    // The missing pulse does not dilute the HRV change.
    expect(effectScore(input('calm', { hrv1: 100, pulseRate: 60 }, { hrv1: 120 }))).toBe(20);
  });

  it('keeps the score within the caps and never lowers it when HRV after rises', () => {
    const measure = fc.option(fc.double({ min: 1, max: 400, noNaN: true }), { nil: null });
    const measures = fc.record({
      hrv1: measure,
      hrv2: measure,
      pulseRate: measure,
      respiratoryRate: measure,
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...exerciseGoalNames),
        measures,
        measures,
        fc.double({ min: 0, max: 50, noNaN: true }),
        (goal, before, after, extra) => {
          const score = effectScore({ goal, before, after });
          if (score === null) return;
          expect(Math.abs(score)).toBeLessThanOrEqual(50);
          if (after.hrv1 === null) return;
          const better = effectScore({
            goal,
            before,
            after: { ...after, hrv1: after.hrv1 + extra },
          });
          expect(better).not.toBeNull();
          expect(better as number).toBeGreaterThanOrEqual(score);
        },
      ),
    );
  });
});
