import { signInFactorMessages } from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import type { SecurityLinkAnswer, SecurityLinkBody } from '../contract/accountSecurity.ts';
import { demoResetCode, fixtureIds } from './fixtures.ts';
import { nextMockToken } from './mockTokens.ts';
import { errorResponse as error, type MockHandlerOptions, mockService } from './route.ts';
import type { MockState } from './state.ts';

// A security notice's 'it was not me' link (issue 64) over the mock state: the live fixture link
// is the demo coach's and works once; it ends every session of the account and starts a password
// reset, whose code is the demo reset code. Any other token (the expired fixture, a used link) is
// refused as the server refuses an expired one. The server mails the notices and keeps the links.

/** The tokens of the mocks' security links: the demo coach's live one, and an expired one. */
export const fixtureSecurityLinkTokens = {
  valid: 'mock-security-link-demo-coach',
  expired: 'mock-security-link-expired',
} as const;

const usedLinksByState = new WeakMap<MockState, Set<string>>();

/** MSW handlers of the security link (the auth service). */
export function createSecurityLinkHandlers(options: MockHandlerOptions = {}): HttpHandler[] {
  const { state, handle } = mockService(options);
  const used = usedLinksByState.get(state) ?? new Set<string>();
  usedLinksByState.set(state, used);
  return [
    handle('useSecurityLink', ({ body }) => {
      const { token } = body as SecurityLinkBody;
      const isLive = token === fixtureSecurityLinkTokens.valid && !used.has(token);
      const user = isLive
        ? state.users.find((candidate) => candidate.id === fixtureIds.coachUser)
        : undefined;
      if (!user) return error(400, 'bad_request', signInFactorMessages.securityLinkExpired);
      used.add(token);
      endEverySession(state, user.id);
      // A reset request as `requestPasswordReset` makes one: its code is the demo reset code.
      const email = user.email.toLowerCase();
      const resetRequestId = nextMockToken(state, 'reset-request');
      state.resetCodes.set(email, demoResetCode);
      state.resetRequests.set(resetRequestId, { email, code: demoResetCode });
      return HttpResponse.json({ email: user.email, resetRequestId } satisfies SecurityLinkAnswer);
    }),
  ];
}

/** Ends every session of a user: its access tokens answer 'session ended', no refresh works. */
function endEverySession(state: MockState, userId: string): void {
  for (const [token, owner] of state.accessTokens) {
    if (owner !== userId) continue;
    state.accessTokens.delete(token);
    state.endedAccessTokens.add(token);
  }
  for (const [token, owner] of state.refreshTokens) {
    if (owner === userId) state.refreshTokens.delete(token);
  }
}
