/**
 * How the timeline dates its entries, on the coach's clock: 'March 3, 10:30 AM', with the year
 * when it is not the current one there ('March 3, 2025, 10:30 AM').
 */
export function createTimelineTime(
  locale: string,
  timeZone: string,
  now: Date,
): (instant: number) => string {
  const options = {
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  } as const;
  const thisYear = new Intl.DateTimeFormat(locale, options);
  const otherYear = new Intl.DateTimeFormat(locale, { ...options, year: 'numeric' });
  const yearOf = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone });
  const currentYear = yearOf.format(now);
  return (instant) => {
    const date = new Date(instant);
    return (yearOf.format(date) === currentYear ? thisYear : otherYear).format(date);
  };
}
