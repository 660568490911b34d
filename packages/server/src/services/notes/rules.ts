import { addDays, notesLimits, parseLocalDate } from '@coach/domain';

/**
 * Why a follow-up's date is refused, naming the field, or null: a real calendar date (the
 * contract's date schema checks the shape and the years), from the coach's `today` (their time
 * zone's date) to `notesLimits.followUpMaxDaysAhead` days after it, both included.
 */
export function followUpDateError(dueDate: string, today: string): string | null {
  try {
    parseLocalDate(dueDate);
  } catch {
    return 'dueDate must be a date (YYYY-MM-DD)';
  }
  if (dueDate < today) return `dueDate must not be before today (${today})`;
  const latest = addDays(today, notesLimits.followUpMaxDaysAhead);
  if (dueDate > latest) return `dueDate must not be after ${latest} (two years ahead)`;
  return null;
}
