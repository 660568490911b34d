import { atom } from '../../../state/jotai.ts';
import { clearSessionAtom } from './clearSessionAtom.ts';
import { getCoachApi } from './coachApiAtom.ts';
import { hasLoggedOutAtom } from './hasLoggedOutAtom.ts';
import { getTokenStore } from './tokenStoreAtom.ts';

/**
 * Signs out (requirements R4.4): tells the server, then clears the tokens, cached data, user and
 * profile. A failed server call still signs out here: the coach asked to leave.
 */
export const logoutAtom = atom(null, async (get, set) => {
  const api = getCoachApi(get);
  const tokens = getTokenStore(get);
  try {
    await api.auth.logout();
  } catch {
    // The refresh token expires on its own; the local session ends either way.
  } finally {
    tokens.clear();
    set(hasLoggedOutAtom, true);
    set(clearSessionAtom);
  }
});
logoutAtom.debugLabel = 'logoutAtom';
