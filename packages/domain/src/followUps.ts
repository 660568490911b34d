import { notesLimits } from './values/notesValues.ts';
import { parseLocalDate } from './zonedTime.ts';

// The rules of a follow-up's date, one source for the server and the mocks: it may be set for a
// real calendar day from the coach's today (their time zone's date) to the same day two years
// later (the 28th of February for a 29th), both included; it is due from its date on.

/**
 * Whether a follow-up for `dueDate` is due on `today` (the coach's date in their time zone): from
 * its date on, so an overdue one stays due.
 */
export function isFollowUpDue(dueDate: string, today: string): boolean {
  return dueDate <= today;
}

/** The latest day a follow-up may be set for, from the coach's `today`. */
export function latestFollowUpDate(today: string): string {
  const { year, month, day } = parseLocalDate(today);
  const later = year + notesLimits.followUpMaxYearsAhead;
  // The 29th of February of a year that has none is the 28th.
  const isLeap = (later % 4 === 0 && later % 100 !== 0) || later % 400 === 0;
  const shownDay = month === 2 && day === 29 && !isLeap ? 28 : day;
  return `${String(later).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(shownDay).padStart(2, '0')}`;
}

/**
 * Why a follow-up's date is refused, naming the field, or null when it may be set: a date
 * (YYYY-MM-DD that exists), not before `today`, not after {@link latestFollowUpDate}.
 */
export function followUpDateError(dueDate: string, today: string): string | null {
  try {
    parseLocalDate(dueDate);
  } catch {
    return 'dueDate must be a date (YYYY-MM-DD)';
  }
  if (dueDate < today) return `dueDate must not be before today (${today})`;
  const latest = latestFollowUpDate(today);
  if (dueDate > latest) return `dueDate must not be after ${latest} (two years ahead)`;
  return null;
}
