import { describe, expect, it } from 'vitest';
import { inviteExpiry, inviteRefusal, inviteTtlSeconds } from './invites.ts';

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
