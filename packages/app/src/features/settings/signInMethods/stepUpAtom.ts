import { atom } from '../../../state/jotai.ts';

/** A second factor asked for: `resolve(true)` once confirmed, `resolve(false)` if given up. */
export type StepUpRequest = { resolve: (isConfirmed: boolean) => void };

/** The step-up dialog's request, while one is open. */
export const stepUpRequestAtom = atom<StepUpRequest | null>(null);
stepUpRequestAtom.debugLabel = 'stepUpRequestAtom';
