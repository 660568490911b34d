import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  callApi,
  callApiFrom,
  createUserWithProfile,
  type TestResponse,
  type TestUser,
} from '../../../test/auth.ts';
import { clientAddress } from '../../../test/fromAddress.ts';
import type { ReceivedMail } from '../../../test/mailSink.ts';
import { assert, register } from '../../../test/softwareAuthenticator.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';
import { unknownBrowserWrongCodesMax } from './factors/codes.ts';
import { knownBrowserCookie } from './factors/knownBrowsers.ts';

// Issue 64, each attack as it was reproduced against the running product, over real HTTP (on
// PGlite and on PostgreSQL): a stolen session that adds its own factor and counts it as the
// step-up, strangers who spend the owner's reset mails or block the specification's reset bodies,
// slow guessing of authenticator codes and of a step's passkey options, and what the owner is told
// (the security notices, their 'it was not me' link) in English and in Spanish.

type Tokens = { accessToken: string; refreshToken: string };
type Step = { secondStep: { token: string; methods: string[] } };
type Options = { challengeId: string; options: Record<string, unknown> };

const password = 'Coach123!';
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0';
const unnamedChecksPerDay = 10;
let server: TestServer;
let startMs = 0;
let offsetMs = 0;
const now = () => new Date(Date.now() + startMs + offsetMs);
const minutes = (count: number) => count * 60_000;
const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
  callApi(server.baseUrl, method, `/api/auth${path}`, options);
const apiFrom = (
  index: number,
  method: string,
  path: string,
  options?: Parameters<typeof callApiFrom>[4],
) => callApiFrom(clientAddress(index), server.baseUrl, method, `/api/auth${path}`, options);

const codeOf = (secret: string, stepsLater = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: now().getTime() + stepsLater * 30_000,
  });

/** The known-browser cookie an answer set, as a request sends it back. */
function cookieOf(response: TestResponse): string {
  const header = response.headers.get('set-cookie') ?? '';
  const pair = header.split(';')[0] ?? '';
  expect(pair.startsWith(`${knownBrowserCookie}=`), header).toBe(true);
  expect(header).toMatch(/HttpOnly/);
  expect(header).toMatch(/SameSite=Strict/);
  return pair;
}

let seq = 0;
async function newCoach(language?: 'es'): Promise<TestUser> {
  seq += 1;
  return createUserWithProfile(server.database, {
    email: `takeover-${seq}@example.com`,
    password,
    type: 'coach',
    ...(language ? { language } : {}),
  });
}

/** A password sign-in of an account without a factor: its tokens and its browser's cookie. */
async function passwordSession(email: string, headers: Record<string, string> = {}) {
  const response = await api('POST', '/login', { body: { email, password }, headers });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { ...(response.body as Tokens), cookie: cookieOf(response) };
}

async function enrolAuthenticator(token: string, headers: Record<string, string> = {}) {
  const started = await api('POST', '/authenticator/enrolment', { token, headers });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { secret } = started.body as { secret: string };
  const confirmed = await api('POST', '/authenticator', {
    token,
    headers,
    body: { code: codeOf(secret) },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return secret;
}

async function addPasskey(token: string, headers: Record<string, string> = {}) {
  const options = await api('POST', '/passkeys/registration/options', { token, headers });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const { challengeId, options: creation } = options.body as Options;
  const { passkey, credential } = register(creation);
  const response = await api('POST', '/passkeys', {
    token,
    headers,
    body: { name: 'Laptop', challengeId, credential },
  });
  return Object.assign(response, { passkey });
}

/** The first mail from `since` on to `email` whose subject matches. */
function mailTo(email: string, subject: RegExp, since = 0): Promise<ReceivedMail> {
  return server.mailSink.waitForMail(
    (mail) => mail.to.includes(email) && subject.test(mail.subject),
    since,
  );
}

/** The link of a security notice. */
function linkOf(mail: ReceivedMail): URL {
  const link = /https?:\/\/\S+\/secure\?token=\S+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  return new URL(link ?? '');
}

beforeAll(async () => {
  server = await startTestServer({
    services: ['auth', 'account'],
    auth: {
      now,
      resetCodeAccountDailyMaxWrong: unnamedChecksPerDay,
      rateLimits: {
        // The year's budget of unknown browsers is what these tests reach, not the windows.
        secondFactor: {
          perAccount: { max: 1000, windowSeconds: 900 },
          perIp: { max: 1000, windowSeconds: 900 },
        },
        factorChallenge: { perIp: { max: 1000, windowSeconds: 900 } },
        resetRequest: { perIp: { max: 1000, windowSeconds: 900 } },
        verifyCode: { perIp: { max: 1000, windowSeconds: 900 } },
      },
    },
  });
});
afterAll(() => server?.close());
beforeEach(() => {
  // A second into an authenticator step (see factors.test.ts).
  startMs = 1000 - (Date.now() % 30_000);
  offsetMs = 0;
});

describe('a stolen session', () => {
  it('cannot add a factor of its own, nor make it the step-up, on an account with one', async () => {
    const coach = await newCoach();
    const owner = await passwordSession(coach.email);
    await enrolAuthenticator(owner.accessToken);
    // Later, a copy of the owner's session (a leaked token): its proofs are old.
    offsetMs += minutes(6);
    const stolen = owner.accessToken;
    const options = await api('POST', '/passkeys/registration/options', { token: stolen });
    expect(options.status).toBe(403);
    expect(options.body).toMatchObject({ error: 'second_factor_needed' });
    const codes = await api('POST', '/recovery-codes', { token: stolen });
    expect(codes.body).toMatchObject({ error: 'second_factor_needed' });
    const removal = await api('DELETE', '/authenticator', { token: stolen });
    expect(removal.body).toMatchObject({ error: 'second_factor_needed' });
    const methods = await api('GET', '/sign-in-methods', { token: stolen });
    expect(methods.body).toMatchObject({ passkeys: [], authenticator: expect.any(Object) });
  });

  it('adds a first factor only with the password entered lately, and adding is no proof', async () => {
    const coach = await newCoach();
    const owner = await passwordSession(coach.email);
    offsetMs += minutes(6);
    const token = owner.accessToken;
    const refused = await api('POST', '/passkeys/registration/options', { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'password_needed' });
    const wrong = await api('POST', '/session/password', {
      token,
      body: { password: 'Not-it-123!' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'wrong_password' });
    expect((await api('POST', '/session/password', { token, body: { password } })).status).toBe(
      204,
    );
    const added = await addPasskey(token);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    // The passkey it added does not open the step-up: removing it asks for a second factor.
    const removal = await api('DELETE', `/passkeys/${(added.body as { id: string }).id}`, {
      token,
    });
    expect(removal.status).toBe(403);
    expect(removal.body).toMatchObject({ error: 'second_factor_needed' });
  });
});

describe('security notices', () => {
  it('tell the owner what changed, when and from which browser, with a link that ends every session', async () => {
    const coach = await newCoach();
    const since = server.mailSink.received.length;
    const owner = await passwordSession(coach.email, { 'user-agent': firefox });
    const other = await passwordSession(coach.email);
    const added = await addPasskey(owner.accessToken, { 'user-agent': firefox });
    expect(added.status).toBe(201);
    const notice = await mailTo(coach.email, /^A passkey was added to your Coach account$/, since);
    expect(notice.text).toContain('A passkey was added to your Coach account.');
    expect(notice.text).toContain('From: Firefox on Linux.');
    expect(notice.text).toMatch(/When: .+ UTC\./);
    expect(notice.text).toContain('If it was not you, open this link');
    // No secret: no code, no token of a session.
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    for (const secret of [owner.accessToken, owner.refreshToken, other.refreshToken]) {
      expect(notice.raw).not.toContain(secret);
    }
    const link = linkOf(notice);
    expect(link.pathname).toBe('/secure');

    const forged = `${link.searchParams.get('token')?.slice(0, -4)}0000`;
    expect((await api('POST', '/security-link', { body: { token: forged } })).status).toBe(400);
    const used = await api('POST', '/security-link', {
      body: { token: link.searchParams.get('token') },
    });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    const { email, resetRequestId } = used.body as { email: string; resetRequestId: string };
    expect(email).toBe(coach.email);
    // Every session ended, the link's reset mailed, and its code works with its request.
    for (const token of [owner.accessToken, other.accessToken]) {
      expect((await api('GET', '/session/current', { token })).status).toBe(401);
    }
    const codeMail = await mailTo(coach.email, /password reset code/, since);
    const code = /\b(\d{6})\b/.exec(codeMail.text)?.[1];
    const verified = await api('POST', '/passwordReset/verifyCode', {
      body: { email, resetPasswordCode: code, resetRequestId },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    // The owner, back with their passkey, sees the link's use among the account's events.
    const signIn = await api('POST', '/passkeys/sign-in/options');
    const request = signIn.body as Options;
    const back = await api('POST', '/passkeys/sign-in', {
      body: {
        challengeId: request.challengeId,
        credential: assert(added.passkey, request.options),
      },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const events = await api('GET', '/security-events', {
      token: (back.body as Tokens).accessToken,
    });
    const kinds = (events.body as { events: { kind: string }[] }).events.map((e) => e.kind);
    expect(kinds.slice(0, 3)).toEqual(['signIn', 'securityLinkUsed', 'passkeyAdded']);
  });

  it("are in the owner's language, for a changed password too", async () => {
    const coach = await newCoach('es');
    const since = server.mailSink.received.length;
    const owner = await passwordSession(coach.email, { 'user-agent': firefox });
    expect((await addPasskey(owner.accessToken)).status).toBe(201);
    const notice = await mailTo(coach.email, /llave de acceso/, since);
    expect(notice.subject).toBe('Se ha añadido una llave de acceso a tu cuenta de Coach');
    expect(notice.text).toContain('Si no has sido tú, abre este enlace');
    expect(linkOf(notice).pathname).toBe('/secure');

    const requested = await api('POST', '/passwordReset/request', { body: { email: coach.email } });
    const { resetRequestId } = requested.body as { resetRequestId: string };
    const codeMail = await mailTo(coach.email, /restablecer la contraseña/, since);
    const code = /\b(\d{6})\b/.exec(codeMail.text)?.[1];
    // An account with a passkey: the reset waits for it (202), and changes nothing before.
    const reset = await api('POST', '/passwordReset', {
      body: { email: coach.email, password: 'Nueva123!', resetPasswordCode: code, resetRequestId },
    });
    expect(reset.status).toBe(202);
    expect(server.mailSink.received.slice(since).map((mail) => mail.subject)).not.toContain(
      'Se ha cambiado la contraseña de tu cuenta de Coach',
    );
  });

  it('tell the owner of a password changed by a reset', async () => {
    const coach = await newCoach();
    const since = server.mailSink.received.length;
    const requested = await api('POST', '/passwordReset/request', {
      body: { email: coach.email },
      headers: { 'user-agent': firefox },
    });
    const { resetRequestId } = requested.body as { resetRequestId: string };
    const codeMail = await mailTo(coach.email, /password reset code/, since);
    const code = /\b(\d{6})\b/.exec(codeMail.text)?.[1];
    const reset = await api('POST', '/passwordReset', {
      body: {
        email: coach.email,
        password: 'Newpass123!',
        resetPasswordCode: code,
        resetRequestId,
      },
      headers: { 'user-agent': firefox },
    });
    expect(reset.status).toBe(200);
    const notice = await mailTo(coach.email, /password of your Coach account was changed/, since);
    expect(notice.text).toContain('From: Firefox on Linux.');
    expect(notice.text).not.toContain('Newpass123!');
  });
});

describe('resets no stranger can block', () => {
  it("still mail the owner's own browser a code after strangers spent the account's mails", async () => {
    const coach = await newCoach();
    const { cookie } = await passwordSession(coach.email);
    const since = server.mailSink.received.length;
    // Ten strangers' requests: the account's ten mails of the hour.
    for (let index = 0; index < 10; index += 1) {
      const asked = await apiFrom(index, 'POST', '/passwordReset/request', {
        body: { email: coach.email },
      });
      expect(asked.status).toBe(202);
    }
    const mails = () =>
      server.mailSink.received.slice(since).filter((mail) => mail.to.includes(coach.email));
    await expect.poll(() => mails().length, { timeout: 10_000 }).toBe(10);
    const mailsBefore = server.mailSink.received.length;
    // The owner, from the browser they signed in with: a code of their own, mailed.
    const asked = await api('POST', '/passwordReset/request', {
      body: { email: coach.email },
      headers: { cookie },
    });
    const { resetRequestId } = asked.body as { resetRequestId: string };
    const mail = await mailTo(coach.email, /password reset code/, mailsBefore);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    const verified = await api('POST', '/passwordReset/verifyCode', {
      body: { email: coach.email, resetPasswordCode: code, resetRequestId },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  });

  it('let the owner on a new browser use the code already in their mailbox with their request', async () => {
    const coach = await newCoach();
    const since = server.mailSink.received.length;
    // Ten strangers at once: their codes are made side by side, after their answers.
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        apiFrom(index, 'POST', '/passwordReset/request', { body: { email: coach.email } }),
      ),
    );
    const mails = () =>
      server.mailSink.received.slice(since).filter((mail) => mail.to.includes(coach.email));
    await expect.poll(() => mails().length, { timeout: 10_000 }).toBe(10);
    // The owner on a new device: no more mail comes, but the newest one's code is theirs too.
    const asked = await apiFrom(20, 'POST', '/passwordReset/request', {
      body: { email: coach.email },
    });
    const { resetRequestId } = asked.body as { resetRequestId: string };
    const newest = mails().at(-1);
    const code = /\b(\d{6})\b/.exec(newest?.text ?? '')?.[1];
    // The request is taken after its answer: waited for by its audit row, as each check is a
    // try the throttle counts (polling the check itself ran into its 429 on a slow machine).
    const attached = async () =>
      (
        await server.database.db
          .select({ details: schema.auditLog.details })
          .from(schema.auditLog)
          .where(
            and(
              eq(schema.auditLog.action, 'password_reset_requested'),
              eq(schema.auditLog.subject, coach.email),
            ),
          )
      ).filter((row) => (row.details as { isAttached?: boolean } | null)?.isAttached).length;
    await expect.poll(attached, { timeout: 10_000 }).toBe(1);
    const verified = await apiFrom(20, 'POST', '/passwordReset/verifyCode', {
      body: { email: coach.email, resetPasswordCode: code, resetRequestId },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(mails().length).toBe(10);
  });

  it("let the specification's bodies in from where the code was asked, after strangers' wrong codes", async () => {
    const coach = await newCoach();
    const since = server.mailSink.received.length;
    const owner = 30;
    await apiFrom(owner, 'POST', '/passwordReset/request', { body: { email: coach.email } });
    const mail = await mailTo(coach.email, /password reset code/, since);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    const wrong = code === '000000' ? '000001' : '000000';
    // Strangers spend the day's budget of checks that name no request, then some.
    for (let index = 0; index < unnamedChecksPerDay + 2; index += 1) {
      await apiFrom(40 + (index % 5), 'POST', '/passwordReset/verifyCode', {
        body: { email: coach.email, resetPasswordCode: wrong },
      });
    }
    const stranger = await apiFrom(45, 'POST', '/passwordReset/verifyCode', {
      body: { email: coach.email, resetPasswordCode: code },
    });
    expect(stranger.status).toBe(429);
    const verified = await apiFrom(owner, 'POST', '/passwordReset/verifyCode', {
      body: { email: coach.email, resetPasswordCode: code },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  });
});

describe('second-step guessing', () => {
  it("refuses strangers' app codes past the year's budget, never the owner's own browser's", async () => {
    const coach = await newCoach();
    const owner = await passwordSession(coach.email);
    const secret = await enrolAuthenticator(owner.accessToken);
    const since = server.mailSink.received.length;
    // A stranger with the password, from a browser of theirs.
    const login = await apiFrom(50, 'POST', '/login', { body: { email: coach.email, password } });
    expect(login.status).toBe(202);
    const { token } = (login.body as Step).secondStep;
    const right = codeOf(secret, 1);
    const wrong = right === '000000' ? '000001' : '000000';
    for (let index = 0; index < unknownBrowserWrongCodesMax; index += 1) {
      const guess = await apiFrom(50 + (index % 3), 'POST', '/login/second-step', {
        body: { token, method: 'totp', code: wrong },
      });
      expect(guess.status, JSON.stringify(guess.body)).toBe(400);
    }
    const notice = await mailTo(coach.email, /^Wrong sign-in codes were entered/, since);
    expect(notice.text).toContain('entered 3 wrong authenticator codes');
    expect(notice.text).toContain('Choose a new password now');
    // Even the right code is refused to an unknown browser now.
    const lucky = await apiFrom(51, 'POST', '/login/second-step', {
      body: { token, method: 'totp', code: right },
    });
    expect(lucky.status).toBe(429);
    // The owner, in the browser they signed in with, passes with their right code.
    const ownStep = await api('POST', '/login', {
      body: { email: coach.email, password },
      headers: { cookie: owner.cookie },
    });
    const passed = await api('POST', '/login/second-step', {
      body: {
        token: (ownStep.body as Step).secondStep.token,
        method: 'totp',
        code: right,
      },
      headers: { cookie: owner.cookie },
    });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
  });

  it("never refuses the owner's passkey options because of strangers' requests", async () => {
    const coach = await newCoach();
    const owner = await passwordSession(coach.email);
    expect((await addPasskey(owner.accessToken)).status).toBe(201);
    const stranger = await apiFrom(60, 'POST', '/login', {
      body: { email: coach.email, password },
    });
    const { token } = (stranger.body as Step).secondStep;
    let refusedAt = 0;
    for (let index = 1; index <= 61 && refusedAt === 0; index += 1) {
      const asked = await apiFrom(60 + (index % 2), 'POST', '/login/second-step/passkey/options', {
        body: { token },
      });
      if (asked.status === 429) refusedAt = index;
    }
    // The account's 60 an hour are spent (one by the owner's own enrolment).
    expect(refusedAt).toBeGreaterThan(0);
    const ownStep = await api('POST', '/login', {
      body: { email: coach.email, password },
      headers: { cookie: owner.cookie },
    });
    const options = await api('POST', '/login/second-step/passkey/options', {
      body: { token: (ownStep.body as Step).secondStep.token },
      headers: { cookie: owner.cookie },
    });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
  });
});
