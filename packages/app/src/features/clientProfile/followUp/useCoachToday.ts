import { latestFollowUpDate, localDateOf } from '@coach/domain';
import { useCoachTimeZone } from '../../../core/coachSettings/index.ts';
import { useMinuteClock } from '../shared/useMinuteClock.ts';

/**
 * The coach's today and the latest day a follow-up may be set for, in the coach's time zone (their
 * settings' zone; this device's until it loads), moved on with the clock.
 */
export function useCoachToday(): { today: string; latest: string } {
  const now = useMinuteClock();
  const timeZone = useCoachTimeZone();
  const today = localDateOf(now, timeZone);
  return { today, latest: latestFollowUpDate(today) };
}
