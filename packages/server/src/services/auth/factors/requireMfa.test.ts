import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUserWithProfile } from '../../../../test/auth.ts';
import { assert, register } from '../../../../test/softwareAuthenticator.ts';
import { startTestServer, type TestServer } from '../../../../test/testServer.ts';

// REQUIRE_MFA=1 (decision 73): a coach without a second factor who signs in with a password gets
// a session that may only enrol one; the last one can not be removed.

type Tokens = { accessToken: string; refreshToken: string };

const password = 'Coach123!';
let server: TestServer;
const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
  callApi(server.baseUrl, method, `/api/auth${path}`, options);
const signIn = async (email: string) => {
  const response = await api('POST', '/login', { body: { email, password } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Tokens;
};

beforeAll(async () => {
  server = await startTestServer({
    services: ['auth', 'account'],
    auth: { isSecondFactorRequired: true },
  });
});
afterAll(() => server?.close());

describe('REQUIRE_MFA', () => {
  it('lets a coach without a second factor do nothing but enrol one, then keeps the last one', async () => {
    const coach = await createUserWithProfile(server.database, {
      email: 'coach@example.com',
      password,
      type: 'coach',
    });
    const { accessToken: token, refreshToken } = await signIn(coach.email);
    const refused = await api('GET', '/users', { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'second_factor_enrolment_required' });
    const otherService = await callApi(server.baseUrl, 'GET', '/api/account/persons', { token });
    expect(otherService.status).toBe(403);
    expect(otherService.body).toMatchObject({ error: 'second_factor_enrolment_required' });
    expect((await api('GET', '/session/current', { token })).status).toBe(200);
    const methods = await api('GET', '/sign-in-methods', { token });
    expect(methods.body).toMatchObject({ mustEnrol: true, isSecondFactorRequired: true });
    // A refreshed session is the same session: still enrolling.
    const refreshed = await api('POST', '/session/refresh', { body: { refreshToken } });
    expect(refreshed.status).toBe(200);
    const later = (refreshed.body as Tokens).accessToken;
    expect((await api('GET', '/users', { token: later })).status).toBe(403);

    const started = await api('POST', '/authenticator/enrolment', { token: later });
    const { secret } = started.body as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const confirmed = await api('POST', '/authenticator', { token: later, body: { code } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await api('GET', '/users', { token: later })).status).toBe(200);
    expect(
      (await callApi(server.baseUrl, 'GET', '/api/account/persons', { token: later })).status,
    ).toBe(200);

    // The app is the account's only factor: it stays, even with a second factor just used.
    const { recoveryCodes } = confirmed.body as { recoveryCodes: string[] };
    const stepUp = await api('POST', '/session/second-factor', {
      token: later,
      body: { method: 'recovery', code: recoveryCodes[0] },
    });
    expect(stepUp.status, JSON.stringify(stepUp.body)).toBe(204);
    const removal = await api('DELETE', '/authenticator', { token: later });
    expect(removal.status).toBe(409);
    expect(removal.body).toMatchObject({ error: 'last_second_factor' });
    // And the next password sign-in reaches the second step.
    expect((await api('POST', '/login', { body: { email: coach.email, password } })).status).toBe(
      202,
    );
  });

  it('keeps the last factor when the app and the last passkey are removed at once (issue 64)', async () => {
    const coach = await createUserWithProfile(server.database, {
      email: 'coach-two-factors@example.com',
      password,
      type: 'coach',
    });
    const { accessToken: token } = await signIn(coach.email);
    const options = await api('POST', '/passkeys/registration/options', { token });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const { challengeId, options: creation } = options.body as {
      challengeId: string;
      options: Record<string, unknown>;
    };
    const { passkey, credential } = register(creation);
    const added = await api('POST', '/passkeys', {
      token,
      body: { name: 'Laptop', challengeId, credential },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const passkeyId = (added.body as { id: string }).id;
    // The passkey confirms this session; then the app is added, and the session confirmed again.
    const confirmWithPasskey = async () => {
      const stepUp = await api('POST', '/session/second-factor/passkey/options', { token });
      const request = stepUp.body as { challengeId: string; options: Record<string, unknown> };
      const confirmed = await api('POST', '/session/second-factor/passkey', {
        token,
        body: { challengeId: request.challengeId, credential: assert(passkey, request.options) },
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(204);
    };
    await confirmWithPasskey();
    const started = await api('POST', '/authenticator/enrolment', { token });
    const { secret } = started.body as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    expect((await api('POST', '/authenticator', { token, body: { code } })).status).toBe(200);
    await confirmWithPasskey();

    const [app, key] = await Promise.all([
      api('DELETE', '/authenticator', { token }),
      api('DELETE', `/passkeys/${passkeyId}`, { token }),
    ]);
    expect([app.status, key.status].sort()).toEqual([204, 409]);
    const methods = await api('GET', '/sign-in-methods', { token });
    const left = methods.body as { passkeys: unknown[]; authenticator: unknown };
    expect(left.passkeys.length + (left.authenticator ? 1 : 0)).toBe(1);
  });

  it('leaves clients alone', async () => {
    const client = await createUserWithProfile(server.database, {
      email: 'client@example.com',
      password,
      type: 'user',
    });
    const { accessToken: token } = await signIn(client.email);
    expect((await api('GET', '/users', { token })).status).toBe(200);
  });
});
