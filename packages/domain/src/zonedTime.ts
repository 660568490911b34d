// Wall-clock times in an IANA timezone, converted to and from UTC instants with Intl only (Node 22
// has no Temporal by default). Dates are 'YYYY-MM-DD' strings and times 'HH:MM' strings.

const localDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const localTimePattern = /^(\d{2}):(\d{2})$/;
const minuteMs = 60_000;
const dayMs = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/** The wall clock at an instant in a timezone, read from `Intl` (slow). */
function wallClockFromIntl(instantMs: number, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(new Date(instantMs));
  const value = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour'),
    minute: value('minute'),
    second: value('second'),
  };
}

function wallClockAsUtcMs(clock: WallClock): number {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0..99 to 1900..1999.
  date.setUTCFullYear(clock.year, clock.month - 1, clock.day);
  date.setUTCHours(clock.hour, clock.minute, clock.second, 0);
  return date.getTime();
}

const secondMs = 1000;
const quarterHourMs = 15 * minuteMs;

/** The timezone's offset at a whole second, in ms (whole seconds: old zones' offsets have them). */
function offsetMsFromIntl(secondAlignedMs: number, timeZone: string): number {
  return wallClockAsUtcMs(wallClockFromIntl(secondAlignedMs, timeZone)) - secondAlignedMs;
}

/**
 * Offsets by timezone and quarter hour of the instant (its number since 1970): the offset when
 * the quarter's first and last seconds have the same one, so that none changes within it (zones
 * change their offset months apart, at a whole second), else null (asked of `Intl` each time).
 * Every request about a client asks the client's today and step days: `Intl` is slow to ask,
 * a lookup is not. Emptied when full.
 */
const offsetsByQuarter = new Map<string, Map<number, number | null>>();
let quartersKept = 0;
const quartersLimit = 100_000;

function offsetMsAt(instantMs: number, timeZone: string): number {
  const quarter = Math.floor(instantMs / quarterHourMs);
  let quarters = offsetsByQuarter.get(timeZone);
  let offset = quarters?.get(quarter);
  if (offset === undefined) {
    const start = quarter * quarterHourMs;
    const first = offsetMsFromIntl(start, timeZone);
    const last = offsetMsFromIntl(start + quarterHourMs - secondMs, timeZone);
    offset = first === last ? first : null;
    if (quartersKept >= quartersLimit) {
      offsetsByQuarter.clear();
      quartersKept = 0;
    }
    if (!quarters) {
      quarters = new Map();
      offsetsByQuarter.set(timeZone, quarters);
    }
    quarters.set(quarter, offset);
    quartersKept += 1;
  }
  return offset ?? offsetMsFromIntl(Math.floor(instantMs / secondMs) * secondMs, timeZone);
}

/** The wall clock (to the second) at an instant in a timezone. */
function wallClockAt(instantMs: number, timeZone: string): WallClock {
  const wall = new Date(instantMs + offsetMsAt(instantMs, timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The timezone's offset from UTC at an instant, in minutes (Europe/London in summer: 60). */
export function utcOffsetMinutes(instant: Date, timeZone: string): number {
  const instantMs = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((wallClockAsUtcMs(wallClockAt(instantMs, timeZone)) - instantMs) / minuteMs);
}

/** The local calendar date ('YYYY-MM-DD') of an instant in a timezone. */
export function localDateOf(instant: Date, timeZone: string): string {
  const clock = wallClockAt(instant.getTime(), timeZone);
  return formatLocalDate(clock.year, clock.month, clock.day);
}

function formatLocalDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Parses 'YYYY-MM-DD'; throws a RangeError for any other text or a day that does not exist. */
export function parseLocalDate(localDate: string): { year: number; month: number; day: number } {
  const match = localDatePattern.exec(localDate);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  const day = Number(match?.[3]);
  if (!match || addDaysUnchecked(year, month, day, 0) !== localDate) {
    throw new RangeError(`'${localDate}' is not a date (YYYY-MM-DD)`);
  }
  return { year, month, day };
}

function parseLocalTime(localTime: string): { hour: number; minute: number } {
  const match = localTimePattern.exec(localTime);
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  if (!match || hour > 23 || minute > 59) {
    throw new RangeError(`'${localTime}' is not a time (HH:MM)`);
  }
  return { hour, minute };
}

function addDaysUnchecked(year: number, month: number, day: number, days: number): string {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day + days);
  return formatLocalDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** The local date `days` after (or before, when negative) `localDate`. */
export function addDays(localDate: string, days: number): string {
  const { year, month, day } = parseLocalDate(localDate);
  return addDaysUnchecked(year, month, day, days);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  const a = parseLocalDate(from);
  const b = parseLocalDate(to);
  const start = wallClockAsUtcMs({ ...a, hour: 0, minute: 0, second: 0 });
  const end = wallClockAsUtcMs({ ...b, hour: 0, minute: 0, second: 0 });
  return Math.round((end - start) / dayMs);
}

/**
 * The UTC instant of a wall-clock time on a local date in a timezone. Like Temporal's
 * 'compatible' disambiguation: a time skipped by a spring-forward change moves forward by the
 * gap (01:30 on London's change day is 02:30 BST), and a time that occurs twice at a fall-back
 * change is its first occurrence (the one before the clocks go back).
 */
export function zonedLocalToUtc(localDate: string, localTime: string, timeZone: string): Date {
  const key = `${timeZone}\n${localDate}\n${localTime}`;
  let instantMs = convertedWallTimes.get(key);
  if (instantMs === undefined) {
    instantMs = wallTimeToUtcMs(localDate, localTime, timeZone);
    if (convertedWallTimes.size >= convertedWallTimesLimit) convertedWallTimes.clear();
    convertedWallTimes.set(key, instantMs);
  }
  return new Date(instantMs);
}

/**
 * The conversions made so far, by timezone, date and time: a pure function of them (the zone
 * rules do not change while a process runs) that costs four `Intl` conversions, asked for the
 * same days' reflection windows and exercise slots by every request about a client. Emptied when
 * full (weeks of every zone's schedule fit many times over).
 */
const convertedWallTimes = new Map<string, number>();
const convertedWallTimesLimit = 50_000;

function wallTimeToUtcMs(localDate: string, localTime: string, timeZone: string): number {
  const { year, month, day } = parseLocalDate(localDate);
  const { hour, minute } = parseLocalTime(localTime);
  const wallMs = wallClockAsUtcMs({ year, month, day, hour, minute, second: 0 });
  // The offsets a day either side cover any single change near this wall time.
  const offsetBefore = utcOffsetMinutes(new Date(wallMs - dayMs), timeZone) * minuteMs;
  const offsetAfter = utcOffsetMinutes(new Date(wallMs + dayMs), timeZone) * minuteMs;
  const candidates = [wallMs - offsetBefore, wallMs - offsetAfter]
    .filter((instantMs) => wallClockAsUtcMs(wallClockAt(instantMs, timeZone)) === wallMs)
    .sort((a, b) => a - b);
  const first = candidates[0];
  // No candidate: the wall time falls in a gap; the offset before the change moves it forward.
  return first ?? wallMs - offsetBefore;
}
