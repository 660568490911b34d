// Small timezone helpers for the mock data (the server has its own, in its domain).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

function wallClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    utcMs: Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    ),
  };
}

/** The UTC offset of a timezone at an instant, in minutes east of UTC. */
export function utcOffsetMinutesAt(at: Date, timeZone: string): number {
  const whole = new Date(Math.floor(at.getTime() / 1000) * 1000);
  return Math.round((wallClock(whole, timeZone).utcMs - whole.getTime()) / 60_000);
}

/** The local date (YYYY-MM-DD) of an instant in a timezone. */
export function localDateAt(at: Date, timeZone: string): string {
  return wallClock(at, timeZone).date;
}

/** A local date moved by whole days. */
export function shiftDate(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days))
    .toISOString()
    .slice(0, 10);
}

/** Whole days from `from` to `to` (local dates). */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const offsets = new Map<string, number>();

/** The instant of a local wall time ('HH:MM') on a local date in a timezone. */
export function localTimeToUtc(date: string, time: string, timeZone: string): Date {
  const guess = Date.parse(`${date}T${time}:00Z`);
  // Offsets are looked up once per hour of a date: the mocks build thousands of events.
  const key = `${timeZone} ${date} ${time.slice(0, 2)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = utcOffsetMinutesAt(new Date(guess), timeZone);
    offsets.set(key, offset);
  }
  return new Date(guess - offset * 60_000);
}
