import { describe, expect, it } from 'vitest';
import { mockCoachApi } from '../../test/mockCoachApi.ts';
import { rejection } from '../../test/rejection.ts';
import { demoCoachCredentials, demoResetCode, fixtureTokens } from './fixtures.ts';
import { createHandlers } from './handlers.ts';
import { fixtureSecurityLinkTokens } from './securityLinkHandlers.ts';
import { createMockState } from './state.ts';

/** The coach signed in (the fixture session) and a signed-out caller, over one mock state. */
function setup() {
  const state = createMockState();
  const handlers = createHandlers({ state });
  return { coach: mockCoachApi(handlers, fixtureTokens.coach), visitor: mockCoachApi(handlers) };
}

describe("MSW security link ('it was not me')", () => {
  it('ends every session of the account and starts a reset whose code sets a new password', async () => {
    const { coach, visitor } = setup();
    await expect(coach.auth.currentSession()).resolves.toHaveProperty('email');
    const answer = await visitor.auth.useSecurityLink(fixtureSecurityLinkTokens.valid);
    expect(answer).toEqual({
      email: demoCoachCredentials.email,
      resetRequestId: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
    });
    // The coach's session is over: its token is ended and its refresh token gone.
    await expect(rejection(coach.auth.currentSession())).resolves.toMatchObject({ status: 401 });
    const { email, resetRequestId } = answer;
    await expect(
      visitor.auth.verifyResetCode({ email, resetPasswordCode: demoResetCode, resetRequestId }),
    ).resolves.toEqual({ valid: true });
    await expect(
      visitor.auth.resetPassword({
        email,
        password: 'NewPass123',
        resetPasswordCode: demoResetCode,
        resetRequestId,
      }),
    ).resolves.toHaveProperty('accessToken');
  });

  it('refuses a link used already, an expired one and an unknown one with 400 bad_request', async () => {
    const { visitor } = setup();
    await visitor.auth.useSecurityLink(fixtureSecurityLinkTokens.valid);
    for (const token of [
      fixtureSecurityLinkTokens.valid,
      fixtureSecurityLinkTokens.expired,
      'never-mailed',
    ]) {
      await expect(rejection(visitor.auth.useSecurityLink(token))).resolves.toMatchObject({
        status: 400,
        code: 'bad_request',
        message: 'This link has expired or was used already',
      });
    }
  });
});
