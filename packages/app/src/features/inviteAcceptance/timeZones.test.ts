import { canonicalTimeZone } from '@coach/domain';
import { describe, expect, it } from 'vitest';
import { detectTimeZone, offeredTimeZone, offeredTimeZones } from './timeZones.ts';

describe('offered timezones', () => {
  it('lists IANA names only, UTC included, sorted and each canonical', () => {
    const zones = offeredTimeZones();
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Paris');
    expect(zones).toContain('America/New_York');
    expect(zones).not.toContain('Etc/GMT+1');
    expect(zones.some((zone) => /^[+-]\d/.test(zone))).toBe(false);
    expect([...zones].sort()).toEqual(zones);
    expect(new Set(zones).size).toBe(zones.length);
    for (const zone of zones) expect(canonicalTimeZone(zone)).toBe(zone);
  });
});

describe('offeredTimeZone', () => {
  it.each([
    ['Europe/Paris', 'Europe/Paris'],
    ['  europe/paris ', 'Europe/Paris'],
    ['America/New York', 'America/New_York'],
    ['Etc/UTC', 'UTC'],
  ])('reads %j as %j', (typed, zone) => {
    expect(offeredTimeZone(typed)).toBe(zone);
  });

  it.each(['', '+01:00', 'UTC+1', 'Etc/GMT+1', 'Mars/Olympus_Mons', 'Europe/Paris\u0000'])(
    'refuses %j',
    (typed) => {
      expect(offeredTimeZone(typed)).toBeNull();
    },
  );
});

describe('detectTimeZone', () => {
  it("answers the device's zone in its canonical spelling when it is an offered one", () => {
    expect(detectTimeZone(() => 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(detectTimeZone(() => 'Etc/UTC')).toBe('UTC');
  });

  it('answers null for a zone the invitee may not use, or none', () => {
    expect(detectTimeZone(() => 'Etc/GMT+5')).toBeNull();
    expect(detectTimeZone(() => undefined)).toBeNull();
  });

  it("reads the device's zone by default", () => {
    expect(detectTimeZone()).toBe(
      offeredTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone),
    );
  });
});
