import { ApiError } from '@coach/api';
import type { Loadable } from '../../../state/loadable.ts';

/**
 * Whether the server said there is no such client for this coach (404: it does not exist or is
 * another coach's; the server never tells which).
 */
export function isNotFound(state: Loadable<unknown>): boolean {
  return (
    state.state === 'hasError' && state.error instanceof ApiError && state.error.status === 404
  );
}
