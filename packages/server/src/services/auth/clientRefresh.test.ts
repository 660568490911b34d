import { randomBytes } from 'node:crypto';
import {
  ApiError,
  createCoachApi,
  createMemoryTokenStore,
  defaultServiceBaseUrls,
} from '@coach/api';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUserWithProfile } from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';

// The app's API client (packages/api) against the real server: its refresh-once logic meets
// real expiring access tokens and real rotating refresh tokens. Requests go over the real
// network; the wrapper only counts the refresh calls that reach the wire.
let server: TestServer;
let refreshCalls = 0;
const secret = randomBytes(32);
const countingFetch: typeof fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (url.endsWith('/api/auth/session/refresh')) refreshCalls += 1;
  return fetch(input, init);
};

beforeAll(async () => {
  server = await startTestServer({ accessTokenSecret: secret });
  await createUserWithProfile(server.database, {
    email: 'coach@example.com',
    password: 'Coach123!',
    type: 'coach',
  });
});
afterAll(() => server.close());

async function signedInApi() {
  const tokens = createMemoryTokenStore();
  const onSessionReset = vi.fn();
  const api = createCoachApi({
    baseURLs: defaultServiceBaseUrls(server.baseUrl),
    tokens,
    onSessionReset,
    fetch: countingFetch,
  });
  const signedIn = await api.auth.login({ email: 'coach@example.com', password: 'Coach123!' });
  if (!('accessToken' in signedIn)) throw new Error('the coach has no second factor');
  tokens.setTokens(signedIn);
  return { api, tokens, onSessionReset };
}

/** The same token as the stored one, but expired a minute ago (as after a laptop's sleep). */
async function expireStoredAccessToken(tokens: ReturnType<typeof createMemoryTokenStore>) {
  const claims = decodeJwt(tokens.getAccessToken() ?? '');
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT({ org: claims.org, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub ?? '')
    .setIssuer(claims.iss ?? '')
    .setAudience(claims.aud ?? '')
    .setIssuedAt(now - 960)
    .setExpirationTime(now - 60)
    .sign(secret);
  tokens.setTokens({ accessToken: expired, refreshToken: tokens.getRefreshToken() ?? '' });
  return expired;
}

describe('the api client against the running server', () => {
  it('refreshes exactly once for 20 parallel calls with an expired token, and all succeed', async () => {
    const { api, tokens, onSessionReset } = await signedInApi();
    const expiredAccessToken = await expireStoredAccessToken(tokens);
    refreshCalls = 0;

    const users = await Promise.all(Array.from({ length: 20 }, () => api.auth.currentSession()));

    expect(refreshCalls).toBe(1);
    expect(users).toHaveLength(20);
    expect(new Set(users.map((user) => user.email))).toEqual(new Set(['coach@example.com']));
    expect(tokens.getAccessToken()).not.toBe(expiredAccessToken);
    expect(onSessionReset).not.toHaveBeenCalled();
    // The session goes on with the new token.
    await expect(api.account.listPersons()).resolves.toHaveLength(1);
  });

  it('resets the session once when the refresh fails, and every call rejects with 401', async () => {
    const { api, tokens, onSessionReset } = await signedInApi();
    // The server revokes the session: the refresh token no longer works.
    await api.auth.logout({ refreshToken: tokens.getRefreshToken() ?? undefined });
    await expireStoredAccessToken(tokens);
    refreshCalls = 0;

    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => api.auth.currentSession()),
    );

    expect(refreshCalls).toBe(1);
    expect(onSessionReset).toHaveBeenCalledTimes(1);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(ApiError);
      expect((reason as ApiError).status).toBe(401);
    }
    expect(tokens.getAccessToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
  });
});
