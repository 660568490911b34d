import { limits } from '@coach/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createUserWithProfile,
  signInForTest,
  type TestResponse,
  type TestUser,
} from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';

// Listing, resending, withdrawing and checking invites, over HTTP on a real server: each a
// behaviour a coach or an invitee sees, and what the database keeps.

const day = 86_400_000;
type InviteAnswer = {
  id: string;
  email: string;
  status: string;
  sentAt: string;
  expiresAt: string;
};

describe('auth service: pending invites', () => {
  let server: TestServer;
  let coach: TestUser;
  let otherCoach: TestUser;
  let coachToken: string;
  let otherCoachToken: string;
  let clientToken: string;
  const clock = { now: new Date() };
  const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
    callApi(server.baseUrl, method, `/api/auth${path}`, options);
  const acceptBody = { password: 'Welcome123', firstName: 'Nia', lastName: 'Client' };
  const check = (token: string) => api('POST', '/invites/check', { body: { token } });
  const accept = (token: string) =>
    api('POST', '/invites/accept', { body: { ...acceptBody, token } });
  const list = async (token = coachToken) => {
    const response = await api('GET', '/invites', { token });
    expect(response.status).toBe(200);
    return response.body as { items: InviteAnswer[]; total: number };
  };

  /** Makes a call that mails an invite and answers it with the token of the mailed link. */
  const mailedToken = async (call: () => Promise<TestResponse>, status: number) => {
    const before = server.mailSink.received.length;
    const response = await call();
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    const { email } = response.body as InviteAnswer;
    const mail = await server.mailSink.waitForMailTo(email, before);
    const link = /http:\/\/app\.coach\.test\/invite\?token=([A-Za-z0-9_%-]+)/.exec(
      mail?.text ?? '',
    );
    if (!link?.[1]) throw new Error('no invite link in the mail');
    return { response, token: decodeURIComponent(link[1]) };
  };
  const invite = async (email: string, token = coachToken) => {
    const sent = await mailedToken(() => api('POST', '/invites', { token, body: { email } }), 201);
    return { ...(sent.response.body as InviteAnswer), token: sent.token };
  };
  /** A coach of a test's own, signed in: its list holds only the invites that test sends. */
  const signedInCoach = async (email: string) => {
    const user = await createUserWithProfile(server.database, {
      email,
      password: 'Coach123!',
      type: 'coach',
    });
    return { ...user, token: await signInForTest(server, user.userId) };
  };
  const storedInvite = async (id: string) => {
    const [row] = await server.database.db
      .select()
      .from(schema.invites)
      .where(eq(schema.invites.id, id));
    return row;
  };

  beforeAll(async () => {
    server = await startTestServer({
      services: ['auth'],
      auth: { now: () => clock.now },
      mailOutbox: { initialDelayMs: 100 },
    });
    coach = await createUserWithProfile(server.database, {
      email: 'coach@example.com',
      password: 'Coach123!',
      type: 'coach',
      firstName: 'Casey',
      lastName: 'Coach',
    });
    otherCoach = await createUserWithProfile(server.database, {
      email: 'other.coach@example.com',
      password: 'Coach123!',
      type: 'coach',
      firstName: ' ',
      lastName: '',
    });
    const client = await createUserWithProfile(server.database, {
      email: 'client@example.com',
      password: 'Client123!',
      type: 'user',
      coachPersonId: coach.personId,
    });
    coachToken = await signInForTest(server, coach.userId);
    otherCoachToken = await signInForTest(server, otherCoach.userId);
    clientToken = await signInForTest(server, client.userId);
  });
  afterAll(() => server?.close());

  it('answers a new invite with its expiry, 14 days after it was sent', async () => {
    const sent = await invite('expiry@example.com');
    expect(sent.sentAt).toBe(clock.now.toISOString());
    expect(sent.expiresAt).toBe(new Date(clock.now.getTime() + 14 * day).toISOString());
  });

  it("lists the coach's pending invites newest first, expired ones included, not used or withdrawn ones", async () => {
    // Two coaches of its own: the other tests' invites are in neither list.
    const { token } = await signedInCoach('list.coach@example.com');
    const other = await signedInCoach('list.other.coach@example.com');
    const start = clock.now;
    const at = (days: number) => new Date(start.getTime() + days * day);
    try {
      clock.now = at(-20);
      const expired = await invite('list.expired@example.com', token);
      clock.now = at(-2);
      const older = await invite('list.older@example.com', token);
      clock.now = at(-1);
      const used = await invite('list.used@example.com', token);
      const withdrawn = await invite('list.withdrawn@example.com', token);
      await invite('list.other@example.com', other.token);
      clock.now = start;
      const newer = await invite('list.newer@example.com', token);
      expect((await accept(used.token)).status).toBe(200);
      expect((await api('DELETE', `/invites/${withdrawn.id}`, { token })).status).toBe(204);

      const { items, total } = await list(token);
      expect(items.map((item) => item.email)).toEqual([newer.email, older.email, expired.email]);
      expect(total).toBe(items.length);
      expect(items[2]).toEqual({
        id: expired.id,
        email: expired.email,
        status: 'pending',
        sentAt: at(-20).toISOString(),
        expiresAt: at(-6).toISOString(),
      });
      const others = await list(other.token);
      expect(others.items.map((item) => item.email)).toEqual(['list.other@example.com']);
    } finally {
      clock.now = start;
    }
  });

  it('refuses the coach routes to a client with 403, as inviting does', async () => {
    const listed = await api('GET', '/invites', { token: clientToken });
    expect(listed.status).toBe(403);
    expect(listed.body).toMatchObject({ error: 'forbidden' });
    const { id } = await invite('client.refused@example.com');
    for (const [method, path] of [
      ['POST', `/invites/${id}/resend`],
      ['DELETE', `/invites/${id}`],
    ] as const) {
      expect((await api(method, path, { token: clientToken })).status).toBe(403);
    }
  });

  it('resends with a new link and a new period: the old link stops, the new one works', async () => {
    const first = await invite('resend.new@example.com');
    const start = clock.now;
    clock.now = new Date(start.getTime() + 3 * day);
    try {
      const resent = await mailedToken(
        () => api('POST', `/invites/${first.id}/resend`, { token: coachToken }),
        200,
      );
      expect(resent.response.body).toEqual({
        id: first.id,
        email: 'resend.new@example.com',
        status: 'pending',
        sentAt: clock.now.toISOString(),
        expiresAt: new Date(clock.now.getTime() + 14 * day).toISOString(),
      });
      expect((await list()).items[0]?.id).toBe(first.id);
      const stale = await check(first.token);
      expect(stale.status).toBe(404);
      expect(stale.body).toMatchObject({ error: 'invite_not_found' });
      expect((await accept(first.token)).status).toBe(404);
      expect((await check(resent.token)).status).toBe(200);
      expect((await accept(resent.token)).status).toBe(200);
    } finally {
      clock.now = start;
    }
  });

  it('revives an expired invite by resending it', async () => {
    const start = clock.now;
    clock.now = new Date(start.getTime() - 15 * day);
    const old = await invite('resend.expired@example.com');
    clock.now = start;
    expect((await check(old.token)).body).toMatchObject({ error: 'invite_expired' });
    const resent = await mailedToken(
      () => api('POST', `/invites/${old.id}/resend`, { token: coachToken }),
      200,
    );
    expect((await check(resent.token)).status).toBe(200);
  });

  it("answers 404 for another coach's, an accepted, a withdrawn or an unknown invite, and changes nothing", async () => {
    const theirs = await invite('theirs@example.com', otherCoachToken);
    const used = await invite('ids.used@example.com');
    expect((await accept(used.token)).status).toBe(200);
    const withdrawn = await invite('ids.withdrawn@example.com');
    expect((await api('DELETE', `/invites/${withdrawn.id}`, { token: coachToken })).status).toBe(
      204,
    );
    const before = await storedInvite(theirs.id);
    const mailsBefore = server.mailSink.received.length;
    for (const id of [theirs.id, used.id, withdrawn.id, crypto.randomUUID()]) {
      const resend = await api('POST', `/invites/${id}/resend`, { token: coachToken });
      expect(resend.status).toBe(404);
      expect(resend.body).toEqual({ error: 'not_found', message: 'Invite not found' });
      const withdraw = await api('DELETE', `/invites/${id}`, { token: coachToken });
      expect(withdraw.status).toBe(404);
    }
    expect(await storedInvite(theirs.id)).toEqual(before);
    expect(server.mailSink.received.length).toBe(mailsBefore);
    expect((await check(theirs.token)).status).toBe(200);
  });

  it('resends as usual while SMTP is down: the new link goes once SMTP is back', async () => {
    const sent = await invite('resend.fails@example.com');
    const { mailer } = server.context;
    let refused = 0;
    server.context.mailer = {
      send: () => {
        refused += 1;
        return Promise.reject(Object.assign(new Error('SMTP is down'), { code: 'ECONNREFUSED' }));
      },
    };
    let resent: Awaited<ReturnType<typeof mailedToken>>;
    try {
      const resending = mailedToken(
        () => api('POST', `/invites/${sent.id}/resend`, { token: coachToken }),
        200,
      );
      await expect.poll(() => refused).toBeGreaterThanOrEqual(1);
      server.context.mailer = mailer;
      resent = await resending;
    } finally {
      server.context.mailer = mailer;
    }
    expect(resent.response.body).toMatchObject({ id: sent.id, status: 'pending' });
    expect((await check(sent.token)).status).toBe(404);
    expect((await accept(resent.token)).status).toBe(200);
  });

  it('refuses to resend to an address that got an account meanwhile, as inviting refuses it', async () => {
    const sent = await invite('resend.registered@example.com');
    await createUserWithProfile(server.database, {
      email: 'resend.registered@example.com',
      password: 'Client123!',
      type: 'user',
    });
    const mailsBefore = server.mailSink.received.length;
    const resend = await api('POST', `/invites/${sent.id}/resend`, { token: coachToken });
    expect(resend.status).toBe(409);
    expect(resend.body).toEqual({
      error: 'already_registered',
      message: 'This address already has an account or a pending invite of another coach',
    });
    expect(server.mailSink.received.length).toBe(mailsBefore);
  });

  it('withdraws once: the row stays, revoked and audited; its link answers as an expired one', async () => {
    const sent = await invite('withdraw@example.com');
    const withdrawn = await api('DELETE', `/invites/${sent.id}`, { token: coachToken });
    expect(withdrawn.status).toBe(204);
    expect(await storedInvite(sent.id)).toMatchObject({ status: 'revoked' });
    const again = await api('DELETE', `/invites/${sent.id}`, { token: coachToken });
    expect(again.status).toBe(404);
    for (const answer of [await check(sent.token), await accept(sent.token)]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: 'invite_expired',
        message: 'This invite has expired. Ask your coach for a new one',
      });
    }
    expect((await list()).items.map((item) => item.id)).not.toContain(sent.id);
    const audits = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, 'invite_withdrawn'),
          eq(schema.auditLog.subject, 'withdraw@example.com'),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUserId: coach.userId,
      requestId: withdrawn.headers.get('x-request-id'),
      details: { inviteId: sent.id },
    });
    // The address may be invited again.
    expect((await invite('withdraw@example.com')).id).not.toBe(sent.id);
  });

  it("checks a link without using it: the address, the coach's name and the expiry", async () => {
    const sent = await invite('check@example.com');
    for (let time = 0; time < 2; time++) {
      const checked = await check(sent.token);
      expect(checked.status).toBe(200);
      expect(checked.body).toEqual({
        email: 'check@example.com',
        coachName: 'Casey Coach',
        expiresAt: sent.expiresAt,
      });
    }
    expect(await storedInvite(sent.id)).toMatchObject({ status: 'pending' });
    expect((await accept(sent.token)).status).toBe(200);
    const used = await check(sent.token);
    expect(used.status).toBe(409);
    expect(used.body).toEqual({
      error: 'invite_used',
      message: 'This invite has already been used',
    });
    const unknown = await check('no-such-token');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: 'invite_not_found',
      message: 'This invite link is not valid',
    });
  });

  it("names a coach without a name '' and refuses an expired link with 400", async () => {
    const sent = await invite('check.nameless@example.com', otherCoachToken);
    expect((await check(sent.token)).body).toMatchObject({ coachName: '' });
    const start = clock.now;
    clock.now = new Date(Date.parse(sent.expiresAt));
    try {
      const expired = await check(sent.token);
      expect(expired.status).toBe(400);
      expect(expired.body).toMatchObject({ error: 'invite_expired' });
    } finally {
      clock.now = start;
    }
  });

  it('lists at most the contract limit, the most recently sent, with the total', async () => {
    const crowded = await signedInCoach('crowded.coach@example.com');
    const count = limits.invitesListMax + 1;
    await server.database.db.insert(schema.invites).values(
      Array.from({ length: count }, (_, index) => ({
        organisationId: server.database.organisationId,
        coachPersonId: crowded.personId,
        email: `crowd-${index}@example.com`,
        tokenHash: `hash-${index}`,
        lastSentAt: new Date(clock.now.getTime() - index * 60_000),
        expiresAt: new Date(clock.now.getTime() + day),
      })),
    );
    const { items, total } = await list(crowded.token);
    expect(total).toBe(count);
    expect(items).toHaveLength(limits.invitesListMax);
    expect(items[0]?.email).toBe('crowd-0@example.com');
    expect(items.at(-1)?.email).toBe(`crowd-${limits.invitesListMax - 1}@example.com`);
  });
});

describe('auth service: invite limits', () => {
  let server: TestServer;
  let coachToken: string;
  const clock = { now: new Date() };
  const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
    callApi(server.baseUrl, method, `/api/auth${path}`, options);

  beforeAll(async () => {
    server = await startTestServer({
      services: ['auth'],
      auth: {
        now: () => clock.now,
        rateLimits: {
          inviteCreate: { perAccount: { max: 3, windowSeconds: 3600 } },
          inviteCheck: { perIp: { max: 3, windowSeconds: 900 } },
        },
      },
    });
    const coach = await createUserWithProfile(server.database, {
      email: 'coach@example.com',
      password: 'Coach123!',
      type: 'coach',
    });
    coachToken = await signInForTest(server, coach.userId);
  });
  afterAll(() => server?.close());

  it("counts resends against the coach's invite limit, with creating", async () => {
    const created = await api('POST', '/invites', {
      token: coachToken,
      body: { email: 'limit@example.com' },
    });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    const resend = () => api('POST', `/invites/${id}/resend`, { token: coachToken });
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(200);
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const refused = await api('POST', '/invites', {
      token: coachToken,
      body: { email: 'limit.second@example.com' },
    });
    expect(refused.status).toBe(429);
    expect(await server.mailSink.waitFor(3)).toHaveLength(3);
  });

  it('rate limits checks per client address, then lets them through in the next window', async () => {
    const check = () => api('POST', '/invites/check', { body: { token: 'not-a-token' } });
    for (let attempt = 0; attempt < 3; attempt++) expect((await check()).status).toBe(404);
    const limited = await check();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.now = new Date(clock.now.getTime() + 901_000);
    expect((await check()).status).toBe(404);
  });
});
