import { toApiError } from '@coach/api';
import type { TFunction } from 'i18next';
import { isServerUnreachable } from '../../errors/callFailure.ts';
import {
  describeTooManyAttempts,
  type TooManyAttempts,
  tooManyAttemptsOf,
} from '../../errors/tooManyAttempts.ts';
import { isCancelledCeremony } from '../passkeys/index.ts';

/** Why a second factor (a code or a passkey) did not pass. */
export type FactorFailure =
  | { kind: 'wrongCode' }
  /** The sign-in's second step is over (5 minutes) or used: sign in again. */
  | { kind: 'expired' }
  /** The coach closed the browser's passkey dialog, or it timed out. */
  | { kind: 'cancelled' }
  /** The passkey answered, and the server refused it (not one of this account's). */
  | { kind: 'passkeyRefused' }
  | ({ kind: 'tooManyAttempts' } & TooManyAttempts)
  | { kind: 'unavailable' }
  | { kind: 'failed' };

/**
 * What went wrong with a second factor, from the error of its call or of the browser's ceremony.
 * A wrong code is a 401 in a sign-in's second step and a 400 `wrong_code` in a signed-in session.
 */
export function factorFailureOf(error: unknown, factor: 'code' | 'passkey'): FactorFailure {
  if (isCancelledCeremony(error)) return { kind: 'cancelled' };
  const tooManyAttempts = tooManyAttemptsOf(error);
  if (tooManyAttempts) return { kind: 'tooManyAttempts', ...tooManyAttempts };
  const { status, code } = toApiError(error);
  if (code === 'second_step_expired') return { kind: 'expired' };
  if (status === 400 || status === 401) {
    return { kind: factor === 'code' ? 'wrongCode' : 'passkeyRefused' };
  }
  return isServerUnreachable(error) ? { kind: 'unavailable' } : { kind: 'failed' };
}

/** The words for a failure shown above the form (a wrong code shows under its field). */
export function describeFactorFailure(failure: FactorFailure, t: TFunction): string {
  switch (failure.kind) {
    case 'wrongCode':
      return t('auth.changePassword.wrongCode');
    case 'expired':
      return t('signInFactors.secondStep.expired');
    case 'cancelled':
      return t('signInFactors.passkeyCancelled');
    case 'passkeyRefused':
      return t('signInFactors.passkeyRefused');
    case 'tooManyAttempts':
      return describeTooManyAttempts(failure, t);
    case 'unavailable':
      return t('errors.serverUnreachable');
    case 'failed':
      return t('signInFactors.failed');
  }
}
