import type { Tokens } from '@coach/api';
import { atom } from '../../../state/jotai.ts';
import { applySessionAtom } from '../../session/atoms/applySessionAtom.ts';
import { clearSessionAtom } from '../../session/atoms/clearSessionAtom.ts';
import { getCoachApi } from '../../session/atoms/coachApiAtom.ts';
import type { LoginResult } from '../../session/atoms/loginAtom.ts';
import { sessionEpochAtom } from '../../session/atoms/sessionEpochAtom.ts';
import { sessionErrorAtom } from '../../session/atoms/sessionErrorAtom.ts';
import { getTokenStore } from '../../session/atoms/tokenStoreAtom.ts';
import { fetchCoachSession } from '../../session/fetchCoachSession.ts';
import { toSessionFailure } from '../../session/sessionFailure.ts';

/**
 * Signs in with the tokens a password reset answered (decisions: the reset signs the coach in),
 * on the login path of spec point 4 after its call: store both tokens, then load the user and
 * profile, which must be a coach's. Any failure removes the tokens, ends the session in this tab
 * and leaves the reason for the sign-in screen. In Settings the same call swaps in the new
 * tokens: the server has ended the coach's other sessions.
 */
export const signInWithTokensAtom = atom(
  null,
  async (get, set, newTokens: Tokens): Promise<LoginResult> => {
    const tokens = getTokenStore(get);
    const api = getCoachApi(get);
    const epoch = get(sessionEpochAtom) + 1;
    set(sessionEpochAtom, epoch);
    set(sessionErrorAtom, null);
    tokens.setTokens(newTokens);
    try {
      const session = await fetchCoachSession(api);
      if (get(sessionEpochAtom) === epoch) set(applySessionAtom, session);
      return { ok: true };
    } catch (error) {
      tokens.clear();
      const failure = toSessionFailure(error);
      set(clearSessionAtom);
      set(sessionErrorAtom, failure.kind === 'expired' ? null : failure);
      return { ok: false, failure };
    }
  },
);
signInWithTokensAtom.debugLabel = 'signInWithTokensAtom';
