import type { DateRangeQuery } from '@coach/api';
import { addDays, maxRangeDays } from '@coach/domain';

/**
 * The dates the profile's lists (exercises, reflections, assessments) cover: the longest range
 * one call takes, ending on tomorrow's UTC date so that today is in it in every timezone (the
 * range is in the client's local dates, and no zone is more than 14 h ahead of UTC).
 */
export function profileListRange(now: Date): DateRangeQuery {
  const to = addDays(now.toISOString().slice(0, 10), 1);
  return { from: addDays(to, 1 - maxRangeDays), to };
}
