import { atom } from '../../../state/jotai.ts';
import { fetchCoachSession } from '../fetchCoachSession.ts';
import { isFinalFailure, toSessionFailure } from '../sessionFailure.ts';
import { applySessionAtom } from './applySessionAtom.ts';
import { authStatusAtom } from './authStatusAtom.ts';
import { clearSessionAtom } from './clearSessionAtom.ts';
import { getCoachApi } from './coachApiAtom.ts';
import { sessionEpochAtom } from './sessionEpochAtom.ts';
import { sessionErrorAtom } from './sessionErrorAtom.ts';
import { getTokenStore } from './tokenStoreAtom.ts';

/** What asked for the load: the app starting, or another tab changing the stored access token. */
export type SessionLoadTrigger = 'start' | 'storage';

/**
 * Starts (or reloads) the session from the stored tokens (requirements R4.2). Without an access token
 * the session is cleared; at start that also removes a lone refresh token, while after another
 * tab's change that tab owns the storage. With one, the user and profile load; a refusal (not a
 * coach, no profile, expired) removes the tokens, an unreachable server keeps them.
 */
export const loadSessionAtom = atom(null, async (get, set, trigger: SessionLoadTrigger) => {
  const tokens = getTokenStore(get);
  const api = getCoachApi(get);
  if (!tokens.getAccessToken()) {
    if (trigger === 'start') tokens.clear();
    set(clearSessionAtom);
    return;
  }
  const epoch = get(sessionEpochAtom) + 1;
  set(sessionEpochAtom, epoch);
  try {
    const session = await fetchCoachSession(api);
    if (get(sessionEpochAtom) !== epoch) return;
    set(applySessionAtom, session);
  } catch (error) {
    if (get(sessionEpochAtom) !== epoch) return;
    const failure = toSessionFailure(error);
    if (failure.kind === 'enrolmentRequired') {
      set(authStatusAtom, 'mustEnrol');
      return;
    }
    if (isFinalFailure(failure)) tokens.clear();
    set(clearSessionAtom);
    set(sessionErrorAtom, failure.kind === 'expired' ? null : failure);
  }
});
loadSessionAtom.debugLabel = 'loadSessionAtom';
