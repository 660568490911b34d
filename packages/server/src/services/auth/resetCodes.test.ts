import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';
import { callApi, createUserWithProfile, type TestUser } from './testing.ts';

type Tokens = { accessToken: string; refreshToken: string };

describe('auth service: password reset by mailed code', () => {
  let server: TestServer;
  let coach: TestUser;
  let offsetMs = 0;
  const email = 'coach@example.com';
  const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
    callApi(server.baseUrl, method, `/api/auth${path}`, options);
  const many = { max: 10_000, windowSeconds: 60 };

  /** Asks for a code and reads it from the mail that reached the SMTP sink. */
  const requestCode = async (): Promise<string> => {
    const before = server.mailSink.received.length;
    const response = await api('POST', '/passwordReset/request', { body: { email } });
    expect(response.status).toBe(202);
    const mails = await server.mailSink.waitFor(before + 1);
    const mail = mails[before];
    expect(mail?.to).toEqual([email]);
    expect(mail?.subject).toBe('Your Coach password reset code');
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code).toBeDefined();
    return code ?? '';
  };
  const verify = (resetPasswordCode: string) =>
    api('POST', '/passwordReset/verifyCode', { body: { email, resetPasswordCode } });
  const reset = (resetPasswordCode: string, password = 'NewPass123') =>
    api('POST', '/passwordReset', { body: { email, password, resetPasswordCode } });
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  beforeAll(async () => {
    server = await startTestServer({
      services: ['auth'],
      auth: {
        now: () => new Date(Date.now() + offsetMs),
        rateLimits: {
          login: { perIp: many, perAccount: many },
          resetRequest: { perIp: many, perAccount: many },
          verifyCode: { perIp: many, perAccount: many },
        },
      },
    });
    coach = await createUserWithProfile(server.database, {
      email,
      password: 'Coach123!',
      type: 'coach',
    });
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    offsetMs = 0;
  });

  it('mails a 6-digit code, stores only a keyed hash, and audits the request', async () => {
    const code = await requestCode();
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await server.database.db
      .select()
      .from(schema.passwordResetCodes)
      .where(
        and(
          eq(schema.passwordResetCodes.userId, coach.userId),
          isNull(schema.passwordResetCodes.voidedAt),
          isNull(schema.passwordResetCodes.usedAt),
        ),
      );
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    const audit = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'password_reset_requested'));
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(code);
  });

  it('verifies the right code (repeatedly, without using it) and refuses a wrong one', async () => {
    const code = await requestCode();
    expect(await verify(code)).toMatchObject({ status: 200, body: { valid: true } });
    expect((await verify(code)).status).toBe(200);
    const wrong = await verify(otherCode(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'wrong_code', message: 'Wrong code' });
    const [row] = await server.database.db
      .select()
      .from(schema.passwordResetCodes)
      .where(
        and(
          eq(schema.passwordResetCodes.userId, coach.userId),
          isNull(schema.passwordResetCodes.voidedAt),
        ),
      );
    expect(row?.failedAttempts).toBe(1);
  });

  it('voids the code after 5 wrong tries, even for the right code afterwards', async () => {
    const code = await requestCode();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await verify(otherCode(code))).status).toBe(400);
    }
    expect((await verify(code)).status).toBe(400);
    expect((await reset(code)).status).toBe(400);
  });

  it('counts parallel wrong guesses atomically: never more than 5 tries', async () => {
    const code = await requestCode();
    const guesses = Array.from({ length: 12 }, (_, index) =>
      verify(String((Number(code) + index + 1) % 1_000_000).padStart(6, '0')),
    );
    await Promise.all(guesses);
    const rows = await server.database.db
      .select()
      .from(schema.passwordResetCodes)
      .where(eq(schema.passwordResetCodes.userId, coach.userId));
    expect(Math.max(...rows.map((row) => row.failedAttempts))).toBe(5);
    expect((await verify(code)).status).toBe(400);
  });

  it('expires after 10 minutes', async () => {
    const code = await requestCode();
    offsetMs = 9 * 60 * 1000;
    expect((await verify(code)).status).toBe(200);
    offsetMs = 10 * 60 * 1000 + 1000;
    expect((await verify(code)).status).toBe(400);
    expect((await reset(code)).status).toBe(400);
  });

  it('a new code voids the old one', async () => {
    const old = await requestCode();
    const current = await requestCode();
    if (old !== current) expect((await verify(old)).status).toBe(400);
    expect((await verify(current)).status).toBe(200);
    const live = await server.database.db
      .select()
      .from(schema.passwordResetCodes)
      .where(
        and(
          eq(schema.passwordResetCodes.userId, coach.userId),
          isNull(schema.passwordResetCodes.voidedAt),
          isNull(schema.passwordResetCodes.usedAt),
        ),
      );
    expect(live).toHaveLength(1);
  });

  it('resets: new password works, every session is revoked, fresh tokens work, code single use', async () => {
    const sessions: Tokens[] = [];
    for (const password of ['Coach123!', 'Coach123!']) {
      const response = await api('POST', '/login', { body: { email, password } });
      expect(response.status).toBe(200);
      sessions.push(response.body as Tokens);
    }
    const code = await requestCode();
    const response = await reset(code, 'Brand1New');
    expect(response.status).toBe(200);
    const fresh = response.body as Tokens;
    for (const session of sessions) {
      const refresh = await api('POST', '/session/refresh', {
        body: { refreshToken: session.refreshToken },
      });
      expect(refresh.status).toBe(401);
    }
    expect((await api('GET', '/session/current', { token: fresh.accessToken })).body).toMatchObject(
      { id: coach.userId },
    );
    expect(
      (await api('POST', '/session/refresh', { body: { refreshToken: fresh.refreshToken } }))
        .status,
    ).toBe(200);
    expect((await api('POST', '/login', { body: { email, password: 'Coach123!' } })).status).toBe(
      401,
    );
    expect((await api('POST', '/login', { body: { email, password: 'Brand1New' } })).status).toBe(
      200,
    );
    // Single use.
    expect((await reset(code, 'Another1Pass')).status).toBe(400);
    expect((await verify(code)).status).toBe(400);
    const audit = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'password_reset'));
    expect(audit).toHaveLength(1);
    // Put the known password back for the other tests.
    const again = await requestCode();
    expect((await reset(again, 'Coach123!')).status).toBe(200);
  });

  it('enforces the password rules on the server', async () => {
    const code = await requestCode();
    const weak = await reset(code, 'alllowercase1');
    expect(weak.status).toBe(400);
    expect((weak.body as { message: string }).message).toContain(
      'Requires numbers and different case letters',
    );
    const short = await reset(code, 'Ab1');
    expect((short.body as { message: string }).message).toContain(
      'Password must be 8+ characters long',
    );
    expect((await verify(code)).status).toBe(200);
  });

  it('answers unknown and known emails alike: status, body and time', async () => {
    const ask = async (address: string) => {
      const started = performance.now();
      const response = await api('POST', '/passwordReset/request', { body: { email: address } });
      return { ...response, ms: performance.now() - started };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 7; round++) {
      const a = await ask(email);
      const b = await ask(`nobody${round}@example.com`);
      expect(a.status).toBe(202);
      expect(b.status).toBe(202);
      expect(b.body).toEqual(a.body);
      known.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (values: number[]) =>
      [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
    // Generous bound: the same work is done either way, the mail is not awaited.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(50);
    // Let the queued mails land before other tests count mails.
    await new Promise((resolve) => setTimeout(resolve, 300));
  });

  it('a wrong code for an unknown email is the same 400', async () => {
    const response = await api('POST', '/passwordReset/verifyCode', {
      body: { email: 'nobody@example.com', resetPasswordCode: '123456' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'wrong_code', message: 'Wrong code' });
    const badFormat = await api('POST', '/passwordReset/verifyCode', {
      body: { email, resetPasswordCode: '12ab56' },
    });
    expect((badFormat.body as { message: string }).message).toContain(
      'Code must contain only digits',
    );
  });
});
