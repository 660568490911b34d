import { isSecondStep, type SecondStep, type TokensOrSecondStep, toApiError } from '@coach/api';
import { isServerUnreachable } from '../../../errors/callFailure.ts';
import { type TooManyAttempts, tooManyAttemptsOf } from '../../../errors/tooManyAttempts.ts';
import { atom } from '../../../state/jotai.ts';
import type { SessionFailure } from '../sessionFailure.ts';
import { getCoachApi } from './coachApiAtom.ts';
import { sessionErrorAtom } from './sessionErrorAtom.ts';
import { type SessionPrefetch, startSessionAtom } from './startSessionAtom.ts';
import { getTokenStore } from './tokenStoreAtom.ts';

/**
 * Why a sign-in failed: wrong credentials, the account's mailed code needed (or a wrong one sent),
 * too many attempts (with the wait), or the session could not start.
 */
export type LoginFailure =
  | { kind: 'wrongCredentials' }
  /** The account asks for the code it mailed as well: send the sign-in again with it. */
  | { kind: 'signInCodeRequired' }
  /** A sign-in sent with a code was refused: the server does not say which of the three was wrong. */
  | { kind: 'wrongSignInCode' }
  /** The server answered with an unexpected failure (not one that says it is out of reach). */
  | { kind: 'failed' }
  | ({ kind: 'tooManyAttempts' } & TooManyAttempts)
  | SessionFailure;

/** A second step to pass (decision 73): the account has a second factor. */
export type PendingSecondStep = SecondStep['secondStep'];

/**
 * The outcome of a sign-in: signed in, refused, or a right password for an account with a second
 * factor (no tokens yet: the second step comes next).
 */
export type LoginResult =
  | { ok: true }
  | { ok: false; failure: LoginFailure; secondStep?: undefined }
  | { ok: false; secondStep: PendingSecondStep; failure?: undefined };

/** The credentials of a sign-in; `code` once the account asked for its mailed code. */
export type LoginCredentials = { email: string; password: string; code?: string | undefined };

function toLoginFailure(error: unknown, credentials: LoginCredentials): LoginFailure {
  const tooManyAttempts = tooManyAttemptsOf(error);
  if (tooManyAttempts) return { kind: 'tooManyAttempts', ...tooManyAttempts };
  const { status, code } = toApiError(error);
  if (code === 'sign_in_code_required') return { kind: 'signInCodeRequired' };
  if (status === 401 || status === 400) {
    return { kind: credentials.code === undefined ? 'wrongCredentials' : 'wrongSignInCode' };
  }
  return isServerUnreachable(error) ? { kind: 'unavailable' } : { kind: 'failed' };
}

/**
 * Signs in (requirements R4.3): the login call, then the session starts with its tokens
 * (`startSessionAtom`, with `prefetch`). Any failure removes the tokens; it resolves with the
 * reason instead of throwing, so the form can show it. A 202 stores nothing: it resolves with the
 * second step the sign-in waits for.
 */
export const loginAtom = atom(
  null,
  async (
    get,
    set,
    credentials: LoginCredentials,
    prefetch?: SessionPrefetch,
  ): Promise<LoginResult> => {
    const api = getCoachApi(get);
    set(sessionErrorAtom, null);
    let answer: TokensOrSecondStep;
    try {
      answer = await api.auth.login(credentials);
    } catch (error) {
      getTokenStore(get).clear();
      return { ok: false, failure: toLoginFailure(error, credentials) };
    }
    if (isSecondStep(answer)) return { ok: false, secondStep: answer.secondStep };
    return set(startSessionAtom, answer, prefetch);
  },
);
loginAtom.debugLabel = 'loginAtom';
