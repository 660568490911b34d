import { atom } from '../../../state/jotai.ts';

/**
 * What a change of the sign-in methods needs first (issue 64): a second factor used lately, or,
 * for an account without one, the password entered lately.
 */
export type StepUpProof = 'secondFactor' | 'password';

/** A proof asked for: `resolve(true)` once given, `resolve(false)` if given up. */
export type StepUpRequest = { proof: StepUpProof; resolve: (isConfirmed: boolean) => void };

/** The step-up dialog's request (the second factor's or the password's), while one is open. */
export const stepUpRequestAtom = atom<StepUpRequest | null>(null);
stepUpRequestAtom.debugLabel = 'stepUpRequestAtom';
