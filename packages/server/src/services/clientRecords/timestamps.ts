import { defaultMetricBatchLimits } from '@coach/domain';

const dayMs = 86_400_000;

/**
 * Why a client's timestamp is refused, or null: like device metrics, at most 2 minutes after
 * `now` (device clock skew) and at most 30 days before it. The message names the field.
 */
export function timestampError(field: string, value: Date, now: Date): string | null {
  const { clockSkewMs, maxAgeMs } = defaultMetricBatchLimits;
  if (value.getTime() > now.getTime() + clockSkewMs) return `${field} is in the future`;
  if (value.getTime() < now.getTime() - maxAgeMs) {
    return `${field} is older than ${maxAgeMs / dayMs} days`;
  }
  return null;
}
