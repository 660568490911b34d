import { describe, expect, it } from 'vitest';
import { createInviteFormats } from './inviteFormats.ts';

const now = new Date('2026-11-16T09:30:00Z');
const timesOf = createInviteFormats('en-US', now);
const hours = (count: number) => new Date(now.getTime() + count * 3_600_000).toISOString();

describe('invite formats', () => {
  it("says when it was sent as a short date in the coach's locale", () => {
    const times = timesOf({ sentAt: '2026-11-03T12:00:00Z', expiresAt: hours(24 * 5) });
    expect(times.sent).toBe('Nov 3');
    expect(
      createInviteFormats('en-GB', now)({ sentAt: '2026-11-03T12:00:00Z', expiresAt: hours(1) })
        .sent,
    ).toBe('3 Nov');
  });

  it('adds the year to a date of another year', () => {
    expect(timesOf({ sentAt: '2025-12-30T12:00:00Z', expiresAt: hours(1) }).sent).toBe(
      'Dec 30, 2025',
    );
  });

  it('says the time left in days from a day on, rounded to the nearest day', () => {
    expect(timesOf({ sentAt: now.toISOString(), expiresAt: hours(24 * 14) }).expiresIn).toBe(
      'in 14 days',
    );
    expect(timesOf({ sentAt: now.toISOString(), expiresAt: hours(24 * 5 - 3) }).expiresIn).toBe(
      'in 5 days',
    );
    // Never 'tomorrow' for a link that may have a day and a half left.
    expect(timesOf({ sentAt: now.toISOString(), expiresAt: hours(30) }).expiresIn).toBe('in 1 day');
  });

  it('says the hours left under a day, at least one while the link works', () => {
    expect(timesOf({ sentAt: now.toISOString(), expiresAt: hours(5) }).expiresIn).toBe(
      'in 5 hours',
    );
    expect(timesOf({ sentAt: now.toISOString(), expiresAt: hours(0.1) }).expiresIn).toBe(
      'in 1 hour',
    );
  });

  it('has no time left once the link has expired (the list says Expired)', () => {
    expect(
      timesOf({ sentAt: now.toISOString(), expiresAt: now.toISOString() }).expiresIn,
    ).toBeNull();
    expect(timesOf({ sentAt: now.toISOString(), expiresAt: hours(-48) }).expiresIn).toBeNull();
  });
});
