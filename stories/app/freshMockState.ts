import { createHandlers, createMockState, type MockState } from '@coach/api/msw';
import type { MswApi } from 'msw-storybook-addon/types';

/**
 * A mock state made new before each run of a story (after `prepare`) and served by the contract's
 * handlers, so the story's play can read what its saves stored: `beforeEach` for the story,
 * `state()` in its play.
 */
export function freshMockState(prepare?: (state: MockState) => void) {
  let state = createMockState();
  return {
    beforeEach({ msw }: { msw: MswApi }) {
      state = createMockState();
      prepare?.(state);
      msw.use(...createHandlers({ state }));
    },
    state: () => state,
  };
}
