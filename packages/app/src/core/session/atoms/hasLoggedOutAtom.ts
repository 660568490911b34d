import { atom } from '../../../state/jotai.ts';

/**
 * Whether the coach logged out in this tab since the last sign-in. Sign-in then keeps no page to
 * return to: the next sign-in may be someone else's. A session that ends on its own (a failed
 * refresh, another tab's logout) keeps the page.
 */
export const hasLoggedOutAtom = atom(false);
hasLoggedOutAtom.debugLabel = 'hasLoggedOutAtom';
