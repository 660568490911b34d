import { atom } from '../../../state/jotai.ts';
import { authStatusAtom } from './authStatusAtom.ts';

/**
 * A call answered 403 `second_factor_enrolment_required` (REQUIRE_MFA, decision 73): a signed-in
 * session shows the enrolment screen, before any other, until a second factor is in.
 */
export const requireEnrolmentAtom = atom(null, (get, set) => {
  if (get(authStatusAtom) === 'signedIn') set(authStatusAtom, 'mustEnrol');
});
requireEnrolmentAtom.debugLabel = 'requireEnrolmentAtom';
