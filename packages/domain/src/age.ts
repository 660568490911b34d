import { parseLocalDate } from './zonedTime.ts';

/**
 * Age in whole years on `today` (both 'YYYY-MM-DD'): a birthday today counts, so a person born on
 * 2000-03-10 is 25 on 2025-03-10 and 24 the day before. Someone born on 29 February turns a year
 * older on 1 March in a common year. Null without a birth date; 0 for a birth date after today
 * (never negative).
 */
export function ageOn(birthDate: string | null, today: string): number | null {
  if (birthDate === null) return null;
  const birth = parseLocalDate(birthDate);
  const on = parseLocalDate(today);
  const hadBirthday = on.month > birth.month || (on.month === birth.month && on.day >= birth.day);
  return Math.max(0, on.year - birth.year - (hadBirthday ? 0 : 1));
}
