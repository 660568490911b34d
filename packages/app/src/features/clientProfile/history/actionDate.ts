/**
 * The day of an action in the coach's locale and zone: 'March 3', with the year when it is not
 * the current one ('March 3, 2025').
 */
export function formatActionDate(instant: string, locale: string, now: Date): string {
  const date = new Date(instant);
  const isThisYear = date.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    day: 'numeric',
    ...(isThisYear ? {} : { year: 'numeric' }),
  }).format(date);
}
