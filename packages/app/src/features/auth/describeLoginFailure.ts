import type { TFunction } from 'i18next';
import { describeSessionFailure, type LoginFailure } from '../../core/session/index.ts';
import { describeTooManyAttempts } from '../../errors/tooManyAttempts.ts';

/** The text shown for a failed sign-in. */
export function describeLoginFailure(failure: LoginFailure, t: TFunction): string {
  if (failure.kind === 'wrongCredentials') return t('auth.signIn.wrongCredentials');
  if (failure.kind === 'signInCodeRequired') return t('auth.signIn.codeRequired');
  if (failure.kind === 'wrongSignInCode') return t('auth.signIn.wrongSignInCode');
  if (failure.kind === 'tooManyAttempts') return describeTooManyAttempts(failure, t);
  if (failure.kind === 'failed') return t('auth.signIn.failed');
  // An expired session right after signing in is odd: a plain failure says enough.
  return describeSessionFailure(failure, t) ?? t('auth.signIn.failed');
}
