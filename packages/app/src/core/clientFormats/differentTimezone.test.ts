import { utcOffsetMinutes } from '@coach/domain';
import { describe, expect, it } from 'vitest';
import { clientUtcOffsetMinutes, isDifferentTimezone, timezonePlace } from './differentTimezone.ts';

/** A client in `timezone`, with the offset the server gave at `at`. */
const client = (timezone: string, at: Date) => ({
  timezone,
  utcOffsetMinutes: utcOffsetMinutes(at, timezone),
});
/** The device offset of a coach working in `timezone` at `at`. */
const device = (timezone: string, at: Date) => utcOffsetMinutes(at, timezone);

const winter = new Date('2026-11-16T09:30:00.000Z');

describe('isDifferentTimezone', () => {
  it("is off for a client in the coach's own zone", () => {
    expect(isDifferentTimezone(client('Europe/London', winter), winter, 0)).toBe(false);
    expect(
      isDifferentTimezone(client('Asia/Tokyo', winter), winter, device('Asia/Tokyo', winter)),
    ).toBe(false);
  });

  it('is off for another zone with the same offset now', () => {
    const at = new Date('2026-07-01T12:00:00.000Z');
    expect(isDifferentTimezone(client('Europe/Paris', at), at, device('Europe/Berlin', at))).toBe(
      false,
    );
    // London is on UTC+0 in winter: the same clock as a device on UTC.
    expect(isDifferentTimezone(client('Europe/London', winter), winter, 0)).toBe(false);
  });

  it('is on for a different offset', () => {
    expect(isDifferentTimezone(client('Asia/Tokyo', winter), winter, 0)).toBe(true);
    expect(isDifferentTimezone(client('Asia/Kolkata', winter), winter, 300)).toBe(true);
    expect(
      isDifferentTimezone(client('America/New_York', winter), winter, device('UTC', winter)),
    ).toBe(true);
  });

  it('follows a clock change: London and UTC part at 01:00 UTC on 29 March 2026', () => {
    const before = new Date('2026-03-29T00:59:00.000Z');
    const after = new Date('2026-03-29T01:00:00.000Z');
    expect(isDifferentTimezone(client('Europe/London', before), before, 0)).toBe(false);
    expect(isDifferentTimezone(client('Europe/London', after), after, 0)).toBe(true);
    // A list answered before the change, looked at after it: the zone decides, not the old offset.
    expect(isDifferentTimezone(client('Europe/London', before), after, 0)).toBe(true);
    // New York moved three weeks earlier: an hour closer to London for those weeks, still apart.
    const between = new Date('2026-03-15T12:00:00.000Z');
    expect(
      isDifferentTimezone(
        client('America/New_York', between),
        between,
        device('Europe/London', between),
      ),
    ).toBe(true);
  });

  it("reads the server's offset for a zone this browser does not know", () => {
    const unknown = { timezone: 'Mars/Olympus_Mons', utcOffsetMinutes: 540 };
    expect(clientUtcOffsetMinutes(unknown, winter)).toBe(540);
    expect(isDifferentTimezone(unknown, winter, 540)).toBe(false);
    expect(isDifferentTimezone(unknown, winter, 0)).toBe(true);
  });

  it("defaults to this device's offset", () => {
    const here = 0 - winter.getTimezoneOffset();
    expect(isDifferentTimezone({ timezone: 'Nowhere/Here', utcOffsetMinutes: here }, winter)).toBe(
      false,
    );
  });
});

describe('timezonePlace', () => {
  it.each([
    ['America/New_York', 'New York'],
    ['America/Argentina/Buenos_Aires', 'Buenos Aires'],
    ['Asia/Tokyo', 'Tokyo'],
    ['UTC', 'UTC'],
  ])('%s -> %s', (timezone, place) => {
    expect(timezonePlace(timezone)).toBe(place);
  });
});
