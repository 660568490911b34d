import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApiFrom, createUserWithProfile } from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';
import type { AuthOptionsInput } from './options.ts';

// Hostile traffic over real HTTP: each loopback address (127.0.0.N) is a distinct client, its
// socket bound to that address; the server trusts no proxy header.

type Tokens = { accessToken: string; refreshToken: string };

const owner = 'coach@example.com';
const ownerPassword = 'Coach123!';
const stranger = '127.0.0.2';
const ownerAddress = '127.0.0.3';
const codeSubject = 'Your Coach password reset code';
const minute = 60 * 1000;
const hour = 60 * minute;

/** A test server with a movable auth clock, and the owner's account (in `language`). */
function useServer(auth: AuthOptionsInput = {}, language?: 'es') {
  const state = {
    server: undefined as unknown as TestServer,
    offsetMs: 0,
    /** The reset request the owner's last code was mailed for. */
    ownerRequestId: '',
  };
  beforeAll(async () => {
    state.server = await startTestServer({
      services: ['auth'],
      auth: { now: () => new Date(Date.now() + state.offsetMs), ...auth },
    });
    await createUserWithProfile(state.server.database, {
      email: owner,
      password: ownerPassword,
      type: 'coach',
      ...(language ? { language } : {}),
    });
  });
  afterAll(() => state.server?.close());
  const api = (from: string, method: string, path: string, body?: unknown, token?: string) =>
    callApiFrom(from, state.server.baseUrl, method, `/api/auth${path}`, {
      ...(body === undefined ? {} : { body }),
      ...(token ? { token } : {}),
    });
  /** A code check from `from`, naming a reset request when given one (as the app does). */
  const verifyFrom = (
    from: string,
    resetPasswordCode: string,
    email = owner,
    resetRequestId?: string,
  ) =>
    api(from, 'POST', '/passwordReset/verifyCode', {
      email,
      resetPasswordCode,
      ...(resetRequestId ? { resetRequestId } : {}),
    });
  /** Asks for a reset from `from`: the request's id. */
  const requestFrom = async (from: string, email = owner): Promise<string> => {
    const answer = await api(from, 'POST', '/passwordReset/request', { email });
    expect(answer.status).toBe(202);
    return (answer.body as { resetRequestId: string }).resetRequestId;
  };
  /**
   * The code of the first mail titled `subject` after the sink's first `before` mails: other
   * notices (a voided code, many wrong codes) may arrive in between, late.
   */
  const codeMailedAfter = async (before: number, subject = codeSubject): Promise<string> => {
    for (let count = before + 1; ; count++) {
      const mail = (await state.server.mailSink.waitFor(count))[count - 1];
      if (mail?.subject === subject) return /\b(\d{6})\b/.exec(mail.text ?? '')?.[1] ?? '';
    }
  };
  /** Asks for a code from `from` and reads it from the mail the owner got. */
  const requestCodeFrom = async (from: string, subject = codeSubject): Promise<string> => {
    const before = state.server.mailSink.received.length;
    state.ownerRequestId = await requestFrom(from);
    return codeMailedAfter(before, subject);
  };
  return { state, api, verifyFrom, requestFrom, requestCodeFrom, codeMailedAfter };
}

const wrongOf = (index: number) => String(100_000 + index).padStart(6, '0');

describe('hostile traffic: a stranger cannot lock the owner out of a reset by mailed code', () => {
  const { state, api, verifyFrom, requestCodeFrom } = useServer();
  let dayMs = 0;
  beforeEach(() => {
    // Each test on a day of its own: no window carries over.
    dayMs += 3 * 24 * 60 * minute;
    state.offsetMs = dayMs;
  });

  it("lets the owner reset with a mailed code after a stranger's twenty wrong ones", async () => {
    for (let guess = 0; guess < 20; guess++) {
      expect([400, 429]).toContain((await verifyFrom(stranger, wrongOf(guess))).status);
    }
    const code = await requestCodeFrom(ownerAddress);
    expect((await verifyFrom(ownerAddress, code)).status).toBe(200);
    const reset = await api(ownerAddress, 'POST', '/passwordReset', {
      email: owner,
      password: ownerPassword,
      resetPasswordCode: code,
    });
    expect(reset.status).toBe(200);
  }, 30_000);

  it("lets the owner reset after a stranger's day-long pattern of wrong codes", async () => {
    // Twenty wrong codes every 16 minutes for two hours: past every 15-minute window.
    for (let round = 0; round < 8; round++) {
      state.offsetMs = dayMs + round * 16 * minute;
      for (let guess = 0; guess < 20; guess++) {
        expect([400, 429]).toContain((await verifyFrom(stranger, wrongOf(guess))).status);
      }
    }
    state.offsetMs = dayMs + 8 * 16 * minute;
    const code = await requestCodeFrom(ownerAddress);
    const verified = await verifyFrom(ownerAddress, code);
    expect(verified.status).toBe(200);
  }, 60_000);
});

describe("hostile traffic: no number of strangers' wrong codes keeps the owner out", () => {
  const guessedSubject =
    'Alguien está intentando adivinar los códigos para restablecer la contraseña de tu cuenta de Coach';
  const codeSubjectEs = 'Tu código para restablecer la contraseña de Coach';
  const { state, verifyFrom, requestFrom, requestCodeFrom, codeMailedAfter, api } = useServer(
    { resetCodeDailyMaxChecks: 10, resetCodeAccountDailyMaxWrong: 25 },
    'es',
  );

  it("lets the owner use their mailed code after strangers' wrong codes from many addresses, and tells them once, truly, in their language", async () => {
    const queuedMails = async () =>
      (await state.server.database.db.select().from(schema.mailOutbox)).length;
    // The owner asks first: strangers then guess, on their own requests and on none.
    const code = await requestCodeFrom(ownerAddress, codeSubjectEs);
    const ownerRequest = state.ownerRequestId;
    const statuses: number[] = [];
    for (let address = 10; address < 16; address++) {
      const from = `127.0.0.${address}`;
      const mailsBefore = state.server.mailSink.received.length;
      const strangerRequest = await requestFrom(from);
      // Its code is stored with its mail, after the answer: the guesses start once its mail is
      // there, not the voided notice of the address before, which may arrive between (a check
      // naming no request from an address whose own code is live tries that code).
      await codeMailedAfter(mailsBefore, codeSubjectEs);
      for (let guess = 0; guess < 5; guess++) {
        statuses.push((await verifyFrom(from, wrongOf(guess), owner, strangerRequest)).status);
      }
      for (let guess = 5; guess < 10; guess++) {
        statuses.push((await verifyFrom(from, wrongOf(guess))).status);
      }
    }
    // Checks naming no request have a budget of their own (25 here), then only they are refused.
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const unnamed = await verifyFrom('127.0.0.20', wrongOf(99));
    expect(unnamed.status).toBe(429);
    expect(Number(unnamed.headers.get('retry-after'))).toBeGreaterThan(60 * 60);
    // 55 wrong codes, strangers' tries all spent: the owner's code works, on their request.
    expect((await verifyFrom(ownerAddress, code, owner, ownerRequest)).status).toBe(200);
    const reset = await api(ownerAddress, 'POST', '/passwordReset', {
      email: owner,
      password: ownerPassword,
      resetPasswordCode: code,
      resetRequestId: ownerRequest,
    });
    expect(reset.status).toBe(200);
    // One notice once the day's wrong codes reached 25, in Spanish, saying what is true now.
    const noticesSent = () =>
      state.server.mailSink.received.filter((mail) => mail.subject === guessedSubject);
    await expect.poll(() => noticesSent().length, { timeout: 10_000 }).toBeGreaterThan(0);
    const notices = noticesSent();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.to).toEqual([owner]);
    expect(notices[0]?.text).toContain('puedes seguir iniciando sesión');
    expect(notices[0]?.text).toContain('sus intentos fallidos no gastan los tuyos');
    expect(notices[0]?.text).not.toMatch(/\b\d{6}\b/);
    // An unknown email's wrong codes mail nobody.
    const queued = await queuedMails();
    for (let address = 10; address < 14; address++) {
      for (let guess = 0; guess < 10; guess++) {
        await verifyFrom(`127.0.0.${address}`, wrongOf(guess), 'nobody@example.com');
      }
    }
    expect(await queuedMails()).toBe(queued);
  }, 90_000);
});

describe('hostile traffic: password spraying from one address', () => {
  const { state, api } = useServer();

  it('meets 429s with Retry-After within 300 sign-ins on distinct accounts; other addresses are unaffected', async () => {
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let attempt = 0; attempt < 300; attempt++) {
      const answer = await api(stranger, 'POST', '/login', {
        email: `person${attempt}@example.com`,
        password: 'Spring2024!',
      });
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter = Number(answer.headers.get('retry-after'));
    }
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(50);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(200);
    expect(retryAfter).toBeGreaterThan(0);
    // Another address: its own budget, and the owner signs in.
    const wrong = await api(ownerAddress, 'POST', '/login', { email: owner, password: 'Nope1234' });
    expect(wrong.status).toBe(401);
    const right = await api(ownerAddress, 'POST', '/login', {
      email: owner,
      password: ownerPassword,
    });
    expect(right.status).toBe(200);
    expect(state.server).toBeDefined();
  }, 120_000);
});

describe('hostile traffic: refused requests are audited in aggregate', () => {
  const { state, api } = useServer();
  const auditCount = async () => {
    const { rows } = await state.server.database.db.execute<{ count: string | number }>(
      sql`select count(*) as count from audit_log`,
    );
    return Number(rows[0]?.count);
  };

  it('a flood of 500 refused requests from one address writes a bounded number of audit rows', async () => {
    const flooder = '127.0.0.30';
    // Refusals are counted per UTC hour: the auth clock stands 5 minutes into the current hour,
    // so the flood (seconds long) never straddles two hours' aggregates, whenever it runs.
    state.offsetMs = 5 * minute - (Date.now() % hour);
    // Past the address's 50 code checks per 15 minutes.
    for (let attempt = 0; attempt < 60; attempt++) {
      await api(flooder, 'POST', '/passwordReset/verifyCode', {
        email: `probe${attempt}@example.com`,
        resetPasswordCode: '123456',
      });
    }
    const before = await auditCount();
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, index) =>
          api(flooder, 'POST', '/passwordReset/verifyCode', {
            email: `flood${batch * 25 + index}@example.com`,
            resetPasswordCode: '123456',
          }),
        ),
      );
      for (const answer of answers) expect(answer.status).toBe(429);
    }
    expect((await auditCount()) - before).toBeLessThanOrEqual(2);
    // Counted all the same: one aggregate row for the address and the limit.
    const aggregates = await state.server.database.db
      .select()
      .from(schema.auditRefusals)
      .where(eq(schema.auditRefusals.addressKey, flooder));
    expect(aggregates).toHaveLength(1);
    expect(aggregates[0]?.count).toBeGreaterThanOrEqual(500);
    expect(aggregates[0]).toMatchObject({ action: 'verifyCode', scope: 'address' });
  }, 60_000);
});

describe('hostile traffic: a rotated refresh token replayed within its grace', () => {
  const { state, api } = useServer({ refreshReuseGraceSeconds: 10 });
  const signIn = async () => {
    const answer = await api(ownerAddress, 'POST', '/login', {
      email: owner,
      password: ownerPassword,
    });
    expect(answer.status).toBe(200);
    return answer.body as Tokens;
  };

  it('yields at most one extra successor: 8 parallel reuses end the session', async () => {
    const first = await signIn();
    const rotated = await api(ownerAddress, 'POST', '/session/refresh', {
      refreshToken: first.refreshToken,
    });
    expect(rotated.status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        api(ownerAddress, 'POST', '/session/refresh', { refreshToken: first.refreshToken }),
      ),
    );
    const successes = answers.filter((answer) => answer.status === 200);
    expect(successes.length).toBeLessThanOrEqual(1);
    expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(7);
    // The session ended: every successor is refused, and its access tokens with it.
    for (const tokens of [rotated.body as Tokens, ...successes.map((s) => s.body as Tokens)]) {
      const again = await api(ownerAddress, 'POST', '/session/refresh', {
        refreshToken: tokens.refreshToken,
      });
      expect(again.status).toBe(401);
      expect(
        (await api(ownerAddress, 'GET', '/session/current', undefined, tokens.accessToken)).status,
      ).toBe(401);
    }
    const reuse = await state.server.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'refresh_token_reuse'));
    expect(reuse.length).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it('two tabs sending the same token at once both stay signed in', async () => {
    const first = await signIn();
    const answers = await Promise.all(
      [0, 1].map(() =>
        api(ownerAddress, 'POST', '/session/refresh', { refreshToken: first.refreshToken }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    for (const answer of answers) {
      const next = await api(ownerAddress, 'POST', '/session/refresh', {
        refreshToken: (answer.body as Tokens).refreshToken,
      });
      expect(next.status).toBe(200);
    }
  }, 30_000);
});

describe('hostile traffic: a reset by mailed code gets the owner past a locked sign-in', () => {
  const { state, api, requestCodeFrom } = useServer({
    loginThrottle: { perAccount: { max: 4, windowSeconds: 60 * 60 } },
  });

  it("signs the owner in with a mailed code past strangers' ceiling of failures, and a reset clears it", async () => {
    for (let address = 40; address < 44; address++) {
      const answer = await api(`127.0.0.${address}`, 'POST', '/login', {
        email: owner,
        password: 'Wrong123!',
      });
      expect(answer.status).toBe(401);
    }
    const sink = state.server.mailSink;
    const before = sink.received.length;
    const asked = await api(ownerAddress, 'POST', '/login', {
      email: owner,
      password: ownerPassword,
    });
    expect(asked).toMatchObject({ status: 401, body: { error: 'sign_in_code_required' } });
    let signInCode = '';
    for (let count = before + 1; !signInCode; count++) {
      const mail = (await sink.waitFor(count))[count - 1];
      if (mail?.subject === 'Your Coach sign-in code') {
        signInCode = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1] ?? '';
      }
    }
    const signedInWithCode = await api(ownerAddress, 'POST', '/login', {
      email: owner,
      password: ownerPassword,
      code: signInCode,
    });
    expect(signedInWithCode.status).toBe(200);
    const code = await requestCodeFrom(ownerAddress);
    const reset = await api(ownerAddress, 'POST', '/passwordReset', {
      email: owner,
      password: 'Brand1New',
      resetPasswordCode: code,
      resetRequestId: state.ownerRequestId,
    });
    expect(reset.status).toBe(200);
    const signedIn = await api(ownerAddress, 'POST', '/login', {
      email: owner,
      password: 'Brand1New',
    });
    expect(signedIn.status).toBe(200);
    const buckets = await state.server.database.db
      .select()
      .from(schema.rateLimitBuckets)
      .where(
        and(
          eq(schema.rateLimitBuckets.key, `login:account:${owner}`),
          gt(schema.rateLimitBuckets.count, 1),
        ),
      );
    expect(buckets).toEqual([]);
  }, 30_000);
});

describe('hostile traffic: sign-ins behind a shared address (an office NAT)', () => {
  const { state, api } = useServer({
    loginThrottle: { perAddress: { freeFailures: 5, firstDelaySeconds: 60, windowSeconds: 3600 } },
  });
  const office = '127.0.0.60';

  it("after a stranger's failures, a colleague's success sets no new wait for the others", async () => {
    const colleagues = ['ana@example.com', 'ben@example.com', 'cleo@example.com'];
    for (const email of colleagues) {
      await createUserWithProfile(state.server.database, {
        email,
        password: ownerPassword,
        type: 'coach',
      });
    }
    // The stranger's failures on accounts of their own making: the office waits 60 s.
    for (let guess = 0; guess < 5; guess++) {
      const answer = await api(office, 'POST', '/login', {
        email: `guess${guess}@example.com`,
        password: 'Wrong123!',
      });
      expect(answer.status).toBe(401);
    }
    const waiting = await api(office, 'POST', '/login', {
      email: colleagues[0],
      password: ownerPassword,
    });
    expect(waiting.status).toBe(429);
    state.offsetMs += 61_000;
    // Once that wait is over, every colleague signs in, one right after the other.
    for (const email of colleagues) {
      const answer = await api(office, 'POST', '/login', { email, password: ownerPassword });
      expect(answer.status).toBe(200);
    }
  }, 30_000);
});
