import { atom } from '../../../state/jotai.ts';
import { authStatusAtom } from './authStatusAtom.ts';
import { currentProfileAtom } from './currentProfileAtom.ts';
import { currentUserAtom } from './currentUserAtom.ts';
import { sessionEpochAtom } from './sessionEpochAtom.ts';

/**
 * Forgets the session in this tab: user, profile and (through the epoch) any cached data and any
 * load under way; signed out. Tokens are the caller's business (logout, the API's reset).
 */
export const clearSessionAtom = atom(null, (_get, set) => {
  set(sessionEpochAtom, (epoch) => epoch + 1);
  set(currentUserAtom, null);
  set(currentProfileAtom, null);
  set(authStatusAtom, 'signedOut');
});
clearSessionAtom.debugLabel = 'clearSessionAtom';
