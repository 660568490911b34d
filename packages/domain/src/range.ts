import { maxRangeDays } from './values/calendarValues.ts';
import { daysBetween } from './zonedTime.ts';

/** An inclusive range of a client's local dates, 'YYYY-MM-DD'. */
export type DateRange = { from: string; to: string };

/** Why a list or calendar call refuses a range: the catalogue's code and the reason. */
export type DateRangeRefusal = { error: 'invalid_range'; message: string };

/**
 * Why a range is refused, or null when it is fine: two real dates (the schema checks the shape),
 * not ending before it starts, spanning at most 366 days (both ends included).
 */
export function dateRangeError(range: DateRange): DateRangeRefusal | null {
  let days: number;
  try {
    days = daysBetween(range.from, range.to) + 1;
  } catch {
    return { error: 'invalid_range', message: 'from and to are dates (YYYY-MM-DD)' };
  }
  if (days < 1) return { error: 'invalid_range', message: 'The range ends before it starts' };
  if (days > maxRangeDays) {
    return { error: 'invalid_range', message: `The range is at most ${maxRangeDays} days` };
  }
  return null;
}

/** The earlier of two local dates ('YYYY-MM-DD' compares as text). */
export function earlierDate(a: string, b: string): string {
  return a.localeCompare(b) <= 0 ? a : b;
}

/** The later of two local dates. */
export function laterDate(a: string, b: string): string {
  return a.localeCompare(b) >= 0 ? a : b;
}
