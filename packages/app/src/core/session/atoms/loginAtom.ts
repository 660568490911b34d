import { type Tokens, toApiError } from '@coach/api';
import { isServerUnreachable } from '../../../errors/callFailure.ts';
import { type TooManyAttempts, tooManyAttemptsOf } from '../../../errors/tooManyAttempts.ts';
import { atom } from '../../../state/jotai.ts';
import type { SessionFailure } from '../sessionFailure.ts';
import { getCoachApi } from './coachApiAtom.ts';
import { sessionErrorAtom } from './sessionErrorAtom.ts';
import { type SessionPrefetch, startSessionAtom } from './startSessionAtom.ts';
import { getTokenStore } from './tokenStoreAtom.ts';

/**
 * Why a sign-in failed: wrong credentials, too many attempts (with the wait), or the session could
 * not start.
 */
export type LoginFailure =
  | { kind: 'wrongCredentials' }
  /** The server answered with an unexpected failure (not one that says it is out of reach). */
  | { kind: 'failed' }
  | ({ kind: 'tooManyAttempts' } & TooManyAttempts)
  | SessionFailure;

/** The outcome of a sign-in. */
export type LoginResult = { ok: true } | { ok: false; failure: LoginFailure };

/** The credentials of a sign-in. */
export type LoginCredentials = { email: string; password: string };

function toLoginFailure(error: unknown): LoginFailure {
  const tooManyAttempts = tooManyAttemptsOf(error);
  if (tooManyAttempts) return { kind: 'tooManyAttempts', ...tooManyAttempts };
  const { status } = toApiError(error);
  if (status === 401 || status === 400) return { kind: 'wrongCredentials' };
  return isServerUnreachable(error) ? { kind: 'unavailable' } : { kind: 'failed' };
}

/**
 * Signs in (requirements R4.3): the login call, then the session starts with its tokens
 * (`startSessionAtom`, with `prefetch`). Any failure removes the tokens; it resolves with the
 * reason instead of throwing, so the form can show it.
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
    let tokens: Tokens;
    try {
      tokens = await api.auth.login(credentials);
    } catch (error) {
      getTokenStore(get).clear();
      return { ok: false, failure: toLoginFailure(error) };
    }
    return set(startSessionAtom, tokens, prefetch);
  },
);
loginAtom.debugLabel = 'loginAtom';
