import type { InviteStatus } from './values/authValues.ts';

// The life of an invite link and the answers to a link that does not work, shared by the server
// and the MSW mocks so both refuse a token with the same code and words.

/** How long an invite link works after it was (last) sent: 14 days. */
export const inviteTtlSeconds = 14 * 24 * 60 * 60;

/** The texts of the invite answers, once for the server and the mocks. */
export const inviteMessages = {
  notFound: 'This invite link is not valid',
  used: 'This invite has already been used',
  /** Also a withdrawn invite's: the invitee can do the same thing (ask the coach again). */
  expired: 'This invite has expired. Ask your coach for a new one',
  /** Spec point 8's text for a failed invite mail. */
  mailFailed: 'Error performing client invite operation',
  onlyCoaches: 'Only coaches can invite clients',
  /** One answer for an address that has an account and one invited by another coach. */
  notInvitable: 'This address already has an account or a pending invite of another coach',
  /** An invite id the caller has no pending invite by (another coach's, used, withdrawn, unknown). */
  inviteIdNotFound: 'Invite not found',
} as const;

/** The answer to accepting an invite whose address got an account meanwhile. */
export function inviteAccountExistsMessage(email: string): string {
  return `An account with the email ${email} already exists`;
}

/** The answer to accepting an invite with a timezone no IANA name spells (named, cut to 64). */
export function inviteTimeZoneMessage(timezone: string): string {
  return `Unknown timezone '${timezone.slice(0, 64)}': use an IANA name such as Europe/Paris`;
}

/** Why an invite link does not work: a code of the error catalogue and its text. */
export type InviteRefusal =
  | { status: 404; code: 'invite_not_found'; message: string }
  | { status: 409; code: 'invite_used'; message: string }
  | { status: 400; code: 'invite_expired'; message: string };

/** When a link sent at `sentAt` stops working. */
export function inviteExpiry(sentAt: Date, ttlSeconds: number = inviteTtlSeconds): Date {
  return new Date(sentAt.getTime() + ttlSeconds * 1000);
}

/**
 * Why the invite a token names can not be used at `now`, or undefined when it can: none found,
 * already used, or expired. A withdrawn invite answers as an expired one: its holder learns the
 * same thing (the link is dead, ask the coach), and nothing about the coach's decision.
 */
export function inviteRefusal(
  invite: { status: InviteStatus; expiresAt: Date } | undefined,
  now: Date,
): InviteRefusal | undefined {
  if (!invite) return { status: 404, code: 'invite_not_found', message: inviteMessages.notFound };
  if (invite.status === 'accepted') {
    return { status: 409, code: 'invite_used', message: inviteMessages.used };
  }
  if (invite.status !== 'pending' || invite.expiresAt.getTime() <= now.getTime()) {
    return { status: 400, code: 'invite_expired', message: inviteMessages.expired };
  }
  return undefined;
}

/**
 * Whether an address's pending invite keeps `coachPersonId` from inviting it at `now`: it is
 * another coach's and still live (an expired one may be taken over, one's own is sent again).
 */
export function isHeldByAnotherCoach(
  pending: { coachPersonId: string; expiresAt: Date } | undefined,
  coachPersonId: string,
  now: Date,
): boolean {
  return (
    pending !== undefined &&
    pending.coachPersonId !== coachPersonId &&
    pending.expiresAt.getTime() > now.getTime()
  );
}
