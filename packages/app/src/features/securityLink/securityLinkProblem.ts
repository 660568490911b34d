import { toApiError } from '@coach/api';
import { type TooManyAttempts, tooManyAttemptsOf } from '../../errors/tooManyAttempts.ts';

/** Why a security link did not end the sessions, as the page tells it. */
export type SecurityLinkProblem =
  /** Expired, used, or not one the server made (400): nothing to do with it any more. */
  | { kind: 'expired' }
  /** The server asked to wait (HTTP 429). */
  | { kind: 'tooManyAttempts'; refusal: TooManyAttempts }
  /** No verdict on the link: network down, server failure; trying again may work. */
  | { kind: 'failed' };

/**
 * Reads the error of `useSecurityLink`: the server answers 400 `bad_request` for a link expired,
 * used or not its own (and a token off the contract's pattern is a 400 too); any other 4xx is no
 * use trying again either.
 */
export function securityLinkProblemOf(error: unknown): SecurityLinkProblem {
  const refusal = tooManyAttemptsOf(error);
  if (refusal) return { kind: 'tooManyAttempts', refusal };
  const { status } = toApiError(error);
  return status >= 400 && status < 500 ? { kind: 'expired' } : { kind: 'failed' };
}
