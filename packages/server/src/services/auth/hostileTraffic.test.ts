import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';
import type { AuthOptionsInput } from './options.ts';
import { callApiFrom, createUserWithProfile } from './testing.ts';

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

/** A test server with a movable auth clock, and the owner's account. */
function useServer(auth: AuthOptionsInput = {}) {
  const state = { server: undefined as unknown as TestServer, offsetMs: 0 };
  beforeAll(async () => {
    state.server = await startTestServer({
      services: ['auth'],
      auth: { now: () => new Date(Date.now() + state.offsetMs), ...auth },
    });
    await createUserWithProfile(state.server.database, {
      email: owner,
      password: ownerPassword,
      type: 'coach',
    });
  });
  afterAll(() => state.server?.close());
  const api = (from: string, method: string, path: string, body?: unknown, token?: string) =>
    callApiFrom(from, state.server.baseUrl, method, `/api/auth${path}`, {
      ...(body === undefined ? {} : { body }),
      ...(token ? { token } : {}),
    });
  const verifyFrom = (from: string, resetPasswordCode: string, email = owner) =>
    api(from, 'POST', '/passwordReset/verifyCode', { email, resetPasswordCode });
  /** Asks for a code from `from` and reads it from the mail the owner got. */
  const requestCodeFrom = async (from: string): Promise<string> => {
    const sink = state.server.mailSink;
    const before = sink.received.length;
    expect((await api(from, 'POST', '/passwordReset/request', { email: owner })).status).toBe(202);
    for (let count = before + 1; ; count++) {
      const mail = (await sink.waitFor(count))[count - 1];
      if (mail?.subject === codeSubject) return /\b(\d{6})\b/.exec(mail.text ?? '')?.[1] ?? '';
    }
  };
  return { state, api, verifyFrom, requestCodeFrom };
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

describe('hostile traffic: the per-email ceiling of wrong codes', () => {
  const warningSubject = 'Someone is guessing password reset codes for your Coach account';
  const { state, verifyFrom } = useServer({
    resetCodeDailyMaxChecks: 10,
    resetCodeAccountDailyMaxWrong: 25,
  });

  it('trips after its wrong codes from many addresses, refusing everyone, and mails the owner once', async () => {
    // Mail is queued before the answer, and its row stays once sent: counting the rows tells
    // what was queued, so no wait is needed to know that nothing more will come.
    const queuedMails = async () =>
      (await state.server.database.db.select().from(schema.mailOutbox)).length;
    const queuedAtStart = await queuedMails();
    const statuses: number[] = [];
    for (let address = 10; address < 14; address++) {
      for (let guess = 0; guess < 10; guess++) {
        statuses.push((await verifyFrom(`127.0.0.${address}`, wrongOf(guess))).status);
      }
    }
    expect(statuses.filter((status) => status === 400)).toHaveLength(25);
    const refused = await verifyFrom('127.0.0.20', wrongOf(99));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60 * 60);
    expect(await queuedMails()).toBe(queuedAtStart + 1);
    const mails = await state.server.mailSink.waitFor(1);
    const warnings = state.server.mailSink.received.filter(
      (mail) => mail.subject === warningSubject,
    );
    expect(warnings).toHaveLength(1);
    expect(mails[0]?.to).toEqual([owner]);
    // An unknown email's ceiling mails nobody.
    for (let address = 10; address < 14; address++) {
      for (let guess = 0; guess < 10; guess++) {
        await verifyFrom(`127.0.0.${address}`, wrongOf(guess), 'nobody@example.com');
      }
    }
    expect(await queuedMails()).toBe(queuedAtStart + 1);
    expect(state.server.mailSink.received).toHaveLength(1);
  }, 60_000);
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

  it('resets while sign-in is locked for the account, and the reset clears the lock', async () => {
    for (let address = 40; address < 44; address++) {
      const answer = await api(`127.0.0.${address}`, 'POST', '/login', {
        email: owner,
        password: 'Wrong123!',
      });
      expect(answer.status).toBe(401);
    }
    const locked = await api(ownerAddress, 'POST', '/login', {
      email: owner,
      password: ownerPassword,
    });
    expect(locked.status).toBe(429);
    const code = await requestCodeFrom(ownerAddress);
    const reset = await api(ownerAddress, 'POST', '/passwordReset', {
      email: owner,
      password: 'Brand1New',
      resetPasswordCode: code,
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
