import { atom } from '../../../state/jotai.ts';

/**
 * A sign-in's second step ran out (5 minutes) or was used: the sign-in screen says so until the
 * coach edits the form. Set by the sign-in's and the password reset's second step.
 */
export const secondStepExpiredAtom = atom(false);
secondStepExpiredAtom.debugLabel = 'secondStepExpiredAtom';
