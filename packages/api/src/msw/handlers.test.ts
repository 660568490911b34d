import { describe, expect, it, vi } from 'vitest';
import { mswFetch } from '../../test/mswFetch.ts';
import { rejection } from '../../test/rejection.ts';
import { createCoachApi } from '../client/index.ts';
import { isSecondStep, type TokensOrSecondStep } from '../client/signInFactors.ts';
import { isFullPerson } from '../contract/fullPerson.ts';
import type { Tokens } from '../contract/sessionTokens.ts';
import { defaultServiceBaseUrls } from '../services.ts';
import { createMemoryTokenStore, type TokenStore } from '../tokens.ts';
import {
  coachPerson,
  demoClientCredentials,
  demoCoachCredentials,
  demoResetCode,
  demoSignInCode,
  fixtureIds,
  fixtureTokens,
  onePixelPng,
} from './fixtures.ts';
import { createHandlers, type HandlersOptions } from './handlers.ts';
import { createMockState } from './state.ts';

/** The real client over the MSW handlers, through MSW's own request matching. */
function setup(options: HandlersOptions = {}, tokens: TokenStore = createMemoryTokenStore()) {
  const handlers = createHandlers(options);
  const fetch = mswFetch(handlers);
  const onSessionReset = vi.fn();
  const api = createCoachApi({
    baseURLs: defaultServiceBaseUrls('http://localhost:6006'),
    tokens,
    onSessionReset,
    fetch,
  });
  return { api, tokens, onSessionReset, fetch };
}

/** The tokens of a sign-in's answer: these accounts have no second factor. */
function tokensOf(answer: TokensOrSecondStep): Tokens {
  if (isSecondStep(answer)) throw new Error('A second step was not expected');
  return answer;
}

describe('MSW handlers', () => {
  it('signs the demo coach in and serves the user and the coach profile', async () => {
    const { api, tokens } = setup();
    tokens.setTokens(tokensOf(await api.auth.login(demoCoachCredentials)));
    const user = await api.auth.currentSession();
    expect(user).toEqual({ id: fixtureIds.coachUser, email: 'coach@example.com' });
    await expect(api.account.findPersonByUserId(user.id)).resolves.toMatchObject({
      type: 'coach',
      firstName: coachPerson.firstName,
    });
  });

  it("answers a wrong password with 401 'Wrong email or password'", async () => {
    const { api } = setup();
    const error = await rejection(
      api.auth.login({ ...demoCoachCredentials, password: 'Wrong123!' }),
    );
    expect(error).toMatchObject({
      status: 401,
      code: 'invalid_credentials',
      message: 'Wrong email or password',
    });
  });

  it('asks every sign-in without a code for one with signInCodeRequired, right password or not', async () => {
    const { api } = setup({ signInCodeRequired: true });
    for (const password of [demoCoachCredentials.password, 'Wrong123!']) {
      const error = await rejection(api.auth.login({ ...demoCoachCredentials, password }));
      expect(error).toMatchObject({
        status: 401,
        code: 'sign_in_code_required',
        message:
          'If your email and password are right, we have emailed you a code: enter it to sign in',
      });
    }
  });

  it('signs in with the password and the demo code, and refuses any other pair alike', async () => {
    const { api } = setup({ signInCodeRequired: true });
    for (const attempt of [
      { ...demoCoachCredentials, code: '654321' },
      { ...demoCoachCredentials, password: 'Wrong123!', code: demoSignInCode },
      { email: 'nobody@example.com', password: 'Wrong123!', code: demoSignInCode },
    ]) {
      const error = await rejection(api.auth.login(attempt));
      expect(error).toMatchObject({
        status: 401,
        code: 'invalid_credentials',
        message: 'Wrong email, password or code',
      });
    }
    const tokens = tokensOf(
      await api.auth.login({ ...demoCoachCredentials, code: demoSignInCode }),
    );
    expect(tokens.accessToken).toEqual(expect.any(String));
  });

  it('validates bodies with the contract and answers the spec message', async () => {
    const { api } = setup();
    const error = await rejection(api.auth.login({ email: 'not-an-email', password: 'x' }));
    expect(error).toMatchObject({ status: 400, message: 'Incorrect email format' });
  });

  it("serves the client account as a profile of type 'user'", async () => {
    const { api, tokens } = setup();
    tokens.setTokens(tokensOf(await api.auth.login(demoClientCredentials)));
    const user = await api.auth.currentSession();
    await expect(api.account.findPersonByUserId(user.id)).resolves.toMatchObject({ type: 'user' });
  });

  it("lists the coach's own profile and clients, and only the own profile is editable", async () => {
    const { api } = setup({}, createMemoryTokenStore(fixtureTokens.coach));
    const persons = await api.account.listPersons();
    const [own, ...clients] = persons.map((person) => person.type);
    expect(own).toBe('coach');
    expect(clients).toEqual(Array(createMockState().clients.length).fill('user'));
    expect(clients.length).toBeGreaterThanOrEqual(12);
    const updated = await api.account.updatePerson(coachPerson.id, {
      ...coachPerson,
      aboutMe: 'New text',
    });
    expect(updated.aboutMe).toBe('New text');
    const client = persons[1];
    // A coach sees every field of their clients.
    if (!client || !isFullPerson(client)) throw new Error('no complete client');
    const error = await rejection(api.account.updatePerson(client.id, client));
    expect(error).toMatchObject({
      status: 403,
      message: 'You can not update another person profile',
    });
  });

  it('runs the reset flow with the code 123456 and refuses another code', async () => {
    const { api } = setup();
    const email = demoCoachCredentials.email;
    await expect(api.auth.requestPasswordReset({ email })).resolves.toEqual({
      resetRequestId: expect.any(String),
    });
    await expect(
      api.auth.verifyResetCode({ email, resetPasswordCode: '654321' }),
    ).rejects.toMatchObject({ status: 400, code: 'wrong_code' });
    await expect(
      api.auth.verifyResetCode({ email, resetPasswordCode: demoResetCode }),
    ).resolves.toEqual({ valid: true });
    const tokens = tokensOf(
      await api.auth.resetPassword({
        email,
        password: 'NewPass123',
        resetPasswordCode: demoResetCode,
      }),
    );
    expect(tokens.accessToken).toEqual(expect.any(String));
    await expect(api.auth.login({ email, password: 'NewPass123' })).resolves.toBeDefined();
  });

  it("checks a code sent with its request's id against that request alone", async () => {
    const { api } = setup();
    const email = demoCoachCredentials.email;
    const first = await api.auth.requestPasswordReset({ email });
    const resent = await api.auth.requestPasswordReset({ email });
    expect(resent.resetRequestId).not.toBe(first.resetRequestId);
    // Unknown emails get an id of the same shape: the answer tells nothing of the account.
    const stranger = await api.auth.requestPasswordReset({ email: 'nobody@example.com' });
    expect(stranger.resetRequestId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    await expect(
      api.auth.verifyResetCode({
        email,
        resetPasswordCode: demoResetCode,
        resetRequestId: stranger.resetRequestId,
      }),
    ).rejects.toMatchObject({ status: 400, code: 'wrong_code' });
    await expect(
      api.auth.verifyResetCode({
        email,
        resetPasswordCode: '654321',
        resetRequestId: resent.resetRequestId,
      }),
    ).rejects.toMatchObject({ status: 400, code: 'wrong_code' });
    await expect(
      api.auth.verifyResetCode({
        email,
        resetPasswordCode: demoResetCode,
        resetRequestId: resent.resetRequestId,
      }),
    ).resolves.toEqual({ valid: true });
    await api.auth.resetPassword({
      email,
      password: 'NewPass123',
      resetPasswordCode: demoResetCode,
      resetRequestId: resent.resetRequestId,
    });
    // The request's code is used up.
    await expect(
      api.auth.resetPassword({
        email,
        password: 'Other123!',
        resetPasswordCode: demoResetCode,
        resetRequestId: resent.resetRequestId,
      }),
    ).rejects.toMatchObject({ status: 400, code: 'wrong_code' });
    await expect(api.auth.login({ email, password: 'NewPass123' })).resolves.toBeDefined();
  });

  it("keeps a password reset in its own state: the next state signs in with the fixture's password", async () => {
    for (const { email, password } of [demoCoachCredentials, demoClientCredentials]) {
      const { api } = setup({ state: createMockState() });
      await api.auth.requestPasswordReset({ email });
      await api.auth.resetPassword({
        email,
        password: 'Changed123!',
        resetPasswordCode: demoResetCode,
      });
      await expect(api.auth.login({ email, password })).rejects.toMatchObject({ status: 401 });
      const next = setup({ state: createMockState() });
      await expect(next.api.auth.login({ email, password: 'Changed123!' })).rejects.toMatchObject({
        status: 401,
      });
      // The client account signs in (and is then refused by the app as not a coach).
      await expect(next.api.auth.login({ email, password })).resolves.toBeDefined();
    }
  });

  it('refreshes an unknown access token through the mock refresh and retries', async () => {
    const tokens = createMemoryTokenStore({
      accessToken: 'expired',
      refreshToken: fixtureTokens.coach.refreshToken,
    });
    const { api, onSessionReset } = setup({}, tokens);
    await expect(api.auth.currentSession()).resolves.toMatchObject({ id: fixtureIds.coachUser });
    expect(tokens.getAccessToken()).not.toBe('expired');
    expect(onSessionReset).not.toHaveBeenCalled();
  });

  it('resets the session when refreshFails', async () => {
    const tokens = createMemoryTokenStore({ accessToken: 'expired', refreshToken: 'r' });
    const { api, onSessionReset } = setup({ refreshFails: true }, tokens);
    await expect(api.auth.currentSession()).rejects.toMatchObject({ status: 401 });
    expect(onSessionReset).toHaveBeenCalledTimes(1);
  });

  it('invites a client once per address and refuses an existing account', async () => {
    const { api } = setup({}, createMemoryTokenStore(fixtureTokens.coach));
    const invite = await api.auth.createInvite({ email: 'new@example.com' });
    expect(invite).toMatchObject({ email: 'new@example.com', status: 'pending' });
    const again = await api.auth.createInvite({ email: 'new@example.com' });
    expect(again.id).toBe(invite.id);
    await expect(api.auth.createInvite({ email: 'client@example.com' })).rejects.toMatchObject({
      status: 409,
    });
  });

  it('forces an error for any route through failures', async () => {
    const { api } = setup(
      { failures: { listPersons: { status: 500, error: 'internal_error', message: 'Boom' } } },
      createMemoryTokenStore(fixtureTokens.coach),
    );
    await expect(api.account.listPersons()).rejects.toMatchObject({ status: 500, message: 'Boom' });
  });

  it('stores an uploaded picture and serves it back', async () => {
    const state = createMockState();
    const { api } = setup({ state }, createMemoryTokenStore(fixtureTokens.coach));
    const uploaded = await api.resource.putProfilePicture(coachPerson.id, onePixelPng, 'image/png');
    expect(uploaded.url).toMatch(signedPath(coachPerson.id));
    const picture = await api.resource.getProfilePicture(coachPerson.id);
    expect(picture.type).toBe('image/png');
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(onePixelPng);
    expect(api.resource.profilePictureUrl(uploaded.url)).toBe(
      `http://localhost:6006/api/${uploaded.url}`,
    );
  });

  it('serves a picture to whoever may see the person, like the server', async () => {
    const state = createMockState();
    const [otherClient] = state.persons.filter(
      (person) => person.type === 'user' && state.pictures.has(person.id),
    );
    if (!otherClient) throw new Error('the fixtures have a client with a picture');
    const asClient = setup({ state }, createMemoryTokenStore(fixtureTokens.client)).api;
    await expect(asClient.resource.getProfilePicture(coachPerson.id)).resolves.toBeInstanceOf(Blob);
    await expect(asClient.resource.getProfilePicture(otherClient.id)).rejects.toMatchObject({
      status: 404,
    });
    const anonymous = setup({ state }).api;
    await expect(anonymous.resource.getProfilePicture(coachPerson.id)).rejects.toMatchObject({
      status: 401,
    });
  });
});

/** A signed picture path of a person, as the server gives it. */
const signedPath = (personId: string) =>
  new RegExp(`^resource/profilePicture/${personId}\\?expires=\\d+&signature=[A-Za-z0-9_-]+$`);

describe('MSW signed picture URLs', () => {
  const start = new Date('2026-11-16T09:30:00.000Z');

  /** The handlers on a clock the test moves, and an `<img>`'s load: no bearer token. */
  function setupSigned(tokens: Tokens = fixtureTokens.coach) {
    const clock = { now: start };
    const state = createMockState();
    const { api, fetch } = setup({ state, now: () => clock.now }, createMemoryTokenStore(tokens));
    const load = (path: string | null) =>
      fetch(api.resource.profilePictureUrl(path) ?? 'no-picture');
    return { api, state, clock, load };
  }

  it('gives a signed upload URL that loads without a bearer token, with the version added', async () => {
    const { api, load } = setupSigned();
    const uploaded = await api.resource.putProfilePicture(coachPerson.id, onePixelPng, 'image/png');
    expect(uploaded.url).toMatch(signedPath(coachPerson.id));
    const response = await load(`${uploaded.url}&v=${encodeURIComponent(uploaded.etag)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe(uploaded.etag);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(onePixelPng);
  });

  it("signs the persons' pictures and keeps the address for the server's time bucket", async () => {
    const { api, clock, load } = setupSigned();
    const [own, ...clients] = await api.account.listPersons();
    expect(own?.profilePicture).toMatch(signedPath(coachPerson.id));
    const withPicture = clients.find((person) => person.profilePicture !== null);
    expect(withPicture?.profilePicture).toMatch(signedPath(withPicture?.id ?? ''));
    expect(clients.some((person) => person.profilePicture === null)).toBe(true);
    expect((await load(own?.profilePicture ?? null)).status).toBe(200);
    expect((await load(withPicture?.profilePicture ?? null)).status).toBe(200);
    // 09:30 and 09:59 fall in one bucket: the same address, valid until 10:30.
    clock.now = new Date('2026-11-16T09:59:59.000Z');
    const again = await api.account.getPerson(coachPerson.id);
    expect(again.profilePicture).toBe(own?.profilePicture);
    expect(again.profilePicture).toContain(`expires=${Date.parse('2026-11-16T10:30:00Z') / 1000}&`);
  });

  it('signs the pictures of the clients table and the profile header', async () => {
    const { api, load } = setupSigned();
    const { clients } = await api.analytics.listClientSummaries();
    const withPicture = clients.find((client) => client.profilePicture !== null);
    if (!withPicture) throw new Error('the fixtures have a client with a picture');
    expect(clients.some((client) => client.profilePicture === null)).toBe(true);
    expect(withPicture.profilePicture).toMatch(signedPath(withPicture.clientId));
    expect((await load(withPicture.profilePicture)).status).toBe(200);
    const header = await api.analytics.getClientProfileSummary(withPicture.clientId);
    expect(header.profilePicture).toBe(withPicture.profilePicture);
  });

  it('lets a client see their coach, but lists only their own profile, like the server', async () => {
    const { api, load } = setupSigned(fixtureTokens.client);
    const coach = await api.account.getPerson(coachPerson.id);
    expect(coach).toMatchObject({ id: coachPerson.id, type: 'coach' });
    expect((await load(coach.profilePicture)).status).toBe(200);
    await expect(api.account.findPersonByUserId(fixtureIds.coachUser)).resolves.toMatchObject({
      id: coachPerson.id,
    });
    const listed = await api.account.listPersons();
    expect(listed.map((person) => person.id)).toEqual([fixtureIds.clientPerson]);
    await expect(api.account.getPerson(fixtureIds.secondClientPerson)).rejects.toMatchObject({
      status: 404,
    });
  });
});
