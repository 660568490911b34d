import type { RecordExerciseBody } from '@coach/api';
import { type EffectMeasures, type MetricKind, physiologicalRangeError } from '@coach/domain';
import { timestampError } from '../clientRecords/index.ts';

/** The longest exercise: completedAt is at most this long after startedAt. */
const maxExerciseMs = 2 * 60 * 60 * 1000;

/** The metric kind whose physiological range each measure must be in. */
const measureKinds = {
  hrv1: 'hrv',
  hrv2: 'hrv',
  pulseRate: 'pulse',
  respiratoryRate: 'respiratory',
} as const satisfies Record<keyof EffectMeasures, MetricKind>;

const measureNames = Object.keys(measureKinds) as (keyof EffectMeasures)[];

/**
 * What is wrong with an exercise's measures and times, each naming its field
 * (`before.pulseRate: pulse 300 b/min is outside 25..250 b/min`); empty when it is fine. Measures
 * are in the device metrics' physiological ranges; startedAt and completedAt at most 2 minutes
 * ahead of `now` and 30 days behind; completedAt not before startedAt and at most 2 h after it.
 */
export function exerciseErrors(body: RecordExerciseBody, now: Date): string[] {
  const errors: string[] = [];
  for (const side of ['before', 'after'] as const) {
    for (const name of measureNames) {
      const value = body[side][name];
      if (value === undefined) continue;
      const rangeError = physiologicalRangeError(measureKinds[name], value);
      if (rangeError !== null) errors.push(`${side}.${name}: ${rangeError}`);
    }
  }
  const startedAt = new Date(body.startedAt);
  const completedAt = new Date(body.completedAt);
  for (const [field, value] of [
    ['startedAt', startedAt],
    ['completedAt', completedAt],
  ] as const) {
    const timeError = timestampError(field, value, now);
    if (timeError !== null) errors.push(timeError);
  }
  const lengthMs = completedAt.getTime() - startedAt.getTime();
  if (lengthMs < 0) errors.push('completedAt is before startedAt');
  else if (lengthMs > maxExerciseMs) errors.push('completedAt is more than 2 h after startedAt');
  return errors;
}
