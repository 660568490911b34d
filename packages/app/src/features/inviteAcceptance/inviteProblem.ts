import { toApiError } from '@coach/api';
import { type TooManyAttempts, tooManyAttemptsOf } from '../../errors/tooManyAttempts.ts';

/** Why an invite can not be used: each has its own message and asks for a new invite. */
export type InviteClosedReason = 'missingToken' | 'expired' | 'used' | 'invalid' | 'registered';

/** What went wrong with a check or an acceptance of an invite, as the page tells it. */
export type InviteProblem =
  /** The invite is over (expired, withdrawn, used, unknown) or its account exists already. */
  | { kind: 'closed'; reason: InviteClosedReason }
  /** The server asked to wait (HTTP 429). */
  | { kind: 'tooManyAttempts'; refusal: TooManyAttempts }
  /** The server refused the timezone (it knows other zones than this browser). */
  | { kind: 'invalidTimezone' }
  /** No verdict on the invite: network down, server failure; trying again may work. */
  | { kind: 'failed' };

/**
 * Reads the error of `checkInvite` or `acceptInvite`. The server answers 400 `invite_expired` for
 * an expired or withdrawn invite, 409 `invite_used`, 404 `invite_not_found`; a check refused as
 * malformed (400) is a link that is not valid too. At acceptance, 409 `already_registered` means
 * the address has an account already, and any other 400 is a refused entry, not a dead link.
 */
export function inviteProblemOf(error: unknown, call: 'check' | 'accept'): InviteProblem {
  const refusal = tooManyAttemptsOf(error);
  if (refusal) return { kind: 'tooManyAttempts', refusal };
  const { status, code } = toApiError(error);
  switch (code) {
    case 'invite_expired':
      return { kind: 'closed', reason: 'expired' };
    case 'invite_used':
      return { kind: 'closed', reason: 'used' };
    case 'invite_not_found':
      return { kind: 'closed', reason: 'invalid' };
    case 'already_registered':
      return { kind: 'closed', reason: 'registered' };
    case 'invalid_timezone':
      return { kind: 'invalidTimezone' };
  }
  if (status === 404 || (call === 'check' && status === 400)) {
    return { kind: 'closed', reason: 'invalid' };
  }
  return { kind: 'failed' };
}
