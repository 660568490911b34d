import { atom } from '../../../state/jotai.ts';
import { loadSessionAtom } from './loadSessionAtom.ts';

/**
 * A second factor was enrolled by a session that had to (REQUIRE_MFA): the session loads again
 * with the same tokens, now allowed everything, and the app opens.
 */
export const enrolmentDoneAtom = atom(null, async (_get, set) => {
  await set(loadSessionAtom, 'start');
});
enrolmentDoneAtom.debugLabel = 'enrolmentDoneAtom';
