import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  callApi,
  createUserWithProfile,
  signInForTest,
  type TestUser,
} from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';

type Tokens = { accessToken: string; refreshToken: string };

/** argon2 hashes computed so far in this process (the test server runs in it). */
const argon2 = vi.hoisted(() => ({ hashes: 0 }));

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon2.hashes++;
      return real.hash(...args);
    },
  };
});

describe('auth service: invites', () => {
  let server: TestServer;
  let coach: TestUser;
  let coachToken: string;
  let clientToken: string;
  let otherCoachToken: string;
  let offsetMs = 0;
  const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
    callApi(server.baseUrl, method, `/api/auth${path}`, options);
  const signIn = async (email: string, password: string) => {
    const response = await api('POST', '/login', { body: { email, password } });
    expect(response.status).toBe(200);
    return (response.body as Tokens).accessToken;
  };
  const tokenOfMail = (text: string) => {
    const link = /http:\/\/app\.coach\.test\/invite\?token=([A-Za-z0-9_%-]+)/.exec(text);
    expect(link).not.toBeNull();
    return decodeURIComponent(link?.[1] ?? '');
  };

  beforeAll(async () => {
    server = await startTestServer({
      services: ['auth'],
      auth: { now: () => new Date(Date.now() + offsetMs) },
      mailOutbox: { initialDelayMs: 100 },
    });
    coach = await createUserWithProfile(server.database, {
      email: 'coach@example.com',
      password: 'Coach123!',
      type: 'coach',
      firstName: 'Casey',
      lastName: 'Coach',
    });
    await createUserWithProfile(server.database, {
      email: 'other.coach@example.com',
      password: 'Coach123!',
      type: 'coach',
    });
    await createUserWithProfile(server.database, {
      email: 'client@example.com',
      password: 'Client123!',
      type: 'user',
      coachPersonId: coach.personId,
    });
    coachToken = await signIn('coach@example.com', 'Coach123!');
    otherCoachToken = await signIn('other.coach@example.com', 'Coach123!');
    clientToken = await signIn('client@example.com', 'Client123!');
  });
  afterAll(() => server?.close());

  it('a coach invites; a second invite resends (one row, two mails, the old link dead); accepting creates a linked client', async () => {
    const first = await api('POST', '/invites', {
      token: coachToken,
      body: { email: 'New.Client@example.com', firstName: 'Nia' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ email: 'new.client@example.com', status: 'pending' });
    const second = await api('POST', '/invites', {
      token: coachToken,
      body: { email: 'new.client@example.com' },
    });
    expect(second.status).toBe(201);
    expect((second.body as { id: string }).id).toBe((first.body as { id: string }).id);
    const rows = await server.database.db
      .select()
      .from(schema.invites)
      .where(eq(schema.invites.email, 'new.client@example.com'));
    expect(rows).toHaveLength(1);
    const mailsTo = () =>
      server.mailSink.received.filter((mail) => mail.to.includes('new.client@example.com'));
    await expect.poll(() => mailsTo().length).toBe(2);
    const mails = mailsTo();
    expect(mails[0]?.text).toContain('Hello Nia');
    const oldToken = tokenOfMail(mails[0]?.text ?? '');
    const newToken = tokenOfMail(mails[1]?.text ?? '');
    expect(rows[0]?.tokenHash).not.toContain(newToken);

    const accept = (token: string) =>
      api('POST', '/invites/accept', {
        body: {
          token,
          password: 'Welcome123',
          firstName: 'Nia',
          lastName: 'Client',
          timezone: 'Europe/Paris',
        },
      });
    const stale = await accept(oldToken);
    expect(stale.status).toBe(404);
    const accepted = await accept(newToken);
    expect(accepted.status).toBe(200);
    const tokens = accepted.body as Tokens;
    const current = await api('GET', '/session/current', { token: tokens.accessToken });
    expect(current.body).toMatchObject({ email: 'new.client@example.com' });
    const userId = (current.body as { id: string }).id;
    const [person] = await server.database.db
      .select()
      .from(schema.persons)
      .where(eq(schema.persons.userId, userId));
    expect(person).toMatchObject({
      type: 'user',
      coachPersonId: coach.personId,
      firstName: 'Nia',
      lastName: 'Client',
      timezone: 'Europe/Paris',
    });
    // The coach now sees the new client.
    const users = await api('GET', '/users', { token: coachToken });
    expect((users.body as { id: string }[]).map((user) => user.id)).toContain(userId);
    // The link works once.
    const reused = await accept(newToken);
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ error: 'invite_used' });
    // And the address is now an account.
    const again = await api('POST', '/invites', {
      token: coachToken,
      body: { email: 'new.client@example.com' },
    });
    expect(again.status).toBe(409);
  });

  it('inviting an existing account is a 409 already_registered', async () => {
    const response = await api('POST', '/invites', {
      token: coachToken,
      body: { email: 'client@example.com' },
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ error: 'already_registered' });
  });

  it('a client (type user) may not invite; no token is a 401', async () => {
    const response = await api('POST', '/invites', {
      token: clientToken,
      body: { email: 'friend@example.com' },
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: 'forbidden' });
    expect((await api('POST', '/invites', { body: { email: 'x@example.com' } })).status).toBe(401);
  });

  it("another coach's pending invite is a 409, not a takeover", async () => {
    expect(
      (await api('POST', '/invites', { token: coachToken, body: { email: 'taken@example.com' } }))
        .status,
    ).toBe(201);
    const response = await api('POST', '/invites', {
      token: otherCoachToken,
      body: { email: 'taken@example.com' },
    });
    expect(response.status).toBe(409);
    // The same answer as for an address with an account: a coach learns no more than 'taken'.
    const account = await api('POST', '/invites', {
      token: otherCoachToken,
      body: { email: 'client@example.com' },
    });
    expect(response.body).toEqual(account.body);
    expect(response.body).toEqual({
      error: 'already_registered',
      message: 'This address already has an account or a pending invite of another coach',
    });
  });

  it('refuses unknown, expired tokens and bad timezones', async () => {
    const body = { password: 'Welcome123', firstName: 'A', lastName: 'B' };
    const unknown = await api('POST', '/invites/accept', { body: { ...body, token: 'nope' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'invite_not_found' });

    const before = server.mailSink.received.length;
    await api('POST', '/invites', { token: coachToken, body: { email: 'late@example.com' } });
    const mail = await server.mailSink.waitForMailTo('late@example.com', before);
    const token = tokenOfMail(mail?.text ?? '');
    const badZone = await api('POST', '/invites/accept', {
      body: { ...body, token, timezone: 'Mars/Olympus' },
    });
    expect(badZone.status).toBe(400);
    await server.database.db
      .update(schema.invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.invites.email, 'late@example.com'));
    const expired = await api('POST', '/invites/accept', { body: { ...body, token } });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ error: 'invite_expired' });
    const weak = await api('POST', '/invites/accept', {
      body: { ...body, token, password: 'weak' },
    });
    expect(weak.status).toBe(400);
  });
  /** Invites `email` and answers the token of the link the mail carries. */
  const inviteAndReadToken = async (email: string) => {
    const before = server.mailSink.received.length;
    const response = await api('POST', '/invites', { token: coachToken, body: { email } });
    expect(response.status).toBe(201);
    const mail = await server.mailSink.waitForMailTo(email, before);
    return tokenOfMail(mail?.text ?? '');
  };
  const acceptBody = { password: 'Welcome123', firstName: 'A', lastName: 'B' };

  it('refuses fixed offsets and Etc/GMT zones, and stores the canonical IANA spelling', async () => {
    const token = await inviteAndReadToken('zone@example.com');
    for (const timezone of ['+01:00', 'Etc/GMT+1', 'Mars/Olympus']) {
      const response = await api('POST', '/invites/accept', {
        body: { ...acceptBody, token, timezone },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: 'invalid_timezone' });
    }
    const accepted = await api('POST', '/invites/accept', {
      body: { ...acceptBody, token, timezone: 'europe/paris' },
    });
    expect(accepted.status).toBe(200);
    const [person] = await server.database.db
      .select({ timezone: schema.persons.timezone })
      .from(schema.persons)
      .innerJoin(schema.users, eq(schema.users.id, schema.persons.userId))
      .where(eq(schema.users.email, 'zone@example.com'));
    expect(person?.timezone).toBe('Europe/Paris');
  });

  it('checks the token before hashing: unknown, used and expired links cost no argon2 hash', async () => {
    const token = await inviteAndReadToken('used@example.com');
    expect((await api('POST', '/invites/accept', { body: { ...acceptBody, token } })).status).toBe(
      200,
    );
    const expiredToken = await inviteAndReadToken('expired@example.com');
    await server.database.db
      .update(schema.invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.invites.email, 'expired@example.com'));
    const hashesBefore = argon2.hashes;
    const answers = await Promise.all(
      [`bogus-${'x'.repeat(40)}`, 'nope', token, expiredToken].map((candidate) =>
        api('POST', '/invites/accept', { body: { ...acceptBody, token: candidate } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 409, 400]);
    expect(argon2.hashes).toBe(hashesBefore);
  });

  it('rate limits acceptance per IP like sign-in: 20 in 15 minutes, then 429 with Retry-After', async () => {
    // A fresh window, and another one afterwards for any later test.
    offsetMs += 16 * 60 * 1000;
    const bogus = () =>
      api('POST', '/invites/accept', { body: { ...acceptBody, token: 'not-a-token' } });
    for (let attempt = 0; attempt < 20; attempt++) expect((await bogus()).status).toBe(404);
    const limited = await bogus();
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    offsetMs += 16 * 60 * 1000;
    expect((await bogus()).status).toBe(404);
  });

  it('invites as usual while SMTP is down: the new link goes once SMTP is back, the old one stops', async () => {
    const oldToken = await inviteAndReadToken('resend@example.com');
    const { mailer } = server.context;
    let refused = 0;
    server.context.mailer = {
      send: () => {
        refused += 1;
        return Promise.reject(Object.assign(new Error('SMTP is down'), { code: 'ECONNREFUSED' }));
      },
    };
    const before = server.mailSink.received.length;
    try {
      const resend = await api('POST', '/invites', {
        token: coachToken,
        body: { email: 'resend@example.com' },
      });
      expect(resend.status).toBe(201);
      expect(resend.body).toMatchObject({ email: 'resend@example.com', status: 'pending' });
      await expect.poll(() => refused).toBeGreaterThanOrEqual(1);
    } finally {
      server.context.mailer = mailer;
    }
    // The retry after SMTP came back carries the new link; the old one was replaced with it.
    const mail = await server.mailSink.waitForMailTo('resend@example.com', before);
    const newToken = tokenOfMail(mail?.text ?? '');
    expect(newToken).not.toBe(oldToken);
    const old = await api('POST', '/invites/accept', { body: { ...acceptBody, token: oldToken } });
    expect(old.status).toBe(404);
    const accepted = await api('POST', '/invites/accept', {
      body: { ...acceptBody, token: newToken },
    });
    expect(accepted.status).toBe(200);
  });
});

describe('auth service: invites are rate limited per coach', () => {
  let server: TestServer;
  let coach: TestUser;
  let offsetMs = 0;
  const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
    callApi(server.baseUrl, method, `/api/auth${path}`, options);

  beforeAll(async () => {
    server = await startTestServer({
      services: ['auth'],
      auth: {
        now: () => new Date(Date.now() + offsetMs),
        rateLimits: { inviteCreate: { perAccount: { max: 3, windowSeconds: 3600 } } },
      },
    });
    coach = await createUserWithProfile(server.database, {
      email: 'coach@example.com',
      password: 'Coach123!',
      type: 'coach',
    });
  });
  afterAll(() => server?.close());

  it('refuses the invites past the limit with 429 and Retry-After, mails nothing, audits it; other coaches and the next hour are free', async () => {
    const coachToken = await signInForTest(server, coach.userId);
    const other = await createUserWithProfile(server.database, {
      email: 'other.coach@example.com',
      password: 'Coach123!',
      type: 'coach',
    });
    const invite = (email: string, token = coachToken) =>
      api('POST', '/invites', { token, body: { email } });
    expect((await invite('a@example.com')).status).toBe(201);
    // A refused invite counts too: each one tells whether an address has an account.
    expect((await invite('other.coach@example.com')).status).toBe(409);
    expect((await invite('b@example.com')).status).toBe(201);
    await server.mailSink.waitFor(2);

    const limited = await invite('c@example.com');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const stored = await server.database.db
      .select()
      .from(schema.invites)
      .where(eq(schema.invites.email, 'c@example.com'));
    expect(stored).toEqual([]);
    const [refusal, ...others] = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'rate_limited'));
    expect(others).toEqual([]);
    expect(refusal).toMatchObject({
      subject: coach.userId,
      outcome: 'refused',
      requestId: limited.headers.get('x-request-id'),
      details: { limitedAction: 'inviteCreate', scope: 'account' },
    });

    const otherToken = await signInForTest(server, other.userId);
    expect((await invite('d@example.com', otherToken)).status).toBe(201);
    offsetMs = 3600 * 1000;
    expect((await invite('c@example.com')).status).toBe(201);
    // Only the accepted invites were mailed.
    const mails = await server.mailSink.waitFor(4);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
    ]);
  });
});
