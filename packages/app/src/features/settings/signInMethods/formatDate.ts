/** A day as the locale writes it ('Mar 14, 2025'), for when a factor was added or last used. */
export function formatDay(instant: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(instant));
}
