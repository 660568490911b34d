import { isApiError } from '@coach/api';
import { useSetAtom } from '../../../state/jotai.ts';
import { stepUpRequestAtom } from './stepUpAtom.ts';

/** The action was given up: the coach closed the step-up dialog. */
export class StepUpCancelled extends Error {
  constructor() {
    super('The second factor was not confirmed');
    this.name = 'StepUpCancelled';
  }
}

/**
 * Runs an action that may need a second factor used in the last 5 minutes (removing a factor,
 * turning codes off, new recovery codes): on 403 `second_factor_needed` the step-up dialog asks
 * for one, then the action runs once more. Rejects with {@link StepUpCancelled} when the coach
 * closes the dialog.
 */
export function useWithSecondFactor() {
  const setRequest = useSetAtom(stepUpRequestAtom);
  return async function withSecondFactor<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (!isApiError(error, 'second_factor_needed')) throw error;
      const isConfirmed = await new Promise<boolean>((resolve) => setRequest({ resolve }));
      if (!isConfirmed) throw new StepUpCancelled();
      return action();
    }
  };
}
