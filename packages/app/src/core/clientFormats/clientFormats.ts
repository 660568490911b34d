import { type AttentionFormats, createAttentionFormats } from '@coach/domain';
import type { ClientZone } from './differentTimezone.ts';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** The number, date and time formats of the clients list in the coach's locale. */
export type ClientFormats = AttentionFormats & {
  /** A local date 'YYYY-MM-DD' -> 'Nov 12'. */
  localDate: (date: string) => string;
  /** An instant before `now` -> '50 minutes ago', 'yesterday', '3 days ago'. */
  ago: (instant: string) => string;
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
  // A local date is a calendar day, not an instant: formatted in UTC so no timezone moves it.
  const calendarDay = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
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
    // The reasons' formats are the domain's, shared with the morning mail.
    ...createAttentionFormats(locale, now),
    localDate: (date) => calendarDay.format(new Date(`${date}T00:00:00Z`)),
    ago(instant) {
      const elapsed = Math.max(0, now.getTime() - new Date(instant).getTime());
      if (elapsed < hourMs) return relative.format(-Math.floor(elapsed / minuteMs), 'minute');
      if (elapsed < dayMs) return relative.format(-Math.floor(elapsed / hourMs), 'hour');
      return relative.format(-Math.floor(elapsed / dayMs), 'day');
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
