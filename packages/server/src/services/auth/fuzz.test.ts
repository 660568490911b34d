import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUserWithProfile } from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';

const endpoints = [
  ['POST', '/login'],
  ['POST', '/session/refresh'],
  ['POST', '/session/logout'],
  ['POST', '/invites'],
  ['POST', '/invites/accept'],
  ['POST', '/passwordReset/request'],
  ['POST', '/passwordReset/verifyCode'],
  ['POST', '/passwordReset'],
  ['GET', '/session/current'],
  ['GET', '/users'],
] as const;

const fieldNames = [
  'email',
  'password',
  'refreshToken',
  'resetPasswordCode',
  'token',
  'firstName',
  'lastName',
  'timezone',
];

/** Bodies near the contract (right keys, odd values) and arbitrary JSON. */
const jsonBody = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(
    fc.constantFrom(...fieldNames),
    fc.oneof(
      fc.string(),
      fc.constantFrom('coach@example.com', 'Coach123!', '123456', 'Europe/Paris', ''),
      fc.emailAddress(),
      fc.jsonValue(),
    ),
  ),
);

describe('auth service: any request body', () => {
  let server: TestServer;
  let accessToken: string;
  const many = { max: 100_000, windowSeconds: 60 };

  beforeAll(async () => {
    server = await startTestServer({
      services: ['auth'],
      auth: {
        loginThrottle: { freeFailures: many.max, perAccount: many },
        rateLimits: {
          resetRequest: { perIp: many, perAccount: many },
          verifyCode: { perIp: many, perAccount: many },
          refresh: { perIp: many, perAccount: many },
        },
      },
    });
    await createUserWithProfile(server.database, {
      email: 'coach@example.com',
      password: 'Coach123!',
      type: 'coach',
    });
    const login = await callApi(server.baseUrl, 'POST', '/api/auth/login', {
      body: { email: 'coach@example.com', password: 'Coach123!' },
    });
    accessToken = (login.body as { accessToken: string }).accessToken;
  });
  afterAll(() => server?.close());

  it('answers 2xx or 4xx with a JSON error, never 5xx, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.oneof(
          jsonBody.map((body) => ({
            rawBody: JSON.stringify(body),
            contentType: 'application/json',
          })),
          fc.string().map((rawBody) => ({ rawBody, contentType: 'application/json' })),
          fc.string().map((rawBody) => ({ rawBody, contentType: 'text/plain' })),
        ),
        fc.boolean(),
        async ([method, path], payload, isSignedIn) => {
          const response = await callApi(server.baseUrl, method, `/api/auth${path}`, {
            ...(method === 'POST' ? payload : {}),
            ...(isSignedIn ? { token: accessToken } : {}),
          });
          expect(response.status).toBeGreaterThanOrEqual(200);
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400) {
            expect(response.body).toMatchObject({
              error: expect.any(String),
              message: expect.any(String),
            });
          }
        },
      ),
      { numRuns: 300 },
    );
    const health = await callApi(server.baseUrl, 'GET', '/api/health');
    expect(health.status).toBe(200);
  }, 120_000);
});
