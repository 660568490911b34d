import { atom } from '../../../state/jotai.ts';

/**
 * Where the session is (requirements R4.1): initialising, then signed out or signed in; or
 * signed in with a session that may only enrol a second factor (REQUIRE_MFA, decision 73), which
 * shows the enrolment screen before any other.
 */
export type AuthStatus = 'initialising' | 'signedOut' | 'signedIn' | 'mustEnrol';

/** The auth status; the routes and layouts follow it. */
export const authStatusAtom = atom<AuthStatus>('initialising');
authStatusAtom.debugLabel = 'authStatusAtom';
