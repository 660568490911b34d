import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { callApi, createUserWithProfile, type TestUser } from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import type { AuditAction } from '../../db/auditActions.ts';
import { schema } from '../../db/index.ts';
import { mailedCodeDigest, resetRequestDigest } from './mailedCodes.ts';

type Tokens = { accessToken: string; refreshToken: string };

describe('auth service: password reset by mailed code', () => {
  let server: TestServer;
  let coach: TestUser;
  /**
   * The service's clock stands still unless a test moves it (`offsetMs`), so what a test asserts
   * about expiry and waits does not depend on how long it runs. Each test starts a day after the
   * previous one, so the daily ceiling restarts.
   */
  const clockStartMs = Date.now();
  let dayStartMs = 0;
  let offsetMs = 0;
  const email = 'coach@example.com';
  const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
    callApi(server.baseUrl, method, `/api/auth${path}`, options);
  const many = { max: 10_000, windowSeconds: 60 };

  const codeSubject = 'Your Coach password reset code';
  const warningSubject = 'A password reset code for your Coach account no longer works';
  /** The first mail with `subject` from index `from` of the sink on, once it has come. */
  const nextMail = async (subject: string, from: number) => {
    for (let count = from + 1; ; count++) {
      const mail = (await server.mailSink.waitFor(count))[count - 1];
      if (mail?.subject === subject) return mail;
    }
  };
  /** The server's key for codes, the test's too: it tells which mail holds which request's code. */
  const keyed = { options: { codeSecret: randomBytes(32) } };
  const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];
  /** The request the last code was asked by: checks name it, as the app does. */
  let resetRequestId = '';
  /**
   * Asks for a code and reads it from its own mail in the SMTP sink. The code is made after the
   * answer: the test waits for its row (stored with its mail), then for the mail holding that
   * code, so a test's checks never come before the code, nor read a late mail of another test's.
   */
  const requestCode = async (): Promise<string> => {
    const before = server.mailSink.received.length;
    const response = await api('POST', '/passwordReset/request', { body: { email } });
    expect(response.status).toBe(202);
    resetRequestId = (response.body as { resetRequestId: string }).resetRequestId;
    expect(resetRequestId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const requestHash = resetRequestDigest(keyed, resetRequestId);
    const codeHash = await vi.waitFor(
      async () => {
        const [row] = await server.database.db
          .select({ codeHash: schema.passwordResetCodes.codeHash })
          .from(schema.passwordResetCodes)
          .where(eq(schema.passwordResetCodes.requestHash, requestHash));
        if (!row) throw new Error(`No code was stored for request ${resetRequestId}`);
        return row.codeHash;
      },
      { timeout: 10_000, interval: 20 },
    );
    const mail = await server.mailSink.waitForMail((received) => {
      const code = codeIn(received.text);
      return (
        received.subject === codeSubject &&
        code !== undefined &&
        mailedCodeDigest(keyed, coach.userId, code) === codeHash
      );
    }, before);
    expect(mail.to).toEqual([email]);
    return codeIn(mail.text) ?? '';
  };
  const verify = (resetPasswordCode: string, requestId = resetRequestId) =>
    api('POST', '/passwordReset/verifyCode', {
      body: { email, resetPasswordCode, resetRequestId: requestId },
    });
  const reset = (resetPasswordCode: string, password = 'NewPass123', requestId = resetRequestId) =>
    api('POST', '/passwordReset', {
      body: { email, password, resetPasswordCode, resetRequestId: requestId },
    });
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const lastAuditId = async () => {
    const [row] = await server.database.db
      .select({ id: schema.auditLog.id })
      .from(schema.auditLog)
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    return row?.id ?? 0;
  };
  /** The audit rows of `action` written after row `afterId`. */
  const auditOf = (action: AuditAction, afterId: number) =>
    server.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, action), gt(schema.auditLog.id, afterId)))
      .orderBy(asc(schema.auditLog.id));
  const countAudit = async (action: AuditAction) =>
    (
      await server.database.db
        .select({ id: schema.auditLog.id })
        .from(schema.auditLog)
        .where(eq(schema.auditLog.action, action))
    ).length;

  beforeAll(async () => {
    server = await startTestServer({
      services: ['auth'],
      // A send that fails (a loaded machine) is tried again at once, not after the product's 5 s:
      // a test here waits for each of about a hundred mails, 10 s at most.
      mailOutbox: { initialDelayMs: 100 },
      auth: {
        ...keyed.options,
        now: () => new Date(clockStartMs + offsetMs),
        resetCodeDailyMaxChecks: 20,
        resetCodeMailsPerAccount: many,
        rateLimits: {
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
    dayStartMs += 25 * 60 * 60 * 1000;
    offsetMs = dayStartMs;
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
      .where(eq(schema.passwordResetCodes.userId, coach.userId))
      .orderBy(desc(schema.passwordResetCodes.createdAt))
      .limit(1);
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

  it('counts parallel wrong guesses atomically: never more than 5 tries; voiding is audited and mailed once', async () => {
    const code = await requestCode();
    const since = await lastAuditId();
    const mailsBefore = server.mailSink.received.length;
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
    // The one request that voided the code audited it and warned the owner, once.
    const voided = await auditOf('password_reset_code_voided', since);
    expect(voided).toHaveLength(1);
    expect(voided[0]).toMatchObject({
      actorUserId: coach.userId,
      subject: email,
      outcome: 'failure',
    });
    const warning = await nextMail(warningSubject, mailsBefore);
    expect(warning.to).toEqual([email]);
    expect(warning.text).not.toMatch(/\b\d{6}\b/);
    const warnings = server.mailSink.received.filter(
      (mail, index) => index >= mailsBefore && mail.subject === warningSubject,
    );
    expect(warnings).toHaveLength(1);
    expect(await auditOf('password_reset_code_wrong', since)).toHaveLength(13);
  });

  it('expires after 10 minutes', async () => {
    const code = await requestCode();
    offsetMs = dayStartMs + 9 * 60 * 1000;
    expect((await verify(code)).status).toBe(200);
    offsetMs = dayStartMs + 10 * 60 * 1000 + 1000;
    expect((await verify(code)).status).toBe(400);
    expect((await reset(code)).status).toBe(400);
  });

  it("gives each request its own code: an earlier request's code works with its own request only", async () => {
    const first = await requestCode();
    const firstRequest = resetRequestId;
    const second = await requestCode();
    expect((await verify(first, firstRequest)).status).toBe(200);
    expect((await verify(second)).status).toBe(200);
    if (first !== second) {
      expect((await verify(second, firstRequest)).status).toBe(400);
      expect((await verify(first)).status).toBe(400);
    }
    // A made-up request names no code.
    expect((await verify(second, 'x'.repeat(24))).status).toBe(400);
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
    // Letters count in any script, as the app's forms count them (the domain's one rule).
    const noUpper = await reset(code, 'äpfelbaum123');
    expect((noUpper.body as { message: string }).message).toContain(
      'Requires numbers and different case letters',
    );
    expect((await verify(code)).status).toBe(200);
    expect((await reset(code, 'Äpfelbaum123')).status).toBe(200);
    expect(
      (await api('POST', '/login', { body: { email, password: 'Äpfelbaum123' } })).status,
    ).toBe(200);
    // Put the known password back for the other tests.
    expect((await reset(await requestCode(), 'Coach123!')).status).toBe(200);
  });

  it('answers unknown and known emails alike: status, body, and time (rank test over 80 pairs)', async () => {
    const unknownEmail = 'nobody@example.com';
    const mailsAtStart = server.mailSink.received.length;
    const auditBefore = await countAudit('password_reset_requested');
    let requests = 0;
    let knownRequests = 0;
    // The timing client has its own thread, like a remote attacker: what the server does after
    // answering (on this thread) cannot delay the client's reading of the answer.
    const client = new Worker(timedRequestWorker, { eval: true });
    /** One timed request; then waits until its work after the answer has ended (its audit row). */
    const ask = async (address: string) => {
      const answered = new Promise<{ ms: number; status: number; text: string }>((resolve) =>
        client.once('message', resolve),
      );
      client.postMessage({
        url: `${server.baseUrl}/api/auth/passwordReset/request`,
        body: JSON.stringify({ email: address }),
      });
      const { ms, status, text } = await answered;
      requests++;
      expect(status).toBe(202);
      // The same shape for every email: a random request id, nothing else.
      expect(Object.keys(JSON.parse(text))).toEqual(['resetRequestId']);
      if (address === email) knownRequests++;
      for (
        let polls = 0;
        (await countAudit('password_reset_requested')) < auditBefore + requests;
      ) {
        polls += 1;
        if (polls > 5_000) throw new Error('the request was never audited');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await server.mailSink.waitFor(mailsAtStart + knownRequests);
      return ms;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    onTestFinished(async () => {
      await client.terminate();
    });
    // Warm-up: both paths compiled, both rate-limit buckets present.
    for (let round = 0; round < 4; round++) {
      await ask(email);
      await ask(unknownEmail);
    }
    // Alternating order (K U, U K, ...): each kind follows each kind equally often.
    for (let round = 0; round < 80; round++) {
      if (round % 2 === 0) {
        known.push(await ask(email));
        unknown.push(await ask(unknownEmail));
      } else {
        unknown.push(await ask(unknownEmail));
        known.push(await ask(email));
      }
    }
    const z = mannWhitneyZ(known, unknown);
    const summary = `medians ${median(known).toFixed(1)} ms (known) and ${median(unknown).toFixed(1)} ms (unknown), z = ${z.toFixed(2)}`;
    // Equal distributions give |z| > 3.5 about once in 2 000 runs; a lookup and a code done
    // before the answer for known addresses only stand well above it, even on a loaded machine.
    expect(Math.abs(z), summary).toBeLessThan(3.5);
  }, 120_000);

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
  it('audits every wrong code: who, what, from where, how it ended; never the code', async () => {
    const code = await requestCode();
    const since = await lastAuditId();
    expect((await verify(otherCode(code))).status).toBe(400);
    expect((await reset(otherCode(code))).status).toBe(400);
    const wrong = await auditOf('password_reset_code_wrong', since);
    expect(wrong).toHaveLength(2);
    for (const row of wrong) {
      expect(row).toMatchObject({
        actorUserId: coach.userId,
        subject: email,
        ip: '127.0.0.1',
        outcome: 'failure',
        details: { reason: 'wrong_code' },
      });
      expect(row.requestId).toBeTruthy();
      expect(JSON.stringify(row)).not.toContain(code);
      expect(JSON.stringify(row)).not.toContain(otherCode(code));
    }
  });

  it('stops code checks after 20 a day for the account from one address, whatever new codes come; a day later they work', async () => {
    let checks = 0;
    while (checks < 20) {
      const code = await requestCode();
      const mailsBefore = server.mailSink.received.length;
      for (let attempt = 0; attempt < 5; attempt++, checks++) {
        expect((await verify(otherCode(code))).status).toBe(400);
      }
      // Five wrong tries void the code and warn the owner: let that mail land.
      await nextMail(warningSubject, mailsBefore);
    }
    const fresh = await requestCode();
    const since = await lastAuditId();
    const limited = await verify(fresh);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60);
    // Audited like every throttled attempt: which limit, for whom, never the code.
    const [refusal, ...others] = await auditOf('rate_limited', since);
    expect(others).toEqual([]);
    expect(refusal).toMatchObject({
      subject: email,
      ip: '127.0.0.1',
      requestId: limited.headers.get('x-request-id'),
      outcome: 'refused',
      details: { limitedAction: 'resetCodeDaily', scope: 'pair' },
    });
    expect(JSON.stringify(refusal)).not.toContain(fresh);
    expect((await reset(fresh)).status).toBe(429);
    offsetMs = dayStartMs + 24 * 60 * 60 * 1000 + 1000;
    expect((await verify(await requestCode())).status).toBe(200);
  }, 60_000);
});

/** A worker that times one POST per message: from sending to the end of the answer. */
const timedRequestWorker = `
  const { parentPort } = require('node:worker_threads');
  parentPort.on('message', async ({ url, body }) => {
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const text = await response.text();
    parentPort.postMessage({ ms: performance.now() - started, status: response.status, text });
  });
`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * The Mann-Whitney U statistic of two samples as a z score (normal approximation, ties
 * averaged): near 0 when neither sample tends to be larger, whatever their spread.
 */
function mannWhitneyZ(a: number[], b: number[]): number {
  const all = [
    ...a.map((value) => ({ value, isA: true })),
    ...b.map((value) => ({ value, isA: false })),
  ].sort((x, y) => x.value - y.value);
  let rankSumA = 0;
  for (let start = 0; start < all.length; ) {
    let end = start;
    while (end + 1 < all.length && all[end + 1]?.value === all[start]?.value) end++;
    const rank = (start + end) / 2 + 1;
    for (let index = start; index <= end; index++) if (all[index]?.isA) rankSumA += rank;
    start = end + 1;
  }
  const u = rankSumA - (a.length * (a.length + 1)) / 2;
  const mean = (a.length * b.length) / 2;
  const spread = Math.sqrt((a.length * b.length * (a.length + b.length + 1)) / 12);
  return (u - mean) / spread;
}
