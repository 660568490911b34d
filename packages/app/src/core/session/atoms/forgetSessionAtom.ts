import { atom } from '../../../state/jotai.ts';
import { clearSessionAtom } from './clearSessionAtom.ts';
import { hasLoggedOutAtom } from './hasLoggedOutAtom.ts';
import { getTokenStore } from './tokenStoreAtom.ts';

/**
 * Forgets the session here without telling the server, which ended it already (a security
 * link's 'it was not me' ends every session of the account): the tokens (other tabs follow
 * through storage), cached data, user and profile. Like a logout, sign-in keeps no page to
 * return to.
 */
export const forgetSessionAtom = atom(null, (get, set) => {
  getTokenStore(get).clear();
  set(hasLoggedOutAtom, true);
  set(clearSessionAtom);
});
forgetSessionAtom.debugLabel = 'forgetSessionAtom';
