import type { Tokens } from '@coach/api';
import { atom, type WritableAtom } from '../../../state/jotai.ts';
import { fetchCoachSession } from '../fetchCoachSession.ts';
import { type SessionFailure, toSessionFailure } from '../sessionFailure.ts';
import { applySessionAtom } from './applySessionAtom.ts';
import { authStatusAtom } from './authStatusAtom.ts';
import { clearSessionAtom } from './clearSessionAtom.ts';
import { getCoachApi } from './coachApiAtom.ts';
import { sessionEpochAtom } from './sessionEpochAtom.ts';
import { sessionErrorAtom } from './sessionErrorAtom.ts';
import { getTokenStore } from './tokenStoreAtom.ts';

/** The outcome of starting a session with new tokens. */
export type SessionStartResult = { ok: true } | { ok: false; failure: SessionFailure };

/** What to start loading once the new tokens are stored: an atom to set (see startSessionAtom). */
export type SessionPrefetch = WritableAtom<unknown, [], void>;

/**
 * Starts a session with new tokens, from a sign-in or a password reset (requirements R4.3, R4.7, decisions:
 * the reset signs the coach in): stores both tokens, then loads the user and profile, which must
 * be a coach's. Any failure removes the tokens, ends the session in this tab and leaves the reason
 * for the sign-in screen; it resolves with the outcome instead of throwing. In Settings the same
 * call swaps in the tokens of a password change (the server ended the other sessions).
 * `prefetch` is set once the tokens are stored: what the coach sees next (the clients list after a
 * sign-in) then loads beside the session's own calls instead of after them.
 */
export const startSessionAtom = atom(
  null,
  async (get, set, newTokens: Tokens, prefetch?: SessionPrefetch): Promise<SessionStartResult> => {
    const tokens = getTokenStore(get);
    const api = getCoachApi(get);
    // The tokens first: the session's reads, keyed on the epoch, are sent again with them.
    tokens.setTokens(newTokens);
    const epoch = get(sessionEpochAtom) + 1;
    set(sessionEpochAtom, epoch);
    set(sessionErrorAtom, null);
    if (prefetch) set(prefetch);
    try {
      const session = await fetchCoachSession(api);
      if (get(sessionEpochAtom) === epoch) {
        set(applySessionAtom, session);
        // Beside what the coach sees next, never before it; its code loads then, so the sign-in
        // route does not carry it.
        void import('../afterSignIn.ts').then(({ afterSignIn }) => afterSignIn(api));
      }
      return { ok: true };
    } catch (error) {
      const failure = toSessionFailure(error);
      // A newer start or a logout took over meanwhile: the tokens and the session are its own.
      if (get(sessionEpochAtom) !== epoch) return { ok: false, failure };
      // REQUIRE_MFA: the session stands, but shows only the enrolment screen until a factor is in.
      if (failure.kind === 'enrolmentRequired') {
        set(authStatusAtom, 'mustEnrol');
        return { ok: true };
      }
      tokens.clear();
      set(clearSessionAtom);
      set(sessionErrorAtom, failure.kind === 'expired' ? null : failure);
      return { ok: false, failure };
    }
  },
);
startSessionAtom.debugLabel = 'startSessionAtom';
