import { roundTo } from './rounding.ts';
import type { ExerciseMeasures } from './shapes.ts';
import type { GoalEffect } from './values/exerciseValues.ts';
import type { ExerciseGoal } from './values/journeyValues.ts';

/** One reading taken before or after an exercise; a measure the device did not take is null. */
export type EffectMeasures = {
  /** HRV-1, ms. */
  hrv1: number | null;
  /** HRV-2, ms. */
  hrv2: number | null;
  /** Pulse rate, b/min. */
  pulseRate: number | null;
  /** Respiratory rate, breaths/min. */
  respiratoryRate: number | null;
};

/** A body's measures with the missing ones as null (what the effect rule and the table take). */
export function measuresOf(body: ExerciseMeasures): EffectMeasures {
  return {
    hrv1: body.hrv1 ?? null,
    hrv2: body.hrv2 ?? null,
    pulseRate: body.pulseRate ?? null,
    respiratoryRate: body.respiratoryRate ?? null,
  };
}

export type EffectInput = {
  goal: ExerciseGoal;
  before: EffectMeasures;
  after: EffectMeasures;
};

/** The score's thresholds, in (weighted) percent change (docs/decisions/0038-client-figures.md). */
export const effectThresholds = {
  /** At or above: positive. */
  positive: 15,
  /** At or above (and under `positive`): moderatelyPositive. */
  moderatelyPositive: 5,
  /** At or below (and above `negative`): moderatelyNegative. */
  moderatelyNegative: -5,
  /** At or below: negative. */
  negative: -15,
} as const;

/** One measure's change counts at most this much (percent), so one outlier cannot decide alone. */
export const effectComponentCap = 50;

/** HRV is the primary marker of the relaxation response the exercises train, so it counts double. */
export const effectWeights = { hrv: 2, pulseRate: 1, respiratoryRate: 1 } as const;

/** Change from before to after, in percent of before; null when either side is unusable. */
function percentChange(before: number | null, after: number | null): number | null {
  if (before === null || after === null) return null;
  if (!Number.isFinite(before) || !Number.isFinite(after) || before <= 0 || after < 0) return null;
  // Multiplying before dividing keeps round inputs exact (100 -> 105 is exactly 5).
  return ((after - before) * 100) / before;
}

function cap(value: number): number {
  return Math.min(effectComponentCap, Math.max(-effectComponentCap, value));
}

/**
 * The effect score in percent (positive is good), rounded to 0.01, or null when no measure was
 * taken both before and after. HRV up is good, pulse and respiratory rate down are good; for an
 * 'energy' exercise a pulse rise is expected (it counts zero) and the breathing rate is not judged.
 */
export function effectScore({ goal, before, after }: EffectInput): number | null {
  const components: { value: number; weight: number }[] = [];

  const hrvChanges = [
    percentChange(before.hrv1, after.hrv1),
    percentChange(before.hrv2, after.hrv2),
  ].filter((change): change is number => change !== null);
  if (hrvChanges.length > 0) {
    const mean = hrvChanges.reduce((sum, change) => sum + change, 0) / hrvChanges.length;
    components.push({ value: cap(mean), weight: effectWeights.hrv });
  }

  const pulseChange = percentChange(before.pulseRate, after.pulseRate);
  if (pulseChange !== null) {
    const judged = goal === 'energy' ? Math.min(pulseChange, 0) : pulseChange;
    components.push({ value: cap(-judged), weight: effectWeights.pulseRate });
  }

  const respiratoryChange = percentChange(before.respiratoryRate, after.respiratoryRate);
  if (respiratoryChange !== null && goal !== 'energy') {
    components.push({ value: cap(-respiratoryChange), weight: effectWeights.respiratoryRate });
  }

  if (components.length === 0) return null;
  const totalWeight = components.reduce((sum, component) => sum + component.weight, 0);
  const weighted = components.reduce((sum, c) => sum + c.value * c.weight, 0);
  return roundTo(weighted / totalWeight, 2);
}

/** The level for a score: thresholds are inclusive on the side away from neutral. */
export function effectLevelForScore(score: number): GoalEffect {
  if (score >= effectThresholds.positive) return 'positive';
  if (score >= effectThresholds.moderatelyPositive) return 'moderatelyPositive';
  if (score <= effectThresholds.negative) return 'negative';
  if (score <= effectThresholds.moderatelyNegative) return 'moderatelyNegative';
  return 'neutral';
}

/** The exercise's effect level, or null when nothing was measured both before and after. */
export function effectLevel(input: EffectInput): GoalEffect | null {
  const score = effectScore(input);
  return score === null ? null : effectLevelForScore(score);
}
