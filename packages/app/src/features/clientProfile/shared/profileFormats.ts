/** The date and time formats of the profile beyond the clients list's (`clientFormats.ts`). */
export type ProfileFormats = {
  /** A local date 'YYYY-MM-DD' with its year: 'Nov 12, 2026'. */
  fullDate: (date: string) => string;
  /**
   * An instant on the client's clock, with the zone's short name: 'Nov 12, 6:30 PM EST'. In the
   * coach's zone when this browser does not know the client's.
   */
  clientDateTime: (instant: string, timeZone: string) => string;
  /** A measure to at most one decimal: 52.25 -> '52.3'. */
  measure: (value: number) => string;
};

/** Formats for the coach's locale. */
export function createProfileFormats(locale: string): ProfileFormats {
  // A local date is a calendar day, not an instant: formatted in UTC so no timezone moves it.
  const calendarDay = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const dateTimeOptions = {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  } as const;
  const clocks = new Map<string, Intl.DateTimeFormat>();
  const clockOf = (timeZone: string | undefined) => {
    const key = timeZone ?? '';
    let clock = clocks.get(key);
    if (!clock) {
      clock = new Intl.DateTimeFormat(locale, { ...dateTimeOptions, timeZone });
      clocks.set(key, clock);
    }
    return clock;
  };

  return {
    fullDate: (date) => calendarDay.format(new Date(`${date}T00:00:00Z`)),
    clientDateTime(instant, timeZone) {
      try {
        return clockOf(timeZone).format(new Date(instant));
      } catch {
        return clockOf(undefined).format(new Date(instant));
      }
    },
    measure: (value) => oneDecimal.format(value),
  };
}
