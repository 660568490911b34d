import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, createUserWithProfile, type TestUser } from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';

type Tokens = { accessToken: string; refreshToken: string };

const email = 'coach@example.com';

describe('auth service: an ended session ends its access tokens at once', () => {
  let server: TestServer;
  let coach: TestUser;
  let offsetMs = 0;
  let password = 'Coach123!';
  const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
    callApi(server.baseUrl, method, path, options);
  const login = async (): Promise<Tokens> => {
    const response = await api('POST', '/api/auth/login', { body: { email, password } });
    expect(response.status).toBe(200);
    return response.body as Tokens;
  };
  /** The bearer's answers on the session route and on a data route of another service. */
  const statusesOf = async (accessToken: string) => [
    (await api('GET', '/api/auth/session/current', { token: accessToken })).status,
    (await api('GET', '/api/analytics/clients', { token: accessToken })).status,
  ];

  beforeAll(async () => {
    server = await startTestServer({
      services: ['auth', 'analytics'],
      auth: { now: () => new Date(Date.now() + offsetMs), refreshReuseGraceSeconds: 10 },
    });
    coach = await createUserWithProfile(server.database, { email, password, type: 'coach' });
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    offsetMs = 0;
  });

  it('after logout, that session is refused; another session of the same coach is not', async () => {
    const tokens = await login();
    const other = await login();
    expect(await statusesOf(tokens.accessToken)).toEqual([200, 200]);
    const logout = await api('POST', '/api/auth/session/logout', {
      token: tokens.accessToken,
      body: { refreshToken: tokens.refreshToken },
    });
    expect(logout.status).toBe(204);
    expect(await statusesOf(tokens.accessToken)).toEqual([401, 401]);
    const refused = await api('GET', '/api/auth/session/current', { token: tokens.accessToken });
    expect(refused.body).toEqual({
      error: 'invalid_token',
      message: 'Your session has ended, please sign in again',
    });
    expect(await statusesOf(other.accessToken)).toEqual([200, 200]);
  });

  it('after logout with the refresh token alone, the access tokens of that session are refused', async () => {
    const tokens = await login();
    await api('POST', '/api/auth/session/logout', { body: { refreshToken: tokens.refreshToken } });
    expect(await statusesOf(tokens.accessToken)).toEqual([401, 401]);
  });

  it('audits the sign-out and the ended session, with who and from where', async () => {
    const tokens = await login();
    const { sessionId } = await server.context.accessTokens.verify(tokens.accessToken);
    await api('POST', '/api/auth/session/logout', { token: tokens.accessToken, body: {} });
    const rows = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.subject, sessionId));
    expect(rows.map((row) => row.action).sort()).toEqual(['session_ended', 'sign_out']);
    for (const row of rows) {
      expect(row).toMatchObject({ actorUserId: coach.userId, ip: '127.0.0.1', outcome: 'success' });
      expect(row.requestId).toBeTruthy();
    }
    expect(rows.find((row) => row.action === 'session_ended')?.details).toEqual({
      reason: 'logout',
    });
    expect(JSON.stringify(rows)).not.toContain(tokens.accessToken);
  });

  it('after refresh-token reuse, every access token of the family is refused', async () => {
    const first = await login();
    const second = (await api('POST', '/api/auth/session/refresh', {
      body: { refreshToken: first.refreshToken },
    })) as { status: number; body: Tokens };
    expect(second.status).toBe(200);
    offsetMs = 11_000;
    const reuse = await api('POST', '/api/auth/session/refresh', {
      body: { refreshToken: first.refreshToken },
    });
    expect(reuse.status).toBe(401);
    expect(await statusesOf(first.accessToken)).toEqual([401, 401]);
    expect(await statusesOf(second.body.accessToken)).toEqual([401, 401]);
  });

  it('after a password reset, every session of the account is refused', async () => {
    const first = await login();
    const second = await login();
    const before = server.mailSink.received.length;
    await api('POST', '/api/auth/passwordReset/request', { body: { email } });
    const mails = await server.mailSink.waitFor(before + 1);
    const code = /\b(\d{6})\b/.exec(mails[before]?.text ?? '')?.[1] ?? '';
    password = 'NewPass123!';
    const reset = await api('POST', '/api/auth/passwordReset', {
      body: { email, password, resetPasswordCode: code },
    });
    expect(reset.status).toBe(200);
    expect(await statusesOf(first.accessToken)).toEqual([401, 401]);
    expect(await statusesOf(second.accessToken)).toEqual([401, 401]);
    // The tokens the reset answered with start a fresh, working session.
    expect(await statusesOf((reset.body as Tokens).accessToken)).toEqual([200, 200]);
    const ended = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, 'session_ended'),
          eq(schema.auditLog.actorUserId, coach.userId),
        ),
      );
    const byReset = ended.filter((row) => row.details.reason === 'password_reset');
    expect(byReset.length).toBeGreaterThan(1);
    // Each ended session says where the reset came from, like a logout's.
    for (const row of byReset) {
      expect(row).toMatchObject({ ip: '127.0.0.1', requestId: reset.headers.get('x-request-id') });
    }
  });
});
