import { toApiError } from '@coach/api';
import { atom } from '../../../state/jotai.ts';
import { fetchCoachSession } from '../fetchCoachSession.ts';
import { type SessionFailure, toSessionFailure } from '../sessionFailure.ts';
import { applySessionAtom } from './applySessionAtom.ts';
import { getCoachApi } from './coachApiAtom.ts';
import { sessionEpochAtom } from './sessionEpochAtom.ts';
import { sessionErrorAtom } from './sessionErrorAtom.ts';
import { getTokenStore } from './tokenStoreAtom.ts';

/** Why a sign-in failed: wrong credentials, or the session could not start. */
export type LoginFailure = { kind: 'wrongCredentials' } | SessionFailure;

/** The outcome of a sign-in. */
export type LoginResult = { ok: true } | { ok: false; failure: LoginFailure };

/** The credentials of a sign-in. */
export type LoginCredentials = { email: string; password: string };

/**
 * Signs in (spec point 4): stores both tokens, then loads the user and profile. Any failure removes
 * the tokens; it resolves with the reason instead of throwing, so the form can show it.
 */
export const loginAtom = atom(
  null,
  async (get, set, credentials: LoginCredentials): Promise<LoginResult> => {
    const tokens = getTokenStore(get);
    const api = getCoachApi(get);
    const epoch = get(sessionEpochAtom) + 1;
    set(sessionEpochAtom, epoch);
    set(sessionErrorAtom, null);
    try {
      tokens.setTokens(await api.auth.login(credentials));
    } catch (error) {
      tokens.clear();
      const status = toApiError(error).status;
      const failure: LoginFailure =
        status === 401 || status === 400 ? { kind: 'wrongCredentials' } : { kind: 'unavailable' };
      return { ok: false, failure };
    }
    try {
      const session = await fetchCoachSession(api);
      if (get(sessionEpochAtom) === epoch) set(applySessionAtom, session);
      return { ok: true };
    } catch (error) {
      tokens.clear();
      return { ok: false, failure: toSessionFailure(error) };
    }
  },
);
loginAtom.debugLabel = 'loginAtom';
