import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, createUserWithProfile, type TestUser } from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';
import { sha256Hex } from './secrets.ts';
import { sweepEndedSessionFactorsSometimes } from './sessions.ts';

type Tokens = { accessToken: string; refreshToken: string };

describe('auth service: refresh-token rotation', () => {
  let server: TestServer;
  let coach: TestUser;
  // The service's clock: tests move it forward.
  let offsetMs = 0;
  const day = 24 * 60 * 60 * 1000;
  const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
    callApi(server.baseUrl, method, `/api/auth${path}`, options);
  const login = async () => {
    const response = await api('POST', '/login', {
      body: { email: 'coach@example.com', password: 'Coach123!' },
    });
    expect(response.status).toBe(200);
    return response.body as Tokens;
  };
  const refresh = (refreshToken: string) =>
    api('POST', '/session/refresh', { body: { refreshToken } });

  beforeAll(async () => {
    server = await startTestServer({
      services: ['auth'],
      auth: {
        now: () => new Date(Date.now() + offsetMs),
        refreshReuseGraceSeconds: 10,
        refreshIdleSeconds: 14 * 24 * 60 * 60,
        refreshAbsoluteSeconds: 30 * 24 * 60 * 60,
        rateLimits: {
          refresh: { perIp: { max: 1000, windowSeconds: 60 } },
        },
      },
    });
    coach = await createUserWithProfile(server.database, {
      email: 'coach@example.com',
      password: 'Coach123!',
      type: 'coach',
    });
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    offsetMs = 0;
  });

  it('rotates on every use: new tokens in the same family, the old one rotated', async () => {
    const first = await login();
    const response = await refresh(first.refreshToken);
    expect(response.status).toBe(200);
    const second = response.body as Tokens;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const claimsBefore = await server.context.accessTokens.verify(first.accessToken);
    const claimsAfter = await server.context.accessTokens.verify(second.accessToken);
    expect(claimsAfter.sessionId).toBe(claimsBefore.sessionId);
    const [old] = await server.database.db
      .select()
      .from(schema.refreshTokens)
      .where(eq(schema.refreshTokens.tokenHash, sha256Hex(first.refreshToken)));
    const [next] = await server.database.db
      .select()
      .from(schema.refreshTokens)
      .where(eq(schema.refreshTokens.tokenHash, sha256Hex(second.refreshToken)));
    expect(old?.rotatedAt).not.toBeNull();
    expect(old?.replacedById).toBe(next?.id);
    expect(next?.familyId).toBe(old?.familyId);
    // The new one works in turn.
    expect((await refresh(second.refreshToken)).status).toBe(200);
  });

  it('rotates a live token in one statement beside its lookup and its rate, without a transaction', async () => {
    const first = await login();
    const statements: string[] = [];
    const stopWatching = server.database.statements.observe((name) => {
      statements.push(name);
      return () => {};
    });
    let response: Awaited<ReturnType<typeof refresh>>;
    try {
      response = await refresh(first.refreshToken);
    } finally {
      stopWatching();
    }
    expect(response.status).toBe(200);
    // The token's user (for the rate), the rate's two buckets, the rotation; but the idle
    // buckets' sweep, one call in a hundred.
    expect(statements.filter((name) => name !== 'delete rate_limit_buckets')).toEqual([
      'select refresh_tokens',
      'with other',
      'with other',
    ]);
    const second = response.body as Tokens;
    const rowOf = async (token: string) => {
      const [row] = await server.database.db
        .select()
        .from(schema.refreshTokens)
        .where(eq(schema.refreshTokens.tokenHash, sha256Hex(token)));
      return row;
    };
    const old = await rowOf(first.refreshToken);
    const next = await rowOf(second.refreshToken);
    // The successor: the same family and absolute expiry, an idle expiry of its own within it.
    expect(old?.replacedById).toBe(next?.id);
    expect(next).toMatchObject({
      userId: coach.userId,
      familyId: old?.familyId,
      familyExpiresAt: old?.familyExpiresAt,
      rotatedAt: null,
      revokedAt: null,
    });
    expect(next?.expiresAt.getTime()).toBeGreaterThan(old?.expiresAt.getTime() ?? 0);
    expect(next?.expiresAt.getTime()).toBeLessThanOrEqual(next?.familyExpiresAt.getTime() ?? 0);
  });

  it('never issues a successor past the family’s absolute expiry', async () => {
    const first = await login();
    // 20 days on, the token is still live (14 days idle each), but the family ends at day 30.
    offsetMs = 10 * day;
    const second = (await refresh(first.refreshToken)).body as Tokens;
    offsetMs = 20 * day;
    const third = (await refresh(second.refreshToken)).body as Tokens;
    const [row] = await server.database.db
      .select()
      .from(schema.refreshTokens)
      .where(eq(schema.refreshTokens.tokenHash, sha256Hex(third.refreshToken)));
    expect(row?.expiresAt).toEqual(row?.familyExpiresAt);
  });

  it('reuse of a rotated token after the grace revokes the whole family and is audited', async () => {
    const first = await login();
    const second = (await refresh(first.refreshToken)).body as Tokens;
    offsetMs = 11_000;
    const reuse = await refresh(first.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ error: 'invalid_refresh_token' });
    // The successor, held by the legitimate user or the thief, is dead too.
    const successor = await refresh(second.refreshToken);
    expect(successor.status).toBe(401);
    const audit = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, 'refresh_token_reuse'),
          eq(schema.auditLog.actorUserId, coach.userId),
        ),
      );
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it('within the grace, the same token sent again continues the session in its family', async () => {
    const first = await login();
    const second = (await refresh(first.refreshToken)).body as Tokens;
    const again = await refresh(first.refreshToken);
    expect(again.status).toBe(200);
    const third = again.body as Tokens;
    const familyOf = async (token: string) =>
      (await server.context.accessTokens.verify(token)).sessionId;
    expect(await familyOf(third.accessToken)).toBe(await familyOf(second.accessToken));
    // Both continuations work; nothing was revoked.
    expect((await refresh(second.refreshToken)).status).toBe(200);
    expect((await refresh(third.refreshToken)).status).toBe(200);
  });

  it('two parallel refreshes of one token (two tabs): one rotation, the other graced, no revocation', async () => {
    const first = await login();
    const answers = await Promise.all(Array.from({ length: 2 }, () => refresh(first.refreshToken)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const rows = await server.database.db
      .select()
      .from(schema.refreshTokens)
      .where(eq(schema.refreshTokens.tokenHash, sha256Hex(first.refreshToken)));
    expect(rows[0]?.replacedById).not.toBeNull();
    const family = rows[0]?.familyId ?? '';
    const members = await server.database.db
      .select()
      .from(schema.refreshTokens)
      .where(eq(schema.refreshTokens.familyId, family));
    expect(members).toHaveLength(3);
    expect(members.every((member) => member.revokedAt === null)).toBe(true);
  });

  it('a third presentation within the grace is reuse: the session ends', async () => {
    const first = await login();
    const second = (await refresh(first.refreshToken)).body as Tokens;
    const graced = await refresh(first.refreshToken);
    expect(graced.status).toBe(200);
    expect((await refresh(first.refreshToken)).status).toBe(401);
    for (const tokens of [second, graced.body as Tokens]) {
      expect((await refresh(tokens.refreshToken)).status).toBe(401);
    }
  });

  it('refuses unknown, expired by idleness and past the absolute expiry', async () => {
    expect((await refresh('not-a-token')).body).toEqual({
      error: 'invalid_refresh_token',
      message: 'Your session has expired, please sign in again',
    });
    const idle = await login();
    offsetMs = 15 * day;
    expect((await refresh(idle.refreshToken)).status).toBe(401);

    offsetMs = 0;
    let tokens = await login();
    // Used every 10 days: never idle, but the family ends after 30 days.
    for (const days of [10, 20]) {
      offsetMs = days * day;
      const response = await refresh(tokens.refreshToken);
      expect(response.status).toBe(200);
      tokens = response.body as Tokens;
    }
    offsetMs = 30 * day + 1000;
    expect((await refresh(tokens.refreshToken)).status).toBe(401);
  });

  it("sweeps the factors of ended sessions (revoked, or expired over a day ago), and keeps a live one's", async () => {
    const sessionOf = async (tokens: Tokens) =>
      (await server.context.accessTokens.verify(tokens.accessToken)).sessionId;
    const factorsOf = async (sessionId: string) =>
      server.database.db
        .select()
        .from(schema.sessionFactors)
        .where(eq(schema.sessionFactors.sessionId, sessionId));
    const sweep = (chance: number) =>
      sweepEndedSessionFactorsSometimes(
        server.database.db,
        server.database.organisationId,
        new Date(Date.now() + offsetMs),
        chance,
      );
    // 14 days idle: its refresh token is over, an hour later and then a day later.
    const idle = await sessionOf(await login());
    offsetMs = 10 * day;
    const live = await sessionOf(await login());
    const loggedOut = await login();
    expect(
      (await api('POST', '/session/logout', { body: { refreshToken: loggedOut.refreshToken } }))
        .status,
    ).toBe(204);
    const revoked = await sessionOf(loggedOut);

    offsetMs = 14 * day + 60 * 60 * 1000;
    // Most calls sweep nothing.
    await sweep(0.5);
    expect(await factorsOf(revoked)).toHaveLength(1);
    await sweep(0);
    expect(await factorsOf(revoked)).toHaveLength(0);
    expect(await factorsOf(idle)).toHaveLength(1);
    expect(await factorsOf(live)).toHaveLength(1);

    offsetMs = 15 * day + 60 * 60 * 1000;
    await sweep(0);
    expect(await factorsOf(idle)).toHaveLength(0);
    expect(await factorsOf(live)).toHaveLength(1);
  });

  it('validates the body', async () => {
    expect((await refresh('')).status).toBe(400);
    expect((await api('POST', '/session/refresh', { body: {} })).status).toBe(400);
  });
});
