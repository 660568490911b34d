import { atom } from '../../../state/jotai.ts';
import type { CoachSession } from '../sessionFailure.ts';
import { authStatusAtom } from './authStatusAtom.ts';
import { currentProfileAtom } from './currentProfileAtom.ts';
import { currentUserAtom } from './currentUserAtom.ts';
import { hasLoggedOutAtom } from './hasLoggedOutAtom.ts';
import { sessionErrorAtom } from './sessionErrorAtom.ts';

/** Signs in this tab with a loaded coach session. */
export const applySessionAtom = atom(null, (_get, set, session: CoachSession) => {
  set(currentUserAtom, session.user);
  set(currentProfileAtom, session.profile);
  set(sessionErrorAtom, null);
  set(hasLoggedOutAtom, false);
  set(authStatusAtom, 'signedIn');
});
applySessionAtom.debugLabel = 'applySessionAtom';
