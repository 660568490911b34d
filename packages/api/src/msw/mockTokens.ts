import type { Tokens } from '../contract/sessionTokens.ts';
import type { MockState } from './state.ts';

/** A new token of the mock state, `mock-{kind}-{n}`, never handed out before. */
export function nextMockToken(state: MockState, kind: string): string {
  state.sequence += 1;
  return `mock-${kind}-${state.sequence}`;
}

/** Issues a new token pair for a user of the mock state. */
export function issueMockTokens(state: MockState, userId: string): Tokens {
  const tokens = {
    accessToken: nextMockToken(state, 'access'),
    refreshToken: nextMockToken(state, 'refresh'),
  };
  state.accessTokens.set(tokens.accessToken, userId);
  state.refreshTokens.set(tokens.refreshToken, userId);
  return tokens;
}
