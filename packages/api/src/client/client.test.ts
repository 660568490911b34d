import { describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../test/fakeServer.ts';
import { rejection } from '../../test/rejection.ts';
import { createMemoryTokenStore } from '../tokens.ts';
import { ApiError } from './errors.ts';
import { createCoachApi } from './index.ts';

const baseURLs = { auth: 'http://coach.test/api/auth', account: 'http://coach.test/api/account' };

function setup(initial: { accessToken?: string | null; refreshToken?: string | null } = {}) {
  const server = createFakeServer();
  const tokens = createMemoryTokenStore({
    accessToken: 'access-0',
    refreshToken: 'refresh-1',
    ...initial,
  });
  const onSessionReset = vi.fn();
  const api = createCoachApi({ baseURLs, tokens, onSessionReset, fetch: server.fetch });
  return { server, tokens, onSessionReset, api };
}

const call = (api: ReturnType<typeof setup>['api'], index: number, delay = 1) =>
  api.account.request<{ path: string }>(`/items/${index}`, { query: { delay } });

describe('createCoachApi bearer header', () => {
  it('sends Authorization: Bearer with the stored access token', async () => {
    const { api, server } = setup({ accessToken: 'access-1' });
    await api.account.request('/persons');
    expect(server.attempts[0]?.authorization).toBe('Bearer access-1');
  });

  it('reads the token at send time, not at creation', async () => {
    const { api, server, tokens } = setup({ accessToken: null });
    tokens.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    await api.account.listPersons();
    expect(server.attempts[0]?.authorization).toBe('Bearer access-1');
  });

  it('sends the current access token on a direct refresh call too', async () => {
    const { api, server } = setup({ accessToken: 'access-1' });
    await api.auth.refresh({ refreshToken: 'refresh-1' });
    expect(server.refreshAuthorizations).toEqual(['Bearer access-1']);
  });

  it('sends the expired access token on the refresh after a 401', async () => {
    const { api, server } = setup({ accessToken: 'access-0' });
    await call(api, 1);
    expect(server.refreshAuthorizations).toEqual(['Bearer access-0']);
  });

  it('sends no Authorization header without a token', async () => {
    const { api, server } = setup({ accessToken: null, refreshToken: null });
    await rejection(api.auth.login({ email: 'coach@example.com', password: 'nope' }));
    expect(server.attempts[0]?.authorization).toBeNull();
  });
});

describe('createCoachApi refresh on 401', () => {
  it('refreshes once for 20 parallel calls with an expired token and retries each once', async () => {
    const { api, server, tokens, onSessionReset } = setup();
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => call(api, index)));
    expect(results).toHaveLength(20);
    expect(server.refreshCalls).toBe(1);
    for (let index = 0; index < 20; index += 1) {
      expect(server.attemptsOf(`/api/account/items/${index}?delay=1`)).toEqual([
        expect.objectContaining({ authorization: 'Bearer access-0' }),
        expect.objectContaining({ authorization: 'Bearer access-2' }),
      ]);
    }
    expect(tokens.getAccessToken()).toBe('access-2');
    expect(tokens.getRefreshToken()).toBe('refresh-2');
    expect(onSessionReset).not.toHaveBeenCalled();
  });

  it('resets the session once and rejects all 20 calls with a 401 ApiError when refresh fails', async () => {
    const { api, server, tokens, onSessionReset } = setup();
    server.refreshBehaviour = 'server-error';
    // Different delays: some 401s arrive after the failed refresh is over.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => call(api, index, index % 2 ? 1 : 30)),
    );
    expect(server.refreshCalls).toBe(1);
    expect(onSessionReset).toHaveBeenCalledTimes(1);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.status).toBe(401);
    }
    expect(tokens.getAccessToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
  });

  it('resets at once without calling refresh when there is no refresh token', async () => {
    const { api, server, onSessionReset } = setup({ refreshToken: null });
    const outcomes = await Promise.allSettled([call(api, 1), call(api, 2), call(api, 3)]);
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(server.refreshCalls).toBe(0);
    expect(onSessionReset).toHaveBeenCalledTimes(1);
  });

  it('resets at once when the refresh path itself answers 401, never refreshing the refresh', async () => {
    const { api, server, tokens, onSessionReset } = setup();
    server.refreshBehaviour = 'unauthorized';
    const error = await rejection(call(api, 1));
    expect(error.status).toBe(401);
    expect(server.refreshCalls).toBe(1);
    expect(onSessionReset).toHaveBeenCalledTimes(1);
    expect(tokens.getRefreshToken()).toBeNull();
  });

  it('resets at once when a direct call to the refresh path fails', async () => {
    const { api, server, onSessionReset } = setup();
    const error = await rejection(api.auth.refresh({ refreshToken: 'stolen' }));
    expect(error).toMatchObject({ status: 401, code: 'invalid_token' });
    expect(server.refreshCalls).toBe(1);
    expect(onSessionReset).toHaveBeenCalledTimes(1);
  });

  it('rejects a retried call that gets 401 again without a second refresh', async () => {
    const { api, server, onSessionReset } = setup();
    server.alwaysUnauthorized.add('/api/account/items/1');
    const error = await rejection(call(api, 1));
    expect(error).toMatchObject({ status: 401, code: 'invalid_token' });
    expect(server.refreshCalls).toBe(1);
    expect(server.attemptsOf('/api/account/items/1?delay=1')).toHaveLength(2);
    expect(onSessionReset).not.toHaveBeenCalled();
  });

  it('retries a call that failed with a token older than the current one without refreshing', async () => {
    const { api, server } = setup();
    // The slow call leaves with access-0; its 401 arrives after the fast call's refresh is done.
    const slow = call(api, 1, 40);
    await call(api, 2, 1);
    expect(server.refreshCalls).toBe(1);
    await expect(slow).resolves.toEqual({ path: '/api/account/items/1', query: '?delay=40' });
    expect(server.refreshCalls).toBe(1);
    expect(server.attemptsOf('/api/account/items/1?delay=40').map((a) => a.authorization)).toEqual([
      'Bearer access-0',
      'Bearer access-2',
    ]);
  });

  it('retries with a token stored meanwhile (another tab signed in) without refreshing', async () => {
    const { api, server, tokens } = setup();
    const pending = call(api, 1, 20);
    tokens.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    await expect(pending).resolves.toMatchObject({ path: '/api/account/items/1' });
    expect(server.refreshCalls).toBe(0);
  });

  it('does not refresh when sign-in answers 401: it is a wrong password', async () => {
    const { api, server, onSessionReset } = setup();
    const error = await rejection(api.auth.login({ email: 'coach@example.com', password: 'x' }));
    expect(error).toMatchObject({
      status: 401,
      code: 'invalid_credentials',
      message: 'Wrong email or password',
    });
    expect(server.refreshCalls).toBe(0);
    expect(onSessionReset).not.toHaveBeenCalled();
  });
});

describe('createCoachApi errors', () => {
  it("turns the server's error body into an ApiError", async () => {
    const { api } = setup({ accessToken: 'access-1' });
    const error = await rejection(api.account.request('/forbidden'));
    expect(error).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'You can not update another person profile',
    });
  });

  it("carries a 429's Retry-After seconds", async () => {
    const api = createCoachApi({
      baseURLs,
      tokens: createMemoryTokenStore(),
      fetch: async () =>
        new Response(
          JSON.stringify({ error: 'rate_limited', message: 'Too many attempts, try again later' }),
          {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
          },
        ),
    });
    const error = await rejection(api.auth.login({ email: 'coach@example.com', password: 'x' }));
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 120 });
  });

  it('has no Retry-After seconds when the answer carries none', async () => {
    const { api } = setup({ accessToken: 'access-1' });
    const error = await rejection(api.account.request('/forbidden'));
    expect(error.retryAfterSeconds).toBeUndefined();
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const api = createCoachApi({
      baseURLs,
      tokens: createMemoryTokenStore(),
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const error = await rejection(api.auth.currentSession());
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('rejects an aborted call with the code aborted, without refreshing', async () => {
    const { api, server } = setup();
    const controller = new AbortController();
    const pending = api.account.request('/items/1', {
      query: { delay: 50 },
      signal: controller.signal,
    });
    controller.abort();
    const error = await rejection(pending);
    expect(error).toMatchObject({ status: 0, code: 'aborted' });
    expect(server.refreshCalls).toBe(0);
  });

  it("rejects with 'No profile found by userId {id}' when a user has no profile", async () => {
    const api = createCoachApi({
      baseURLs,
      tokens: createMemoryTokenStore(),
      fetch: async () =>
        new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    });
    const error = await rejection(api.account.findPersonByUserId('u-1'));
    expect(error).toMatchObject({ status: 404, message: 'No profile found by userId u-1' });
  });

  it('has a client for each of the nine services, under its base URL', async () => {
    const urls: string[] = [];
    const api = createCoachApi({
      tokens: createMemoryTokenStore(),
      fetch: async (input) => {
        urls.push(String(input));
        return new Response('{}', { headers: { 'Content-Type': 'application/json' } });
      },
    });
    await api['device-metrics'].request('/samples', { method: 'POST', body: { value: 1 } });
    await api.survey.request('/surveys');
    expect(urls).toEqual(['/api/device-metrics/samples', '/api/survey/surveys']);
  });
});
