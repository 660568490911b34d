import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { callApi, createUserWithProfile } from './testing.ts';

describe('auth service: rate limits stored in PostgreSQL', () => {
  let server: TestServer;
  let offsetMs = 0;
  const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
    callApi(server.baseUrl, method, `/api/auth${path}`, options);
  const loginAs = (email: string, password = 'Wrong123!') =>
    api('POST', '/login', { body: { email, password } });

  beforeAll(async () => {
    server = await startTestServer({
      services: ['auth'],
      auth: {
        now: () => new Date(Date.now() + offsetMs),
        rateLimits: {
          login: {
            perAccount: { max: 3, windowSeconds: 60 },
            perIp: { max: 8, windowSeconds: 120 },
          },
          resetRequest: {
            perAccount: { max: 2, windowSeconds: 60 },
            perIp: { max: 100, windowSeconds: 60 },
          },
          verifyCode: {
            perAccount: { max: 2, windowSeconds: 60 },
            perIp: { max: 100, windowSeconds: 60 },
          },
          refresh: {
            perAccount: { max: 100, windowSeconds: 60 },
            perIp: { max: 3, windowSeconds: 60 },
          },
        },
      },
    });
    await createUserWithProfile(server.database, {
      email: 'coach@example.com',
      password: 'Coach123!',
      type: 'coach',
    });
  });
  afterAll(() => server?.close());
  beforeEach(async () => {
    // Every test starts with empty buckets.
    await server.database.db.execute('delete from rate_limit_buckets');
    offsetMs = 0;
  });

  it('limits sign-ins per account with 429 and Retry-After, even with the right password', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await loginAs('coach@example.com')).status).toBe(401);
    }
    const limited = await loginAs('coach@example.com', 'Coach123!');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body).toEqual({
      error: 'rate_limited',
      message: `Too many attempts. Try again in ${retryAfter} seconds.`,
    });
    // Another account from the same IP is still fine.
    expect((await loginAs('other@example.com')).status).toBe(401);
    // The window passes: no permanent lock-out.
    offsetMs = 61_000;
    expect((await loginAs('coach@example.com', 'Coach123!')).status).toBe(200);
  });

  it('limits sign-ins per IP across accounts', async () => {
    for (let attempt = 0; attempt < 8; attempt++) {
      expect((await loginAs(`user${attempt}@example.com`)).status).toBe(401);
    }
    const limited = await loginAs('fresh@example.com');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    offsetMs = 121_000;
    expect((await loginAs('fresh@example.com')).status).toBe(401);
  });

  it('limits reset requests per account, alike for unknown emails', async () => {
    for (const email of ['coach@example.com', 'nobody@example.com']) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await api('POST', '/passwordReset/request', { body: { email } });
        expect(response.status).toBe(202);
      }
      const limited = await api('POST', '/passwordReset/request', { body: { email } });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    await server.mailSink.waitFor(2);
  });

  it('limits code verification per account', async () => {
    const body = { email: 'coach@example.com', resetPasswordCode: '000000' };
    expect((await api('POST', '/passwordReset/verifyCode', { body })).status).toBe(400);
    expect((await api('POST', '/passwordReset/verifyCode', { body })).status).toBe(400);
    const limited = await api('POST', '/passwordReset/verifyCode', { body });
    expect(limited.status).toBe(429);
    // The reset itself shares the budget.
    const reset = await api('POST', '/passwordReset', {
      body: { ...body, password: 'NewPass123' },
    });
    expect(reset.status).toBe(429);
  });

  it('limits refresh per IP', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await api('POST', '/session/refresh', { body: { refreshToken: 'x' } });
      expect(response.status).toBe(401);
    }
    const limited = await api('POST', '/session/refresh', { body: { refreshToken: 'x' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('counts parallel attempts exactly (one atomic upsert per attempt)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => loginAs('coach@example.com')),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });
});
