import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  localDateOf,
  parseLocalDate,
  utcOffsetMinutes,
  zonedLocalToUtc,
} from './zonedTime.ts';

const utc = (iso: string) => new Date(iso);

describe('zonedLocalToUtc', () => {
  it('converts a wall time with the offset of that day (London winter and summer, Tokyo)', () => {
    expect(zonedLocalToUtc('2026-01-15', '06:00', 'Europe/London')).toEqual(
      utc('2026-01-15T06:00:00Z'),
    );
    expect(zonedLocalToUtc('2026-07-15', '06:00', 'Europe/London')).toEqual(
      utc('2026-07-15T05:00:00Z'),
    );
    expect(zonedLocalToUtc('2026-07-15', '06:00', 'Asia/Tokyo')).toEqual(
      utc('2026-07-14T21:00:00Z'),
    );
  });

  it('moves a time skipped by spring-forward ahead by the gap', () => {
    // London 2026-03-29: 01:00 GMT becomes 02:00 BST; 01:30 does not exist.
    expect(zonedLocalToUtc('2026-03-29', '01:30', 'Europe/London')).toEqual(
      utc('2026-03-29T01:30:00Z'),
    );
    // Los Angeles 2026-03-08: 02:00 PST becomes 03:00 PDT; 02:30 is 03:30 PDT.
    expect(zonedLocalToUtc('2026-03-08', '02:30', 'America/Los_Angeles')).toEqual(
      utc('2026-03-08T10:30:00Z'),
    );
  });

  it('takes the first occurrence of a time repeated by fall-back', () => {
    // London 2026-10-25: 01:30 happens in BST (00:30 UTC) and again in GMT (01:30 UTC).
    expect(zonedLocalToUtc('2026-10-25', '01:30', 'Europe/London')).toEqual(
      utc('2026-10-25T00:30:00Z'),
    );
    // Los Angeles 2026-11-01: 01:30 PDT (08:30 UTC) comes before 01:30 PST (09:30 UTC).
    expect(zonedLocalToUtc('2026-11-01', '01:30', 'America/Los_Angeles')).toEqual(
      utc('2026-11-01T08:30:00Z'),
    );
  });

  it('uses the new offset right after a change', () => {
    expect(zonedLocalToUtc('2026-03-29', '02:00', 'Europe/London')).toEqual(
      utc('2026-03-29T01:00:00Z'),
    );
    expect(zonedLocalToUtc('2026-10-25', '02:00', 'Europe/London')).toEqual(
      utc('2026-10-25T02:00:00Z'),
    );
  });

  it('refuses malformed dates, times and timezones', () => {
    expect(() => zonedLocalToUtc('2026-02-30', '06:00', 'UTC')).toThrow(RangeError);
    expect(() => zonedLocalToUtc('2026-2-3', '06:00', 'UTC')).toThrow(RangeError);
    expect(() => zonedLocalToUtc('2026-02-03', '24:00', 'UTC')).toThrow(RangeError);
    expect(() => zonedLocalToUtc('2026-02-03', '06:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('local dates', () => {
  it('gives the local date of an instant in the client timezone', () => {
    const instant = utc('2026-11-15T17:30:00Z');
    expect(localDateOf(instant, 'Europe/London')).toBe('2026-11-15');
    expect(localDateOf(instant, 'Pacific/Auckland')).toBe('2026-11-16');
    expect(localDateOf(instant, 'America/Los_Angeles')).toBe('2026-11-15');
  });

  it('adds and counts days across months, years and DST changes', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-03-30', '2026-03-28')).toBe(-2);
    expect(parseLocalDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it('reports offsets', () => {
    expect(utcOffsetMinutes(utc('2026-07-01T00:00:00Z'), 'America/Los_Angeles')).toBe(-420);
    expect(utcOffsetMinutes(utc('2026-07-01T00:00:00Z'), 'Pacific/Auckland')).toBe(720);
    expect(utcOffsetMinutes(utc('2026-12-01T00:00:00Z'), 'Pacific/Auckland')).toBe(780);
    expect(utcOffsetMinutes(utc('2026-07-01T00:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });
});

describe('the wall clock, with offsets kept per quarter hour', () => {
  const formats = new Map<string, Intl.DateTimeFormat>();
  /** The local date and offset as `Intl` gives them at that very instant (the oracle). */
  function fromIntl(instant: Date, timeZone: string) {
    const format =
      formats.get(timeZone) ??
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    formats.set(timeZone, format);
    const parts = format.formatToParts(instant);
    const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
    const second = Math.floor(instant.getTime() / 1000) * 1000;
    const wall = new Date(0);
    wall.setUTCFullYear(value('year'), value('month') - 1, value('day'));
    wall.setUTCHours(value('hour'), value('minute'), value('second'), 0);
    const pad = (number: number, width: number) => String(number).padStart(width, '0');
    return {
      date: `${pad(value('year'), 4)}-${pad(value('month'), 2)}-${pad(value('day'), 2)}`,
      offset: Math.round((wall.getTime() - second) / 60_000),
    };
  }

  // Zones with summer time, half- and quarter-hour offsets, a 30-minute change (Lord Howe), a
  // change away from midnight UTC, and a zone whose offsets of 1900 have seconds (Amsterdam).
  const zones = [
    'Europe/London',
    'America/Los_Angeles',
    'America/St_Johns',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'Africa/Casablanca',
    'Pacific/Kiritimati',
    'Europe/Amsterdam',
  ];

  it("gives Intl's date and offset at every minute around every change of 2026, and in 1900", () => {
    for (const timeZone of zones) {
      // The hours of 2026 in which the offset changes: found day by day, then hour by hour.
      const offsetAt = (ms: number) => fromIntl(new Date(ms), timeZone).offset;
      const changes: number[] = [];
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
        if (offsetAt(day) === offsetAt(day + 86_400_000)) continue;
        for (let hour = day; hour < day + 86_400_000; hour += 3_600_000) {
          if (offsetAt(hour) !== offsetAt(hour + 3_600_000)) changes.push(hour);
        }
      }
      if (timeZone !== 'Asia/Kathmandu' && timeZone !== 'Pacific/Kiritimati') {
        expect(changes.length, timeZone).toBeGreaterThan(0);
      }
      const instants = [
        ...changes.flatMap((hour) =>
          Array.from({ length: 180 }, (_, minute) => hour - 3_600_000 + minute * 60_000 + 999),
        ),
        Date.UTC(1900, 5, 1, 12, 0, 30),
        Date.UTC(2026, 6, 15, 23, 59, 59, 500),
      ];
      for (const instantMs of instants) {
        const instant = new Date(instantMs);
        const expected = fromIntl(instant, timeZone);
        expect(
          { date: localDateOf(instant, timeZone), offset: utcOffsetMinutes(instant, timeZone) },
          `${timeZone} at ${instant.toISOString()}`,
        ).toEqual(expected);
      }
    }
  });
});
