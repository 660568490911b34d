import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUserWithProfile, type TestUser } from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';

const relaxed = {
  login: { perIp: { max: 1000, windowSeconds: 60 }, perAccount: { max: 1000, windowSeconds: 60 } },
  refresh: { perIp: { max: 1000, windowSeconds: 60 } },
};

describe('auth service: sign-in, session, users, logout', () => {
  let server: TestServer;
  let coach: TestUser;
  let client: TestUser;
  let otherClient: TestUser;
  const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
    callApi(server.baseUrl, method, `/api/auth${path}`, options);
  const login = async (email: string, password: string) => {
    const response = await api('POST', '/login', { body: { email, password } });
    expect(response.status).toBe(200);
    return response.body as { accessToken: string; refreshToken: string };
  };

  beforeAll(async () => {
    server = await startTestServer({ services: ['auth'], auth: { rateLimits: relaxed } });
    coach = await createUserWithProfile(server.database, {
      email: 'coach@example.com',
      password: 'Coach123!',
      type: 'coach',
    });
    const otherCoach = await createUserWithProfile(server.database, {
      email: 'other.coach@example.com',
      password: 'Coach123!',
      type: 'coach',
    });
    client = await createUserWithProfile(server.database, {
      email: 'client@example.com',
      password: 'Client123!',
      type: 'user',
      coachPersonId: coach.personId,
    });
    otherClient = await createUserWithProfile(server.database, {
      email: 'someone@example.com',
      password: 'Client123!',
      type: 'user',
      coachPersonId: otherCoach.personId,
    });
  });
  afterAll(() => server?.close());

  it('signs in with the right password and issues an access and an opaque refresh token', async () => {
    const tokens = await login('Coach@Example.COM', 'Coach123!');
    expect(tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = await server.context.accessTokens.verify(tokens.accessToken);
    expect(claims.userId).toBe(coach.userId);
    expect(claims.organisationId).toBe(server.database.organisationId);
    const rows = await server.database.db
      .select()
      .from(schema.refreshTokens)
      .where(eq(schema.refreshTokens.userId, coach.userId));
    const family = rows.find((row) => row.familyId === claims.sessionId);
    expect(family).toBeDefined();
    // Only the hash is stored.
    expect(rows.some((row) => row.tokenHash === tokens.refreshToken)).toBe(false);
    const audit = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'sign_in'));
    expect(audit.some((row) => row.actorUserId === coach.userId)).toBe(true);
    expect(JSON.stringify(audit)).not.toContain('Coach123!');
  });

  it('answers a wrong password and an unknown email with the same 401 and body', async () => {
    const wrong = await api('POST', '/login', {
      body: { email: 'coach@example.com', password: 'Wrong123!' },
    });
    const unknown = await api('POST', '/login', {
      body: { email: 'nobody@example.com', password: 'Wrong123!' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({
      error: 'invalid_credentials',
      message: 'Wrong email or password',
    });
    expect(unknown.body).toEqual(wrong.body);
    const failures = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'sign_in_failed'));
    expect(failures.length).toBeGreaterThanOrEqual(2);
  });

  it('validates the login body with the spec texts', async () => {
    const response = await api('POST', '/login', { body: { email: 'not-an-email', password: '' } });
    expect(response.status).toBe(400);
    expect((response.body as { message: string }).message).toContain('Incorrect email format');
  });

  it('GET /session/current answers the caller, and 401 without a valid token', async () => {
    const tokens = await login('client@example.com', 'Client123!');
    const current = await api('GET', '/session/current', { token: tokens.accessToken });
    expect(current.status).toBe(200);
    expect(current.body).toEqual({ id: client.userId, email: 'client@example.com' });
    expect((await api('GET', '/session/current')).status).toBe(401);
    expect((await api('GET', '/session/current', { token: 'garbage' })).status).toBe(401);
  });

  it('GET /users: a coach sees self and own clients, a client only self', async () => {
    const coachTokens = await login('coach@example.com', 'Coach123!');
    const coachView = await api('GET', '/users', { token: coachTokens.accessToken });
    expect(coachView.status).toBe(200);
    const ids = (coachView.body as { id: string }[]).map((user) => user.id);
    expect(ids[0]).toBe(coach.userId);
    expect(ids.sort()).toEqual([coach.userId, client.userId].sort());
    expect(ids).not.toContain(otherClient.userId);

    const clientTokens = await login('client@example.com', 'Client123!');
    const clientView = await api('GET', '/users', { token: clientTokens.accessToken });
    expect(clientView.body).toEqual([{ id: client.userId, email: 'client@example.com' }]);
    expect((await api('GET', '/users')).status).toBe(401);
  });

  it('logout revokes the refresh token and is idempotent', async () => {
    const tokens = await login('coach@example.com', 'Coach123!');
    const first = await api('POST', '/session/logout', {
      body: { refreshToken: tokens.refreshToken },
    });
    expect(first.status).toBe(204);
    const again = await api('POST', '/session/logout', {
      body: { refreshToken: tokens.refreshToken },
    });
    expect(again.status).toBe(204);
    const refresh = await api('POST', '/session/refresh', {
      body: { refreshToken: tokens.refreshToken },
    });
    expect(refresh.status).toBe(401);
    expect(refresh.body).toMatchObject({ error: 'invalid_refresh_token' });
  });

  it('logout with only a bearer token revokes that session', async () => {
    const tokens = await login('coach@example.com', 'Coach123!');
    const response = await api('POST', '/session/logout', {
      body: {},
      token: tokens.accessToken,
    });
    expect(response.status).toBe(204);
    const refresh = await api('POST', '/session/refresh', {
      body: { refreshToken: tokens.refreshToken },
    });
    expect(refresh.status).toBe(401);
    // Unknown tokens are fine too; a missing body is a validation error (the client sends {}).
    expect((await api('POST', '/session/logout', { body: { refreshToken: 'nope' } })).status).toBe(
      204,
    );
    expect((await api('POST', '/session/logout')).status).toBe(400);
  });
});
