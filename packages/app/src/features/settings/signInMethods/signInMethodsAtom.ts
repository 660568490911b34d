import type { SignInMethods } from '@coach/api';
import { readInSession } from '../../../core/session/index.ts';
import { atom } from '../../../state/jotai.ts';
import { loadable } from '../../../state/loadable.ts';

const refreshCountAtom = atom(0);
refreshCountAtom.debugLabel = 'signInMethodsRefreshCountAtom';

/**
 * The coach's passkeys, authenticator app and recovery codes left (`GET /sign-in-methods`): read
 * on first use, again after each change (write 'refresh') and in a new session.
 */
export const signInMethodsAtom = atom(
  (get): Promise<SignInMethods> => {
    get(refreshCountAtom);
    return readInSession(get, (api) => api.auth.listSignInMethods());
  },
  (_get, set, _update: 'refresh') => {
    set(refreshCountAtom, (count) => count + 1);
  },
);
signInMethodsAtom.debugLabel = 'signInMethodsAtom';

/** The sign-in methods without Suspense (kept while a refresh loads). */
export const signInMethodsLoadableAtom = loadable<SignInMethods>(signInMethodsAtom);
signInMethodsLoadableAtom.debugLabel = 'signInMethodsLoadableAtom';
