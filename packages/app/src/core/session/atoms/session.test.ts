import { createHandlers, fixtureIds, fixtureTokens } from '@coach/api/msw';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, mockBackend, testBaseUrls } from '../../../../test/mockApi.ts';
import { createTestI18n } from '../../../../test/testI18n.ts';
import { atom, createStore } from '../../../state/jotai.ts';
import { authStatusAtom } from './authStatusAtom.ts';
import { clearSessionAtom } from './clearSessionAtom.ts';
import { coachApiAtom } from './coachApiAtom.ts';
import { currentProfileAtom } from './currentProfileAtom.ts';
import { currentUserAtom } from './currentUserAtom.ts';
import { hasLoggedOutAtom } from './hasLoggedOutAtom.ts';
import { loadSessionAtom } from './loadSessionAtom.ts';
import { loginAtom } from './loginAtom.ts';
import { logoutAtom } from './logoutAtom.ts';
import { readInSession } from './readInSession.ts';
import { sessionErrorAtom } from './sessionErrorAtom.ts';
import { startSessionAtom } from './startSessionAtom.ts';
import { tokenStoreAtom } from './tokenStoreAtom.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function setup(
  initial?: { accessToken?: string | null; refreshToken?: string | null },
  handlerOptions: Parameters<typeof mockBackend>[0] = {},
) {
  const backend = mockBackend(handlerOptions);
  server.use(...createHandlers(backend.options));
  const store = createStore();
  const { api, tokens } = createTestApi(initial, () => store.set(clearSessionAtom));
  store.set(coachApiAtom, api);
  store.set(tokenStoreAtom, tokens);
  return { store, tokens, state: backend.state };
}

describe('session start', () => {
  it('starts initialising', () => {
    expect(createStore().get(authStatusAtom)).toBe('initialising');
  });

  it('signs out and clears a lone refresh token when there is no access token', async () => {
    const { store, tokens } = setup({ refreshToken: fixtureTokens.coach.refreshToken });
    await store.set(loadSessionAtom, 'start');
    expect(store.get(authStatusAtom)).toBe('signedOut');
    expect(tokens.getRefreshToken()).toBeNull();
  });

  it('keeps the storage alone when another tab removed the access token', async () => {
    const { store, tokens } = setup({ refreshToken: fixtureTokens.coach.refreshToken });
    await store.set(loadSessionAtom, 'storage');
    expect(store.get(authStatusAtom)).toBe('signedOut');
    expect(tokens.getRefreshToken()).toBe(fixtureTokens.coach.refreshToken);
  });

  it('loads the current user and their coach profile', async () => {
    const { store } = setup(fixtureTokens.coach);
    await store.set(loadSessionAtom, 'start');
    expect(store.get(authStatusAtom)).toBe('signedIn');
    expect(store.get(currentUserAtom)?.id).toBe(fixtureIds.coachUser);
    expect(store.get(currentProfileAtom)?.id).toBe(fixtureIds.coachPerson);
  });

  it("refuses a 'user' profile with 'Invalid user type' and removes both tokens", async () => {
    const { store, tokens } = setup(fixtureTokens.client);
    await store.set(loadSessionAtom, 'start');
    expect(store.get(authStatusAtom)).toBe('signedOut');
    expect(store.get(sessionErrorAtom)).toEqual({ kind: 'invalidUserType' });
    expect(tokens.getAccessToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
  });

  it('reports a user without a profile by its id', async () => {
    const { store, state } = setup({
      accessToken: 'orphan-access',
      refreshToken: 'orphan-refresh',
    });
    state.users.push({ id: 'orphan-user', email: 'orphan@example.com', password: 'Orphan123!' });
    state.accessTokens.set('orphan-access', 'orphan-user');
    await store.set(loadSessionAtom, 'start');
    expect(store.get(sessionErrorAtom)).toEqual({ kind: 'noProfile', userId: 'orphan-user' });
    expect(store.get(authStatusAtom)).toBe('signedOut');
  });

  it('resets the session when the access token is stale and the refresh fails', async () => {
    const { store, tokens } = setup(
      { accessToken: 'expired', refreshToken: fixtureTokens.coach.refreshToken },
      { refreshFails: true },
    );
    await store.set(loadSessionAtom, 'start');
    expect(store.get(authStatusAtom)).toBe('signedOut');
    expect(store.get(sessionErrorAtom)).toBeNull();
    expect(tokens.getAccessToken()).toBeNull();
  });

  it('renews a stale access token once and goes on', async () => {
    const { store, tokens } = setup({
      accessToken: 'expired',
      refreshToken: fixtureTokens.coach.refreshToken,
    });
    await store.set(loadSessionAtom, 'start');
    expect(store.get(authStatusAtom)).toBe('signedIn');
    expect(tokens.getAccessToken()).not.toBe('expired');
  });
});

describe('login', () => {
  it('stores both tokens, then loads the user and profile', async () => {
    const { store, tokens } = setup();
    await store.set(loadSessionAtom, 'start');
    const result = await store.set(loginAtom, {
      email: 'coach@example.com',
      password: 'Coach123!',
    });
    expect(result).toEqual({ ok: true });
    expect(tokens.getAccessToken()).toBeTruthy();
    expect(tokens.getRefreshToken()).toBeTruthy();
    expect(store.get(authStatusAtom)).toBe('signedIn');
    expect(store.get(currentProfileAtom)?.type).toBe('coach');
  });

  it('speaks the language the coach saved once signed in, over the detected one', async () => {
    const i18n = createTestI18n();
    const { store, state } = setup();
    state.coachSettings.set(fixtureIds.coachPerson, {
      hasTimezone: true,
      hasLanguage: true,
      isMorningMailOn: true,
      morningMailHour: 7,
      language: 'es',
    });
    await store.set(loadSessionAtom, 'start');
    expect(i18n.resolvedLanguage).toBe('en-US');
    await store.set(loginAtom, { email: 'coach@example.com', password: 'Coach123!' });
    await vi.waitFor(() => expect(i18n.resolvedLanguage).toBe('es'));
  });

  it('starts the prefetch once the tokens are stored, before the session has loaded', async () => {
    const { store, tokens } = setup();
    await store.set(loadSessionAtom, 'start');
    const seen: { accessToken: string | null; status: string }[] = [];
    const prefetch = atom(null, (get) => {
      seen.push({ accessToken: tokens.getAccessToken(), status: get(authStatusAtom) });
    });
    const result = await store.set(
      loginAtom,
      { email: 'coach@example.com', password: 'Coach123!' },
      prefetch,
    );
    expect(result).toEqual({ ok: true });
    expect(seen).toEqual([{ accessToken: tokens.getAccessToken(), status: 'signedOut' }]);
  });

  it('fails with wrong credentials and leaves no tokens', async () => {
    const { store, tokens } = setup();
    const result = await store.set(loginAtom, { email: 'coach@example.com', password: 'nope' });
    expect(result).toEqual({ ok: false, failure: { kind: 'wrongCredentials' } });
    expect(tokens.getAccessToken()).toBeNull();
    expect(store.get(authStatusAtom)).toBe('initialising');
  });

  it("refuses the 'user' account, removes its tokens and leaves the reason", async () => {
    const { store, tokens } = setup();
    const result = await store.set(loginAtom, {
      email: 'client@example.com',
      password: 'Client123!',
    });
    expect(result).toEqual({ ok: false, failure: { kind: 'invalidUserType' } });
    expect(tokens.getAccessToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
    expect(store.get(authStatusAtom)).toBe('signedOut');
    expect(store.get(sessionErrorAtom)).toEqual({ kind: 'invalidUserType' });
  });

  it('answers a throttled sign-in with too many attempts and the wait', async () => {
    const { store, tokens } = setup();
    server.use(
      http.post(`${testBaseUrls.auth}/login`, () =>
        HttpResponse.json(
          { error: 'rate_limited', message: 'Too many sign-in attempts' },
          { status: 429, headers: { 'Retry-After': '300' } },
        ),
      ),
    );
    const result = await store.set(loginAtom, { email: 'coach@example.com', password: 'nope' });
    expect(result).toEqual({
      ok: false,
      failure: { kind: 'tooManyAttempts', retryAfterSeconds: 300 },
    });
    expect(tokens.getAccessToken()).toBeNull();
  });
});

describe('starting a session with new tokens (sign-in, password reset)', () => {
  it('stores the tokens and signs in with the coach profile', async () => {
    const { store, tokens } = setup();
    const result = await store.set(startSessionAtom, fixtureTokens.coach);
    expect(result).toEqual({ ok: true });
    expect(tokens.getAccessToken()).toBe(fixtureTokens.coach.accessToken);
    expect(store.get(authStatusAtom)).toBe('signedIn');
    expect(store.get(currentProfileAtom)?.id).toBe(fixtureIds.coachPerson);
  });

  it('ends a signed-in session refused after new tokens: tokens gone, the reason kept', async () => {
    const { store, tokens } = setup(fixtureTokens.coach);
    await store.set(loadSessionAtom, 'start');
    const result = await store.set(startSessionAtom, fixtureTokens.client);
    expect(result).toEqual({ ok: false, failure: { kind: 'invalidUserType' } });
    expect(tokens.getAccessToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
    expect(store.get(authStatusAtom)).toBe('signedOut');
    expect(store.get(currentProfileAtom)).toBeNull();
    expect(store.get(sessionErrorAtom)).toEqual({ kind: 'invalidUserType' });
  });
});

describe('logout', () => {
  it('calls the server, then clears tokens, user and profile', async () => {
    const { store, tokens, state } = setup(fixtureTokens.coach);
    await store.set(loadSessionAtom, 'start');
    await store.set(logoutAtom);
    expect(state.refreshTokens.has(fixtureTokens.coach.refreshToken)).toBe(false);
    expect(tokens.getAccessToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
    expect(store.get(currentUserAtom)).toBeNull();
    expect(store.get(currentProfileAtom)).toBeNull();
    expect(store.get(authStatusAtom)).toBe('signedOut');
  });

  it('marks the tab as logged out until the next sign-in (no page to return to)', async () => {
    const { store } = setup(fixtureTokens.coach);
    await store.set(loadSessionAtom, 'start');
    expect(store.get(hasLoggedOutAtom)).toBe(false);
    await store.set(logoutAtom);
    expect(store.get(hasLoggedOutAtom)).toBe(true);
    await store.set(loginAtom, { email: 'coach@example.com', password: 'Coach123!' });
    expect(store.get(hasLoggedOutAtom)).toBe(false);
  });

  it('leaves a session that ends on its own unmarked (the page is kept)', async () => {
    const { store } = setup(fixtureTokens.coach);
    await store.set(loadSessionAtom, 'start');
    store.set(clearSessionAtom);
    expect(store.get(authStatusAtom)).toBe('signedOut');
    expect(store.get(hasLoggedOutAtom)).toBe(false);
  });

  it("sends a mounted screen's reads again in the next session, never without a token", async () => {
    const { store, tokens } = setup(fixtureTokens.coach);
    const sentWith: (string | null)[] = [];
    const settingsAtom = atom((get) =>
      readInSession(get, (api) => {
        sentWith.push(tokens.getAccessToken());
        return api.account.getCoachSettings();
      }),
    );
    await store.set(loadSessionAtom, 'start');
    const unmount = store.sub(settingsAtom, () => undefined);
    await store.get(settingsAtom);
    expect(sentWith).toEqual([fixtureTokens.coach.accessToken]);

    await store.set(logoutAtom);
    const whileSignedOut = vi.fn();
    store.get(settingsAtom).then(whileSignedOut, whileSignedOut);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentWith).toHaveLength(1);
    expect(whileSignedOut).not.toHaveBeenCalled();

    await store.set(loginAtom, { email: 'coach@example.com', password: 'Coach123!' });
    await expect(store.get(settingsAtom)).resolves.toMatchObject({ timezone: expect.any(String) });
    expect(sentWith).toHaveLength(2);
    expect(sentWith[1]).toBe(tokens.getAccessToken());
    unmount();
  });

  it('signs out here even when the server cannot be reached', async () => {
    const { store, tokens } = setup(fixtureTokens.coach, {
      failures: { logout: { status: 503, error: 'service_unavailable', message: 'Down' } },
    });
    await store.set(loadSessionAtom, 'start');
    await store.set(logoutAtom);
    expect(tokens.getAccessToken()).toBeNull();
    expect(store.get(authStatusAtom)).toBe('signedOut');
  });
});
