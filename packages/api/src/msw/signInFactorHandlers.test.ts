import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mswFetch } from '../../test/mswFetch.ts';
import { rejection } from '../../test/rejection.ts';
import { createCoachApi } from '../client/index.ts';
import { isSecondStep, type TokensOrSecondStep } from '../client/signInFactors.ts';
import type { Tokens } from '../contract/sessionTokens.ts';
import { defaultServiceBaseUrls } from '../services.ts';
import { createMemoryTokenStore } from '../tokens.ts';
import { demoCoachCredentials, demoResetCode, fixtureIds, fixtureTokens } from './fixtures.ts';
import { createHandlers, type HandlersOptions } from './handlers.ts';
import { createMockAuthenticator } from './mockAuthenticator.ts';
import {
  authenticatorCodeAt,
  demoAuthenticatorSecret,
  seedAuthenticator,
  seedPasskey,
  seedPasswordEntered,
} from './signInFactorStore.ts';
import { createMockState, type MockState } from './state.ts';

const start = new Date('2025-03-15T09:00:00.000Z');
let clock = start;
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

beforeEach(() => {
  clock = start;
});
afterEach(() => {
  vi.restoreAllMocks();
});

function setup(options: HandlersOptions = {}, tokens?: Tokens) {
  const state = options.state ?? createMockState();
  const store = createMemoryTokenStore(tokens);
  const api = createCoachApi({
    baseURLs: defaultServiceBaseUrls('http://localhost:6006'),
    tokens: store,
    fetch: mswFetch(createHandlers({ ...options, state, now: () => clock })),
  });
  return { api, state, store };
}

/** The second step of an answer that must be one. */
function stepOf(answer: TokensOrSecondStep) {
  if (!isSecondStep(answer)) throw new Error('Expected a second step');
  return answer.secondStep;
}

/** The tokens of an answer that must be tokens. */
function tokensOf(answer: TokensOrSecondStep): Tokens {
  if (isSecondStep(answer)) throw new Error('Expected tokens');
  return answer;
}

const code = (at = clock) => authenticatorCodeAt(demoAuthenticatorSecret, at);

function withAuthenticator(state: MockState = createMockState()) {
  const recoveryCodes = seedAuthenticator(state, fixtureIds.coachUser);
  return { state, recoveryCodes };
}

describe('second factors in the mocks', () => {
  it('signs a coach without a factor in with tokens, and one with a factor to a second step', async () => {
    const plain = setup();
    const answer = await plain.api.auth.login(demoCoachCredentials);
    expect(isSecondStep(answer)).toBe(false);

    const { state } = withAuthenticator();
    seedPasskey(state, { userId: fixtureIds.coachUser });
    const { api } = setup({ state });
    const step = stepOf(await api.auth.login(demoCoachCredentials));
    expect(step.methods).toEqual(['passkey', 'totp', 'recovery']);
    expect(step.expiresAt).toBe('2025-03-15T09:05:00.000Z');
  });

  it("passes the second step with the app's code, which uses the step up", async () => {
    const { state } = withAuthenticator();
    const { api } = setup({ state });
    const first = stepOf(await api.auth.login(demoCoachCredentials));
    const tokens = await api.auth.completeSecondStep({
      token: first.token,
      method: 'totp',
      code: code(),
    });
    expect(tokens.accessToken).toEqual(expect.any(String));
    // The step is used up.
    await expect(
      rejection(api.auth.completeSecondStep({ token: first.token, method: 'totp', code: code() })),
    ).resolves.toMatchObject({ status: 401, code: 'second_step_expired' });
  });

  it('accepts one step of clock drift either way, not two', async () => {
    const { state } = withAuthenticator();
    const { api } = setup({ state });
    const step = stepOf(await api.auth.login(demoCoachCredentials));
    const twoStepsAgo = new Date(clock.getTime() - 60_000);
    await expect(
      rejection(
        api.auth.completeSecondStep({ token: step.token, method: 'totp', code: code(twoStepsAgo) }),
      ),
    ).resolves.toMatchObject({ code: 'wrong_code' });
    const oneStepAhead = new Date(clock.getTime() + 30_000);
    await expect(
      api.auth.completeSecondStep({ token: step.token, method: 'totp', code: code(oneStepAhead) }),
    ).resolves.toHaveProperty('accessToken');
  });

  it('takes each recovery code once', async () => {
    const { state, recoveryCodes } = withAuthenticator();
    const { api } = setup({ state });
    const recovery = recoveryCodes[0] ?? '';
    const first = stepOf(await api.auth.login(demoCoachCredentials));
    await expect(
      api.auth.completeSecondStep({ token: first.token, method: 'recovery', code: recovery }),
    ).resolves.toHaveProperty('accessToken');
    const second = stepOf(await api.auth.login(demoCoachCredentials));
    await expect(
      rejection(
        api.auth.completeSecondStep({ token: second.token, method: 'recovery', code: recovery }),
      ),
    ).resolves.toMatchObject({ code: 'wrong_code' });
  });

  it('ends a password reset on the second step for an account with a factor', async () => {
    const { state } = withAuthenticator();
    const { api } = setup({ state });
    const answer = await api.auth.resetPassword({
      email: demoCoachCredentials.email,
      password: 'NewPass123',
      resetPasswordCode: demoResetCode,
    });
    const step = stepOf(answer);
    expect(step.methods).toEqual(['totp', 'recovery']);
    // The mailbox alone changes nothing: the password is the old one until the step is passed.
    const demo = state.users.find((user) => user.email === demoCoachCredentials.email);
    expect(demo?.password).toBe(demoCoachCredentials.password);
    await api.auth.completeSecondStep({ token: step.token, method: 'totp', code: code() });
    expect(demo?.password).toBe('NewPass123');
  });

  it("signs in with a passkey alone when the credential is one of an account's", async () => {
    const state = createMockState();
    seedPasskey(state, { userId: fixtureIds.coachUser, lastUsedAt: null });
    const { api } = setup({ state });
    const authenticator = createMockAuthenticator();
    const { challengeId, options } = await api.auth.passkeySignInOptions();
    const credential = await authenticator.authenticate({ optionsJSON: options });
    await expect(api.auth.signInWithPasskey({ challengeId, credential })).resolves.toHaveProperty(
      'accessToken',
    );
    // A credential the mock never registered is refused.
    const fresh = await api.auth.passkeySignInOptions();
    const stranger = await createMockAuthenticator({ credentialIds: ['c3RyYW5nZXI'] }).authenticate(
      {
        optionsJSON: fresh.options,
      },
    );
    await expect(
      rejection(
        api.auth.signInWithPasskey({ challengeId: fresh.challengeId, credential: stranger }),
      ),
    ).resolves.toMatchObject({ status: 401, code: 'invalid_credentials' });
  });

  it('adds a passkey made for its registration challenge, lists it, and passes a second step with it', async () => {
    const { api, state } = setup({}, fixtureTokens.coach);
    seedPasswordEntered(state, fixtureTokens.coach.accessToken, clock);
    const authenticator = createMockAuthenticator({ credentialIds: [] });
    const { challengeId, options } = await api.auth.passkeyRegistrationOptions();
    const credential = await authenticator.register({ optionsJSON: options });
    const added = await api.auth.addPasskey({ name: 'Work laptop', challengeId, credential });
    expect(added).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    expect((await api.auth.listSignInMethods()).passkeys).toEqual([added]);

    const signedOut = setup({ state });
    const step = stepOf(await signedOut.api.auth.login(demoCoachCredentials));
    expect(step.methods).toEqual(['passkey']);
    const challenge = await signedOut.api.auth.secondStepPasskeyOptions(step.token);
    const assertion = await authenticator.authenticate({ optionsJSON: challenge.options });
    await expect(
      signedOut.api.auth.completeSecondStepWithPasskey({
        token: step.token,
        challengeId: challenge.challengeId,
        credential: assertion,
      }),
    ).resolves.toHaveProperty('accessToken');
  });

  it('asks for a recent second factor before a removal, and takes one with a code', async () => {
    const { state } = withAuthenticator();
    const passkey = seedPasskey(state, { userId: fixtureIds.coachUser });
    const { api } = setup({ state }, fixtureTokens.coach);
    await expect(rejection(api.auth.removePasskey(passkey.id))).resolves.toMatchObject({
      status: 403,
      code: 'second_factor_needed',
    });
    await expect(
      rejection(api.auth.confirmSecondFactor({ method: 'totp', code: '000000' })),
    ).resolves.toMatchObject({ status: 400, code: 'wrong_code' });
    await api.auth.confirmSecondFactor({ method: 'totp', code: code() });
    expect((await api.auth.listSignInMethods()).recentSecondFactorUntil).toBe(
      '2025-03-15T09:05:00.000Z',
    );
    await api.auth.removePasskey(passkey.id);
    // The window closes after 5 minutes.
    advance(5 * 60);
    await expect(rejection(api.auth.removeAuthenticator())).resolves.toMatchObject({
      code: 'second_factor_needed',
    });
  });

  it('enrols an authenticator with its first code and answers ten recovery codes', async () => {
    const { api, state } = setup({}, fixtureTokens.coach);
    seedPasswordEntered(state, fixtureTokens.coach.accessToken, clock);
    const enrolment = await api.auth.startAuthenticatorEnrolment();
    expect(enrolment.qrSvg).toMatch(/^<svg/);
    await expect(
      rejection(api.auth.confirmAuthenticator({ code: '000000' })),
    ).resolves.toMatchObject({ status: 400, code: 'wrong_code' });
    const { recoveryCodes } = await api.auth.confirmAuthenticator({
      code: authenticatorCodeAt(enrolment.secret, clock),
    });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const methods = await api.auth.listSignInMethods();
    expect(methods).toMatchObject({
      authenticator: { addedAt: clock.toISOString() },
      recoveryCodesLeft: 10,
    });
    await expect(rejection(api.auth.startAuthenticatorEnrolment())).resolves.toMatchObject({
      status: 409,
      code: 'factor_limit_reached',
    });
  });

  it('REQUIRE_MFA: a coach without a factor may only enrol one, and the last one stays', async () => {
    const { api } = setup({ requireSecondFactor: true }, fixtureTokens.coach);
    await expect(rejection(api.account.getCoachSettings())).resolves.toMatchObject({
      status: 403,
      code: 'second_factor_enrolment_required',
    });
    expect(await api.auth.listSignInMethods()).toMatchObject({
      mustEnrol: true,
      isSecondFactorRequired: true,
    });
    // Signed in long ago: the password first, which such a session may confirm.
    await expect(rejection(api.auth.startAuthenticatorEnrolment())).resolves.toMatchObject({
      status: 403,
      code: 'password_needed',
    });
    await api.auth.confirmPassword({ password: demoCoachCredentials.password });
    const enrolment = await api.auth.startAuthenticatorEnrolment();
    await api.auth.confirmAuthenticator({ code: authenticatorCodeAt(enrolment.secret, clock) });
    await expect(api.account.getCoachSettings()).resolves.toBeDefined();
    expect((await api.auth.listSignInMethods()).mustEnrol).toBe(false);
    // The enrolment proved nothing: a second factor first; then it is still the last factor.
    await expect(rejection(api.auth.removeAuthenticator())).resolves.toMatchObject({
      status: 403,
      code: 'second_factor_needed',
    });
    advance(30);
    await api.auth.confirmSecondFactor({ method: 'totp', code: code() });
    await expect(rejection(api.auth.removeAuthenticator())).resolves.toMatchObject({
      status: 409,
      code: 'last_second_factor',
    });
  });

  it('asks an account without a factor for its password entered in the last 5 minutes before adding one', async () => {
    const { api } = setup({}, fixtureTokens.coach);
    const passwordNeeded = { status: 403, code: 'password_needed' };
    await expect(rejection(api.auth.passkeyRegistrationOptions())).resolves.toMatchObject(
      passwordNeeded,
    );
    await expect(rejection(api.auth.startAuthenticatorEnrolment())).resolves.toMatchObject(
      passwordNeeded,
    );
    await expect(
      rejection(api.auth.confirmPassword({ password: 'Wrong123!' })),
    ).resolves.toMatchObject({ status: 400, code: 'wrong_password' });
    await api.auth.confirmPassword({ password: demoCoachCredentials.password });
    await expect(api.auth.passkeyRegistrationOptions()).resolves.toHaveProperty('challengeId');
    // The 5 minutes end: the password again.
    advance(5 * 60);
    await expect(rejection(api.auth.startAuthenticatorEnrolment())).resolves.toMatchObject(
      passwordNeeded,
    );
  });

  it('counts the password typed to sign in, or chosen by a reset, as entered then, for 5 minutes', async () => {
    const { api, state } = setup();
    const signedIn = setup({ state }, tokensOf(await api.auth.login(demoCoachCredentials)));
    await expect(signedIn.api.auth.passkeyRegistrationOptions()).resolves.toHaveProperty(
      'challengeId',
    );
    const answer = await api.auth.resetPassword({
      email: demoCoachCredentials.email,
      password: 'NewPass123',
      resetPasswordCode: demoResetCode,
    });
    const reset = setup({ state }, tokensOf(answer));
    await expect(reset.api.auth.startAuthenticatorEnrolment()).resolves.toHaveProperty('secret');
    advance(5 * 60);
    for (const session of [signedIn, reset]) {
      await expect(
        rejection(session.api.auth.startAuthenticatorEnrolment()),
      ).resolves.toMatchObject({ status: 403, code: 'password_needed' });
    }
  });

  it('takes adding a factor for no proof: the next one asks for a second factor', async () => {
    const { api, state } = setup({}, fixtureTokens.coach);
    seedPasswordEntered(state, fixtureTokens.coach.accessToken, clock);
    const enrolment = await api.auth.startAuthenticatorEnrolment();
    await api.auth.confirmAuthenticator({ code: authenticatorCodeAt(enrolment.secret, clock) });
    expect((await api.auth.listSignInMethods()).recentSecondFactorUntil).toBeNull();
    const secondFactorNeeded = { status: 403, code: 'second_factor_needed' };
    await expect(rejection(api.auth.passkeyRegistrationOptions())).resolves.toMatchObject(
      secondFactorNeeded,
    );
    // With a factor, the password entered again is no proof.
    await api.auth.confirmPassword({ password: demoCoachCredentials.password });
    await expect(rejection(api.auth.regenerateRecoveryCodes())).resolves.toMatchObject(
      secondFactorNeeded,
    );
    advance(30);
    await api.auth.confirmSecondFactor({ method: 'totp', code: code() });
    await expect(api.auth.passkeyRegistrationOptions()).resolves.toHaveProperty('challengeId');
  });

  it('tells a client caller apart: no sign-in methods for a client', async () => {
    const { api } = setup({}, fixtureTokens.client);
    await expect(rejection(api.auth.listSignInMethods())).resolves.toMatchObject({
      status: 403,
      code: 'forbidden',
    });
  });
});
