import {
  type CoachApi,
  createCoachApi,
  createMemoryTokenStore,
  defaultServiceBaseUrls,
  type TokenStore,
} from '@coach/api';
import { createMockState, type HandlersOptions, type MockState } from '@coach/api/msw';

/** Base addresses the MSW node server answers on (Node's fetch needs absolute URLs). */
export const testBaseUrls = defaultServiceBaseUrls('http://coach.test');

/** A fresh mock state plus the handler options over it. */
export function mockBackend(options: Omit<HandlersOptions, 'state' | 'baseURLs'> = {}): {
  state: MockState;
  options: HandlersOptions;
} {
  const state = createMockState();
  return { state, options: { ...options, state, baseURLs: testBaseUrls } };
}

/** A real API client over memory tokens, talking to the MSW handlers. */
export function createTestApi(
  initial?: { accessToken?: string | null; refreshToken?: string | null },
  onSessionReset?: () => void,
): { api: CoachApi; tokens: TokenStore } {
  const tokens = createMemoryTokenStore(initial);
  return { api: createCoachApi({ baseURLs: testBaseUrls, tokens, onSessionReset }), tokens };
}
