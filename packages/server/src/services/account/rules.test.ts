import type { UpdatePersonBody } from '@coach/api';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domainError.ts';
import { checkProfile } from './rules.ts';

const profile = (timezone: string, birthDate: string | null): UpdatePersonBody => ({
  firstName: ' Ana ',
  lastName: 'Ruiz',
  aboutMe: '',
  timezone,
  gender: 'female',
  birthDate,
});

// 23:00 UTC on 23 November: already the 24th in Kiribati (UTC+14), still the 23rd in California.
const now = new Date('2026-11-23T23:00:00Z');

describe('checkProfile', () => {
  it("takes a birth date up to the person's own today, in their timezone", () => {
    expect(checkProfile(profile('Pacific/Kiritimati', '2026-11-24'), now).birthDate).toBe(
      '2026-11-24',
    );
    expect(checkProfile(profile('America/Los_Angeles', '2026-11-23'), now).birthDate).toBe(
      '2026-11-23',
    );
    expect(checkProfile(profile('UTC', '1900-01-01'), now)).toMatchObject({
      firstName: 'Ana',
      timezone: 'UTC',
    });
  });

  it('refuses a birth date after that today, or before 1900', () => {
    for (const [timezone, birthDate] of [
      ['UTC', '2026-11-24'],
      ['America/Los_Angeles', '2026-11-24'],
      ['Pacific/Kiritimati', '2026-11-25'],
      ['UTC', '1899-12-31'],
    ] as const) {
      expect(() => checkProfile(profile(timezone, birthDate), now)).toThrow(
        new DomainError('validation_failed', 'birthDate must be between 1900-01-01 and today'),
      );
    }
  });

  it('refuses a timezone no IANA name spells', () => {
    expect(() => checkProfile(profile('Mars/Olympus', null), now)).toThrow(
      "Unknown timezone 'Mars/Olympus'",
    );
  });
});
