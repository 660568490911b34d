import type { HttpHandler } from 'msw';
import { createCoachApi } from '../src/client/index.ts';
import type { Tokens } from '../src/contract/sessionTokens.ts';
import { defaultServiceBaseUrls } from '../src/services.ts';
import { createMemoryTokenStore } from '../src/tokens.ts';
import { mswFetch } from './mswFetch.ts';

/**
 * The real typed clients answered by MSW handlers (no network), as the stories' origin sees
 * them; signed in with `tokens`, or signed out without.
 */
export function mockCoachApi(handlers: HttpHandler[], tokens?: Tokens) {
  return createCoachApi({
    baseURLs: defaultServiceBaseUrls('http://localhost:6006'),
    tokens: createMemoryTokenStore(tokens),
    onSessionReset: () => {},
    fetch: mswFetch(handlers),
  });
}
