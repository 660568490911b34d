import { atom } from '../../../state/jotai.ts';

/** Where the session is (requirements R4.1): initialising, then signed out or signed in. */
export type AuthStatus = 'initialising' | 'signedOut' | 'signedIn';

/** The auth status; the routes and layouts follow it. */
export const authStatusAtom = atom<AuthStatus>('initialising');
authStatusAtom.debugLabel = 'authStatusAtom';
