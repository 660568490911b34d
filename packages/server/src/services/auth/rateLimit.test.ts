import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, createUserWithProfile } from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';
import { tooManyAttemptsMessage } from './rateLimit.ts';

const owner = 'coach@example.com';
const ownerPassword = 'Coach123!';

describe('auth service: sign-in throttling and rate limits stored in PostgreSQL', () => {
  let server: TestServer;
  let offsetMs = 0;
  const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
    callApi(server.baseUrl, method, `/api/auth${path}`, options);
  /** A sign-in from `ip` (one trusted proxy hop, so X-Forwarded-For is the client address). */
  const loginFrom = (ip: string, password = 'Wrong123!', email = owner) =>
    api('POST', '/login', {
      body: { email, password },
      headers: { 'x-forwarded-for': ip },
    });
  const retryAfterOf = (response: { headers: Headers }) =>
    Number(response.headers.get('retry-after'));

  beforeAll(async () => {
    server = await startTestServer({
      services: ['auth'],
      config: { trustProxy: 1 },
      auth: {
        now: () => new Date(Date.now() + offsetMs),
        loginThrottle: {
          freeFailures: 3,
          firstDelaySeconds: 10,
          maxDelaySeconds: 40,
          forgetAfterSeconds: 600,
          perAccount: { max: 8, windowSeconds: 300 },
        },
        rateLimits: {
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
      email: owner,
      password: ownerPassword,
      type: 'coach',
    });
  });
  afterAll(() => server?.close());
  beforeEach(async () => {
    // Every test starts with empty buckets.
    await server.database.db.execute('delete from rate_limit_buckets');
    offsetMs = 0;
  });

  // Each sign-in costs an argon2 verification: a longer timeout on a busy machine.
  it('says how long to wait in the units the app uses, a daily ceiling in hours', () => {
    expect(
      [1, 45, 60, 61, 900, 5400, 5401, 86_400].map((seconds) => tooManyAttemptsMessage(seconds)),
    ).toEqual([
      'Too many attempts. Try again in 1 second.',
      'Too many attempts. Try again in 45 seconds.',
      'Too many attempts. Try again in 1 minute.',
      'Too many attempts. Try again in 2 minutes.',
      'Too many attempts. Try again in 15 minutes.',
      'Too many attempts. Try again in 90 minutes.',
      'Too many attempts. Try again in 2 hours.',
      'Too many attempts. Try again in 24 hours.',
    ]);
  });

  it('never throttles successful sign-ins, however many in a row', async () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await loginFrom('203.0.113.5', ownerPassword)).status).toBe(200);
    }
  }, 30_000);

  it('makes a pair wait after its free failures, longer after each failure, then lets it in', async () => {
    const ip = '203.0.113.5';
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await loginFrom(ip)).status).toBe(401);
    }
    // Throttled even with the right password: the answer must not tell whether it was right.
    const first = await loginFrom(ip, ownerPassword);
    expect(first.status).toBe(429);
    expect(retryAfterOf(first)).toBe(10);
    expect(first.body).toEqual({
      error: 'rate_limited',
      message: 'Too many attempts. Try again in 10 seconds.',
    });
    const waits: number[] = [];
    for (const delay of [10, 20, 40]) {
      offsetMs += delay * 1000;
      expect((await loginFrom(ip)).status).toBe(401);
      waits.push(retryAfterOf(await loginFrom(ip)));
    }
    // Doubling, up to the ceiling (40 s here).
    expect(waits).toEqual([20, 40, 40]);
    offsetMs += 40_000;
    expect((await loginFrom(ip, ownerPassword)).status).toBe(200);
    // The success cleared the pair: its free failures are back (after the account's window,
    // which still counts this test's 6 failures; the pair alone would remember them 600 s).
    offsetMs += 300_000;
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await loginFrom(ip)).status).toBe(401);
    }
    expect((await loginFrom(ip)).status).toBe(429);
  });

  it("does not lock the owner out for a stranger's wrong passwords from another address", async () => {
    for (let attempt = 0; attempt < 6; attempt++) await loginFrom('198.51.100.9');
    expect((await loginFrom('198.51.100.9', ownerPassword)).status).toBe(429);
    expect((await loginFrom('203.0.113.5')).status).toBe(401);
    expect((await loginFrom('203.0.113.5', ownerPassword)).status).toBe(200);
  });

  it('past the per-account ceiling asks every sign-in for a mailed code, never refusing the owner', async () => {
    const mailsBefore = server.mailSink.received.length;
    for (let address = 1; address <= 8; address++) {
      expect((await loginFrom(`192.0.2.${address}`)).body).toMatchObject({
        error: 'invalid_credentials',
        message: 'Wrong email or password',
      });
    }
    // The attempt that reached the ceiling told the owner, in words true now.
    const notice = (await server.mailSink.waitFor(mailsBefore + 1))[mailsBefore];
    expect(notice).toMatchObject({
      to: [owner],
      subject: 'Someone is guessing the password of your Coach account',
    });
    expect(notice?.text).toContain('Your password has not changed and still works');
    expect(notice?.text).toContain('signing in also asks for a code we mail you');
    // Past it, a stranger's wrong password and the owner's right one get the same answer...
    const codeRequired = {
      error: 'sign_in_code_required',
      message:
        'If your email and password are right, we have emailed you a code: enter it to sign in',
    };
    const stranger = await loginFrom('192.0.2.50');
    expect(stranger).toMatchObject({ status: 401, body: codeRequired });
    expect(server.mailSink.received).toHaveLength(mailsBefore + 1);
    const ownerAttempt = await loginFrom('192.0.2.100', ownerPassword);
    expect(ownerAttempt).toMatchObject({ status: 401, body: codeRequired });
    // ...and only the right password had a code mailed, to the owner.
    const codeMail = (await server.mailSink.waitFor(mailsBefore + 2))[mailsBefore + 1];
    expect(codeMail).toMatchObject({ to: [owner], subject: 'Your Coach sign-in code' });
    const code = /\b(\d{6})\b/.exec(codeMail?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const withCode = (ip: string, password: string, tried: string) =>
      api('POST', '/login', {
        body: { email: owner, password, code: tried },
        headers: { 'x-forwarded-for': ip },
      });
    const wrongAnswer = {
      status: 401,
      body: { error: 'invalid_credentials', message: 'Wrong email, password or code' },
    };
    // The right code with a wrong password, or a wrong code with the right one: one answer.
    expect(await withCode('192.0.2.51', 'Wrong123!', code)).toMatchObject(wrongAnswer);
    expect(await withCode('192.0.2.100', ownerPassword, wrongCode)).toMatchObject(wrongAnswer);
    const signedIn = await withCode('192.0.2.100', ownerPassword, code);
    expect(signedIn.status).toBe(200);
    // Signing in with a mailed code tells the owner too: that notice comes within this test, so
    // that it is among no other test's mails.
    await server.mailSink.waitFor(mailsBefore + 3);
    // A code is used once.
    expect(await withCode('192.0.2.101', ownerPassword, code)).toMatchObject(wrongAnswer);
    // Another account is not affected.
    expect((await loginFrom('192.0.2.100', 'Wrong123!', 'other@example.com')).body).toMatchObject({
      error: 'invalid_credentials',
      message: 'Wrong email or password',
    });
    // When the ceiling's window ends, the password alone signs in again.
    offsetMs = 300_000;
    expect((await loginFrom('192.0.2.102', ownerPassword)).status).toBe(200);
  });

  it("counts a refused attempt nowhere: a blocked pair's retries do not use up the account", async () => {
    const mailsBefore = server.mailSink.received.length;
    for (let attempt = 0; attempt < 3; attempt++) await loginFrom('198.51.100.9');
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await loginFrom('198.51.100.9')).status).toBe(429);
    }
    // 3 failures so far: 5 more from elsewhere reach the ceiling of 8, not before.
    for (let address = 1; address <= 5; address++) {
      expect((await loginFrom(`192.0.2.${address}`)).body).toMatchObject({
        error: 'invalid_credentials',
      });
    }
    expect((await loginFrom('192.0.2.6')).body).toMatchObject({ error: 'sign_in_code_required' });
    // Reaching the ceiling told the owner: that notice comes within this test, so that it is
    // among no other test's mails.
    await server.mailSink.waitFor(mailsBefore + 1);
  });

  it('keys IPv6 clients by their /64', async () => {
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::3']) {
      expect((await loginFrom(ip)).status).toBe(401);
    }
    expect((await loginFrom('2001:db8:1:2::99', ownerPassword)).status).toBe(429);
    expect((await loginFrom('2001:db8:1:3::1', ownerPassword)).status).toBe(200);
  });

  it('lets no burst of parallel guesses slip past the free failures', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => loginFrom('203.0.113.5')));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('writes each refusal to the audit log: who, from where, which limit', async () => {
    for (let attempt = 0; attempt < 4; attempt++) await loginFrom('198.51.100.77');
    const rows = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.action, 'rate_limited'), eq(schema.auditLog.ip, '198.51.100.77')),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subject: owner,
      outcome: 'refused',
      details: { limitedAction: 'login', scope: 'pair', retryAfterSeconds: 10 },
    });
    expect(rows[0]?.requestId).toBeTruthy();
    expect(JSON.stringify(rows)).not.toContain('Wrong123!');
  });

  it('limits reset requests per account, alike for unknown emails', async () => {
    const mailsBefore = server.mailSink.received.length;
    for (const email of [owner, 'nobody@example.com']) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await api('POST', '/passwordReset/request', { body: { email } });
        expect(response.status).toBe(202);
      }
      const limited = await api('POST', '/passwordReset/request', { body: { email } });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    // The owner's two codes come within this test, so that they are among no other test's mails.
    await server.mailSink.waitFor(mailsBefore + 2);
  });

  it('limits code verification per account', async () => {
    const body = { email: owner, resetPasswordCode: '000000' };
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

  it('limits refresh per client address, IPv6 by its /64', async () => {
    const refreshFrom = (ip: string) =>
      api('POST', '/session/refresh', {
        body: { refreshToken: 'x' },
        headers: { 'x-forwarded-for': ip },
      });
    for (const ip of ['2001:db8:9:9::1', '2001:db8:9:9::2', '2001:db8:9:9::3']) {
      expect((await refreshFrom(ip)).status).toBe(401);
    }
    const limited = await refreshFrom('2001:db8:9:9::4');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refreshFrom('2001:db8:9:8::1')).status).toBe(401);
  });
});

describe('auth service: without TRUST_PROXY', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      services: ['auth'],
      auth: {
        loginThrottle: {
          freeFailures: 2,
          firstDelaySeconds: 60,
          perAccount: { max: 100, windowSeconds: 60 },
        },
      },
    });
  });
  afterAll(() => server?.close());

  it('ignores X-Forwarded-For: a client cannot pick a fresh address for each guess', async () => {
    const guessFrom = (ip: string) =>
      callApi(server.baseUrl, 'POST', '/api/auth/login', {
        body: { email: owner, password: 'Wrong123!' },
        headers: { 'x-forwarded-for': ip },
      });
    expect((await guessFrom('192.0.2.1')).status).toBe(401);
    expect((await guessFrom('192.0.2.2')).status).toBe(401);
    expect((await guessFrom('192.0.2.3')).status).toBe(429);
    const [row] = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'rate_limited'));
    expect(row?.ip).toBe('127.0.0.1');
  });
});
