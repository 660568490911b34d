import type { ClientZone } from './differentTimezone.ts';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** The number, date and time formats of the clients list in the coach's locale. */
export type ClientFormats = {
  /** 62 -> '62', 61.55 -> '61.6'. */
  number: (value: number) => string;
  /** Hours to 0.1: 3.24 -> '3.2'. */
  hours: (value: number) => string;
  /** A local date 'YYYY-MM-DD' -> 'Nov 12'. */
  localDate: (date: string) => string;
  /** An instant before `now` -> '50 minutes ago', 'yesterday', '3 days ago'. */
  ago: (instant: string) => string;
  /** An instant -> its weekday when within the last week ('Tuesday'), else its date ('Nov 2'). */
  dayOf: (instant: string) => string;
  /**
   * `now` on a client's clock: '6:30 PM' (en-US), '18:30' (de). From their timezone, or from the
   * server's offset when this browser does not know the zone.
   */
  clientTime: (client: ClientZone) => string;
};

/**
 * Formats for the coach's locale and device timezone (dates as the coach lives them), relative
 * to `now`, the instant the figures describe (the list's `generatedAt`).
 */
export function createClientFormats(locale: string, now: Date): ClientFormats {
  const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const hoursFormat = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  // A local date is a calendar day, not an instant: formatted in UTC so no timezone moves it.
  const calendarDay = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const shortDate = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const clockOptions = { hour: 'numeric', minute: '2-digit' } as const;
  const clocks = new Map<string, Intl.DateTimeFormat>();
  const clockOf = (timeZone: string) => {
    let clock = clocks.get(timeZone);
    if (!clock) {
      clock = new Intl.DateTimeFormat(locale, { ...clockOptions, timeZone });
      clocks.set(timeZone, clock);
    }
    return clock;
  };

  return {
    number: (value) => oneDecimal.format(value),
    hours: (value) => hoursFormat.format(value),
    localDate: (date) => calendarDay.format(new Date(`${date}T00:00:00Z`)),
    ago(instant) {
      const elapsed = Math.max(0, now.getTime() - new Date(instant).getTime());
      if (elapsed < hourMs) return relative.format(-Math.floor(elapsed / minuteMs), 'minute');
      if (elapsed < dayMs) return relative.format(-Math.floor(elapsed / hourMs), 'hour');
      return relative.format(-Math.floor(elapsed / dayMs), 'day');
    },
    dayOf(instant) {
      const date = new Date(instant);
      return now.getTime() - date.getTime() < 6 * dayMs
        ? weekday.format(date)
        : shortDate.format(date);
    },
    clientTime(client) {
      try {
        return clockOf(client.timezone).format(now);
      } catch {
        // A zone this browser does not know: its wall clock is UTC shifted by the server's offset.
        return clockOf('UTC').format(new Date(now.getTime() + client.utcOffsetMinutes * minuteMs));
      }
    },
  };
}
