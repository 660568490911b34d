/** How the charts write dates and figures in the coach's locale. */
export type ChartFormats = {
  /** A local date 'YYYY-MM-DD' -> 'Nov 12'. */
  date: (date: string) => string;
  /** A percentage to 0.1: 61.55 -> '61.6', 70 -> '70'. */
  value: (value: number) => string;
};

/** The chart formats of a locale. */
export function createChartFormats(locale: string): ChartFormats {
  // A local date is a calendar day, not an instant: formatted in UTC so no timezone moves it.
  const calendarDay = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return {
    date: (date) => (date === '' ? '' : calendarDay.format(new Date(`${date}T00:00:00Z`))),
    value: (value) => oneDecimal.format(value),
  };
}
