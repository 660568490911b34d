import { describe, expect, it } from 'vitest';
import {
  inviteExpiry,
  inviteRefusal,
  inviteTimeZoneMessage,
  inviteTtlSeconds,
  isHeldByAnotherCoach,
} from './invites.ts';

const now = new Date('2026-11-16T09:30:00.000Z');
const later = new Date(now.getTime() + 1000);

describe('invite rules', () => {
  it('gives a link 14 days from when it was sent', () => {
    expect(inviteTtlSeconds).toBe(14 * 86_400);
    expect(inviteExpiry(now).toISOString()).toBe('2026-11-30T09:30:00.000Z');
  });

  it('lets a pending invite through until its expiry, not at it', () => {
    expect(inviteRefusal({ status: 'pending', expiresAt: later }, now)).toBeUndefined();
    expect(inviteRefusal({ status: 'pending', expiresAt: now }, now)?.code).toBe('invite_expired');
  });

  it('refuses an unknown, used and withdrawn invite with their catalogue codes', () => {
    expect(inviteRefusal(undefined, now)).toMatchObject({ status: 404, code: 'invite_not_found' });
    expect(inviteRefusal({ status: 'accepted', expiresAt: later }, now)).toMatchObject({
      status: 409,
      code: 'invite_used',
    });
    expect(inviteRefusal({ status: 'revoked', expiresAt: later }, now)).toMatchObject({
      status: 400,
      code: 'invite_expired',
    });
  });
});

describe('an address held by another coach', () => {
  const now = new Date('2026-11-16T09:30:00Z');
  const pending = (coachPersonId: string, expiresAt: string) => ({
    coachPersonId,
    expiresAt: new Date(expiresAt),
  });

  it("holds while another coach's invite is live, not one's own or an expired one", () => {
    expect(isHeldByAnotherCoach(pending('b', '2026-11-20T00:00:00Z'), 'a', now)).toBe(true);
    expect(isHeldByAnotherCoach(pending('a', '2026-11-20T00:00:00Z'), 'a', now)).toBe(false);
    expect(isHeldByAnotherCoach(pending('b', '2026-11-16T09:30:00Z'), 'a', now)).toBe(false);
    expect(isHeldByAnotherCoach(undefined, 'a', now)).toBe(false);
  });

  it('names an unknown timezone, cut to 64 characters', () => {
    expect(inviteTimeZoneMessage('Mars/Olympus')).toBe(
      "Unknown timezone 'Mars/Olympus': use an IANA name such as Europe/Paris",
    );
    expect(inviteTimeZoneMessage('x'.repeat(100))).toContain(`'${'x'.repeat(64)}'`);
  });
});
