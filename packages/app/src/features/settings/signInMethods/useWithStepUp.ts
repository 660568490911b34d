import { isApiError } from '@coach/api';
import { useSetAtom } from '../../../state/jotai.ts';
import { type StepUpProof, stepUpRequestAtom } from './stepUpAtom.ts';

/** The action was given up: the coach closed the step-up dialog. */
export class StepUpCancelled extends Error {
  constructor() {
    super('The step-up was not confirmed');
    this.name = 'StepUpCancelled';
  }
}

/** The proof a refusal asks for, or null when the error is something else. */
function proofAskedBy(error: unknown): StepUpProof | null {
  if (isApiError(error, 'second_factor_needed')) return 'secondFactor';
  if (isApiError(error, 'password_needed')) return 'password';
  return null;
}

/**
 * Runs a change of the sign-in methods that needs a recent proof (issue 64: adding or removing a
 * factor, turning codes off, new recovery codes): on 403 `second_factor_needed` the step-up dialog
 * asks for a second factor, on 403 `password_needed` (an account without one) the password
 * dialog asks for the password; then the action runs once more. Rejects with
 * {@link StepUpCancelled} when the coach closes the dialog.
 */
export function useWithStepUp() {
  const setRequest = useSetAtom(stepUpRequestAtom);
  return async function withStepUp<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      const proof = proofAskedBy(error);
      if (!proof) throw error;
      const isConfirmed = await new Promise<boolean>((resolve) => setRequest({ proof, resolve }));
      if (!isConfirmed) throw new StepUpCancelled();
      return action();
    }
  };
}
