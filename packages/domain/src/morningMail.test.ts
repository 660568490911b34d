import { describe, expect, it } from 'vitest';
import {
  checkMorningMailSettings,
  localHourOf,
  morningMailDefaults,
  morningMailDueDate,
  morningMailHourMessage,
} from './morningMail.ts';
import { knownTimeZones } from './timeZone.ts';

const settings = { timezone: 'Europe/Berlin', ...morningMailDefaults };

describe('checkMorningMailSettings', () => {
  it('stores the timezone in its canonical spelling', () => {
    expect(checkMorningMailSettings({ ...settings, timezone: 'europe/berlin' })).toEqual({
      isValid: true,
      settings: { ...settings, timezone: 'Europe/Berlin' },
    });
  });

  it('refuses a timezone no IANA name spells, naming it', () => {
    expect(checkMorningMailSettings({ ...settings, timezone: 'Mars/Olympus' })).toEqual({
      isValid: false,
      code: 'invalid_timezone',
      message: "Unknown timezone 'Mars/Olympus': use an IANA name such as Europe/Paris",
    });
    expect(checkMorningMailSettings({ ...settings, timezone: '+01:00' }).isValid).toBe(false);
  });

  it.each([-1, 24, 7.5, Number.NaN])('refuses the hour %s', (morningMailHour) => {
    expect(checkMorningMailSettings({ ...settings, morningMailHour })).toEqual({
      isValid: false,
      code: 'validation_failed',
      message: morningMailHourMessage,
    });
  });

  it('accepts midnight and 23:00', () => {
    expect(checkMorningMailSettings({ ...settings, morningMailHour: 0 }).isValid).toBe(true);
    expect(checkMorningMailSettings({ ...settings, morningMailHour: 23 }).isValid).toBe(true);
  });
});

describe('morningMailDueDate', () => {
  // 06:30 UTC is 07:30 in Berlin (winter), 01:30 in New York.
  const now = new Date('2026-11-23T06:30:00Z');

  it("is due through the chosen hour, on the coach's local date", () => {
    expect(morningMailDueDate(now, settings)).toBe('2026-11-23');
    expect(morningMailDueDate(new Date('2026-11-23T06:00:00Z'), settings)).toBe('2026-11-23');
    expect(morningMailDueDate(new Date('2026-11-23T06:59:59Z'), settings)).toBe('2026-11-23');
  });

  it('is not due before or after the hour, nor when the mail is off', () => {
    expect(morningMailDueDate(new Date('2026-11-23T05:59:59Z'), settings)).toBeNull();
    expect(morningMailDueDate(new Date('2026-11-23T07:00:00Z'), settings)).toBeNull();
    expect(morningMailDueDate(now, { ...settings, isMorningMailOn: false })).toBeNull();
  });

  it("takes the local date of the coach's zone, not UTC's", () => {
    // 23:30 UTC on the 22nd is 07:30 on the 23rd in Tokyo.
    const tokyo = { ...settings, timezone: 'Asia/Tokyo' };
    expect(morningMailDueDate(new Date('2026-11-22T22:30:00Z'), tokyo)).toBe('2026-11-23');
  });

  it('reads midnight as hour 0', () => {
    expect(localHourOf(new Date('2026-11-23T00:15:00Z'), 'UTC')).toBe(0);
  });
});

describe('knownTimeZones', () => {
  it('lists UTC and the IANA zones, sorted', () => {
    const zones = knownTimeZones();
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect([...zones].sort()).toEqual(zones);
  });
});
