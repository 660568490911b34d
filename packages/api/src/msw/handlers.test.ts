import { describe, expect, it, vi } from 'vitest';
import { createCoachApi } from '../client/index.ts';
import { defaultServiceBaseUrls } from '../services.ts';
import { mswFetch } from '../test/mswFetch.ts';
import { rejection } from '../test/rejection.ts';
import { createMemoryTokenStore, type TokenStore } from '../tokens.ts';
import {
  coachPerson,
  demoClientCredentials,
  demoCoachCredentials,
  demoResetCode,
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
  return { api, tokens, onSessionReset };
}

describe('MSW handlers', () => {
  it('signs the demo coach in and serves the user and the coach profile', async () => {
    const { api, tokens } = setup();
    tokens.setTokens(await api.auth.login(demoCoachCredentials));
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

  it('fails every sign-in with loginFails', async () => {
    const { api } = setup({ loginFails: true });
    await expect(api.auth.login(demoCoachCredentials)).rejects.toMatchObject({ status: 401 });
  });

  it('validates bodies with the contract and answers the spec message', async () => {
    const { api } = setup();
    const error = await rejection(api.auth.login({ email: 'not-an-email', password: 'x' }));
    expect(error).toMatchObject({ status: 400, message: 'Incorrect email format' });
  });

  it("serves the client account as a profile of type 'user'", async () => {
    const { api, tokens } = setup();
    tokens.setTokens(await api.auth.login(demoClientCredentials));
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
    if (!client) throw new Error('no client');
    const error = await rejection(api.account.updatePerson(client.id, client));
    expect(error).toMatchObject({
      status: 403,
      message: 'You can not update another person profile',
    });
  });

  it('runs the reset flow with the code 123456 and refuses another code', async () => {
    const { api } = setup();
    const email = demoCoachCredentials.email;
    await expect(api.auth.requestPasswordReset({ email })).resolves.toEqual({});
    await expect(
      api.auth.verifyResetCode({ email, resetPasswordCode: '654321' }),
    ).rejects.toMatchObject({ status: 400, code: 'wrong_code' });
    await expect(
      api.auth.verifyResetCode({ email, resetPasswordCode: demoResetCode }),
    ).resolves.toEqual({ valid: true });
    const tokens = await api.auth.resetPassword({
      email,
      password: 'NewPass123',
      resetPasswordCode: demoResetCode,
    });
    expect(tokens.accessToken).toEqual(expect.any(String));
    await expect(api.auth.login({ email, password: 'NewPass123' })).resolves.toBeDefined();
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

  it('stores an uploaded picture checked by its bytes and serves it back', async () => {
    const state = createMockState();
    const { api } = setup({ state }, createMemoryTokenStore(fixtureTokens.coach));
    const notImage = new Blob(['hello'], { type: 'image/png' });
    await expect(api.resource.putProfilePicture(coachPerson.id, notImage)).rejects.toMatchObject({
      status: 415,
      message: 'You are able to only use images as a profile picture',
    });
    const uploaded = await api.resource.putProfilePicture(coachPerson.id, onePixelPng, 'image/png');
    expect(uploaded.url).toBe(`resource/profilePicture/${coachPerson.id}`);
    const picture = await api.resource.getProfilePicture(coachPerson.id);
    expect(picture.type).toBe('image/png');
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(onePixelPng);
    expect(api.resource.profilePictureUrl(uploaded.url)).toBe(
      `http://localhost:6006/api/resource/profilePicture/${coachPerson.id}`,
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
