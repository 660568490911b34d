import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, createUserWithProfile, type TestUser } from '../../../../test/auth.ts';
import { assert, register, type SoftPasskey } from '../../../../test/softwareAuthenticator.ts';
import { startTestServer, type TestServer } from '../../../../test/testServer.ts';
import { schema } from '../../../db/index.ts';

// A coach's second factors over real HTTP (decision 73): authenticator codes computed here from
// the secret, passkeys of a software authenticator, and the hostile cases: replayed and foreign
// codes and assertions, floods of wrong codes, second steps reused or over, a reset that ends on
// the second step, and the step-up before removing a factor.

type Tokens = { accessToken: string; refreshToken: string };
type Step = { secondStep: { token: string; expiresAt: string; methods: string[] } };
type Options = { challengeId: string; options: Record<string, unknown> };

const password = 'Coach123!';
let server: TestServer;
/** The server's clock: this machine's, moved by the test (`offsetMs`) from `startMs`. */
let startMs = 0;
let offsetMs = 0;
const now = () => new Date(Date.now() + startMs + offsetMs);
const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
  callApi(server.baseUrl, method, `/api/auth${path}`, options);

/** The app's code for `secret` at the server's time (plus `stepsLater` steps). */
const codeOf = (secret: string, stepsLater = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: now().getTime() + stepsLater * 30_000,
  });

async function login(email: string) {
  return api('POST', '/login', { body: { email, password } });
}

async function passwordSession(email: string): Promise<Tokens> {
  const response = await login(email);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Tokens;
}

async function secondStep(email: string): Promise<Step['secondStep']> {
  const response = await login(email);
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return (response.body as Step).secondStep;
}

/** Turns the authenticator app on for the session's coach: its secret and recovery codes. */
async function enrolAuthenticator(token: string) {
  const started = await api('POST', '/authenticator/enrolment', { token });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { secret, qrSvg, uri } = started.body as { secret: string; qrSvg: string; uri: string };
  expect(qrSvg).toContain('<svg');
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  const confirmed = await api('POST', '/authenticator', { token, body: { code: codeOf(secret) } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const { recoveryCodes } = confirmed.body as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

/** Adds a passkey of the software authenticator to the session's coach. */
async function addPasskey(token: string, name = 'Laptop'): Promise<SoftPasskey> {
  const options = await api('POST', '/passkeys/registration/options', { token });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const { challengeId, options: creation } = options.body as Options;
  const { passkey, credential } = register(creation);
  const added = await api('POST', '/passkeys', { token, body: { name, challengeId, credential } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return passkey;
}

async function signInOptions(): Promise<Options> {
  const response = await api('POST', '/passkeys/sign-in/options');
  expect(response.status).toBe(200);
  return response.body as Options;
}

let seq = 0;
async function newCoach(): Promise<TestUser> {
  seq += 1;
  return createUserWithProfile(server.database, {
    email: `coach-${seq}@example.com`,
    password,
    type: 'coach',
  });
}

beforeAll(async () => {
  server = await startTestServer({
    services: ['auth'],
    auth: {
      now,
      rateLimits: {
        secondFactor: {
          perAccount: { max: 5, windowSeconds: 900 },
          perIp: { max: 1000, windowSeconds: 900 },
        },
        factorChallenge: { perIp: { max: 10_000, windowSeconds: 900 } },
      },
    },
  });
});
afterAll(() => server?.close());
beforeEach(() => {
  // Each test starts a second into an authenticator step: a code computed a moment after another
  // (on a slow machine, seconds after) is the same step's code, not the next step's.
  startMs = 1000 - (Date.now() % 30_000);
  offsetMs = 0;
});

describe('authenticator codes', () => {
  it('enrols with a first code, then a password alone reaches only the second step', async () => {
    const coach = await newCoach();
    const session = await passwordSession(coach.email);
    const { secret, recoveryCodes } = await enrolAuthenticator(session.accessToken);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes)
      expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    const methods = await api('GET', '/sign-in-methods', { token: session.accessToken });
    expect(methods.body).toMatchObject({
      passkeys: [],
      authenticator: { addedAt: expect.any(String) },
      recoveryCodesLeft: 10,
      mustEnrol: false,
      isSecondFactorRequired: false,
    });
    const step = await secondStep(coach.email);
    expect(step.methods).toEqual(['totp', 'recovery']);
    // The stored secret is sealed: not the base32 text.
    const [row] = await server.database.db
      .select()
      .from(schema.authenticatorApps)
      .where(eq(schema.authenticatorApps.userId, coach.userId));
    expect(row?.secretSealed).not.toContain(secret);
    // The code that confirmed the app is used: refused a second time.
    const replayed = await api('POST', '/login/second-step', {
      body: { token: step.token, method: 'totp', code: codeOf(secret) },
    });
    expect(replayed.status).toBe(400);
    expect(replayed.body).toMatchObject({ error: 'wrong_code' });
    offsetMs = 30_000;
    const passed = await api('POST', '/login/second-step', {
      body: { token: step.token, method: 'totp', code: codeOf(secret) },
    });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    const tokens = passed.body as Tokens;
    expect((await api('GET', '/session/current', { token: tokens.accessToken })).status).toBe(200);
    // The step is used: passing it again is refused, whatever the code.
    const again = await api('POST', '/login/second-step', {
      body: { token: step.token, method: 'totp', code: codeOf(secret, 1) },
    });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ error: 'second_step_expired' });
    // A code used to pass a step is refused in the next one.
    const next = await secondStep(coach.email);
    const reused = await api('POST', '/login/second-step', {
      body: { token: next.token, method: 'totp', code: codeOf(secret) },
    });
    expect(reused.status).toBe(400);
  });

  it("refuses another account's code, and a step past its 5 minutes", async () => {
    const [coachA, coachB] = [await newCoach(), await newCoach()];
    await enrolAuthenticator((await passwordSession(coachA.email)).accessToken);
    const { secret: secretOfB } = await enrolAuthenticator(
      (await passwordSession(coachB.email)).accessToken,
    );
    offsetMs = 60_000;
    const step = await secondStep(coachA.email);
    const foreign = await api('POST', '/login/second-step', {
      body: { token: step.token, method: 'totp', code: codeOf(secretOfB) },
    });
    expect(foreign.status).toBe(400);
    offsetMs += 5 * 60_000 + 1000;
    const late = await api('POST', '/login/second-step', {
      body: { token: step.token, method: 'totp', code: '123456' },
    });
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ error: 'second_step_expired' });
  });

  it('takes a recovery code once', async () => {
    const coach = await newCoach();
    const { recoveryCodes } = await enrolAuthenticator(
      (await passwordSession(coach.email)).accessToken,
    );
    const [code] = recoveryCodes;
    const first = await secondStep(coach.email);
    const passed = await api('POST', '/login/second-step', {
      body: { token: first.token, method: 'recovery', code },
    });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    const second = await secondStep(coach.email);
    const reused = await api('POST', '/login/second-step', {
      body: { token: second.token, method: 'recovery', code },
    });
    expect(reused.status).toBe(400);
    const methods = await api('GET', '/sign-in-methods', {
      token: (passed.body as Tokens).accessToken,
    });
    expect(methods.body).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('throttles a flood of wrong codes (429 with Retry-After), audited without the codes', async () => {
    const coach = await newCoach();
    const { secret } = await enrolAuthenticator((await passwordSession(coach.email)).accessToken);
    const step = await secondStep(coach.email);
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let index = 0; index < 8; index++) {
      const response = await api('POST', '/login/second-step', {
        body: { token: step.token, method: 'totp', code: String(100000 + index) },
      });
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Even the right code waits now: the throttle is the account's.
    offsetMs = 30_000;
    const right = await api('POST', '/login/second-step', {
      body: { token: step.token, method: 'totp', code: codeOf(secret) },
    });
    expect(right.status).toBe(429);
    const failures = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, 'second_factor_failed'),
          eq(schema.auditLog.actorUserId, coach.userId),
        ),
      );
    expect(failures).toHaveLength(5);
    expect(JSON.stringify(failures)).not.toContain('100000');
    const refusals = await server.database.db
      .select()
      .from(schema.auditRefusals)
      .where(eq(schema.auditRefusals.action, 'secondFactor'));
    expect(refusals.length).toBeGreaterThan(0);
  });
});

describe('passkeys', () => {
  it('signs in with a passkey alone, and refuses the same assertion twice', async () => {
    const coach = await newCoach();
    const passkey = await addPasskey((await passwordSession(coach.email)).accessToken);
    const { challengeId, options } = await signInOptions();
    const credential = assert(passkey, options);
    const signedIn = await api('POST', '/passkeys/sign-in', { body: { challengeId, credential } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const tokens = signedIn.body as Tokens;
    const methods = await api('GET', '/sign-in-methods', { token: tokens.accessToken });
    expect(methods.body).toMatchObject({
      passkeys: [{ name: 'Laptop', lastUsedAt: expect.any(String) }],
      recentSecondFactorUntil: expect.any(String),
    });
    const replayed = await api('POST', '/passkeys/sign-in', { body: { challengeId, credential } });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({ error: 'invalid_credentials' });
    // Replayed against a fresh challenge: its signature is over another one.
    const fresh = await signInOptions();
    const onFresh = await api('POST', '/passkeys/sign-in', {
      body: { challengeId: fresh.challengeId, credential },
    });
    expect(onFresh.status).toBe(401);
  });

  it('refuses a wrong origin, a wrong relying party, no user verification, a counter going back', async () => {
    const coach = await newCoach();
    const passkey = await addPasskey((await passwordSession(coach.email)).accessToken);
    const attempt = async (ceremony: Parameters<typeof assert>[2]) => {
      const { challengeId, options } = await signInOptions();
      const credential = assert(passkey, options, ceremony);
      return (await api('POST', '/passkeys/sign-in', { body: { challengeId, credential } })).status;
    };
    expect(await attempt({ origin: 'http://evil.example' })).toBe(401);
    expect(await attempt({ rpId: 'evil.example' })).toBe(401);
    expect(await attempt({ isUserVerified: false })).toBe(401);
    expect(await attempt({ counter: 10 })).toBe(200);
    expect(await attempt({ counter: 5 })).toBe(401);
    expect(await attempt({ counter: 10 })).toBe(401);
    expect(await attempt({ counter: 11 })).toBe(200);
  });

  it("passes a second step with the account's passkey, never another account's", async () => {
    const [coachA, coachB] = [await newCoach(), await newCoach()];
    const passkeyA = await addPasskey((await passwordSession(coachA.email)).accessToken);
    const passkeyB = await addPasskey((await passwordSession(coachB.email)).accessToken);
    const step = await secondStep(coachA.email);
    expect(step.methods).toEqual(['passkey']);
    const optionsOf = async () => {
      const response = await api('POST', '/login/second-step/passkey/options', {
        body: { token: step.token },
      });
      expect(response.status).toBe(200);
      return response.body as Options;
    };
    const first = await optionsOf();
    expect(first.options.allowCredentials).toHaveLength(1);
    const foreign = await api('POST', '/login/second-step/passkey', {
      body: {
        token: step.token,
        challengeId: first.challengeId,
        credential: assert(passkeyB, first.options),
      },
    });
    expect(foreign.status).toBe(400);
    // A challenge of the sign-in with a passkey alone does not pass a second step.
    const other = await signInOptions();
    const wrongChallenge = await api('POST', '/login/second-step/passkey', {
      body: {
        token: step.token,
        challengeId: other.challengeId,
        credential: assert(passkeyA, other.options),
      },
    });
    expect(wrongChallenge.status).toBe(400);
    const second = await optionsOf();
    const passed = await api('POST', '/login/second-step/passkey', {
      body: {
        token: step.token,
        challengeId: second.challengeId,
        credential: assert(passkeyA, second.options),
      },
    });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
  });

  it('renames and, with a second factor of the last 5 minutes, removes a passkey', async () => {
    const [coach, stranger] = [await newCoach(), await newCoach()];
    const passkey = await addPasskey((await passwordSession(coach.email)).accessToken);
    const { challengeId, options } = await signInOptions();
    const signedIn = await api('POST', '/passkeys/sign-in', {
      body: { challengeId, credential: assert(passkey, options) },
    });
    const { accessToken: token } = signedIn.body as Tokens;
    const list = await api('GET', '/sign-in-methods', { token });
    const [{ id }] = (list.body as { passkeys: { id: string }[] }).passkeys as [{ id: string }];
    const strangerToken = (await passwordSession(stranger.email)).accessToken;
    expect(
      (await api('PATCH', `/passkeys/${id}`, { token: strangerToken, body: { name: 'Mine' } }))
        .status,
    ).toBe(404);
    expect((await api('DELETE', `/passkeys/${id}`, { token: strangerToken })).status).toBe(404);
    const renamed = await api('PATCH', `/passkeys/${id}`, { token, body: { name: 'Work laptop' } });
    expect(renamed.body).toMatchObject({ id, name: 'Work laptop' });
    offsetMs = 6 * 60_000;
    const tooLate = await api('DELETE', `/passkeys/${id}`, { token });
    expect(tooLate.status).toBe(403);
    expect(tooLate.body).toMatchObject({ error: 'second_factor_needed' });
    const stepUp = await api('POST', '/session/second-factor/passkey/options', { token });
    const { challengeId: stepUpChallenge, options: stepUpOptions } = stepUp.body as Options;
    const confirmed = await api('POST', '/session/second-factor/passkey', {
      token,
      body: { challengeId: stepUpChallenge, credential: assert(passkey, stepUpOptions) },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(204);
    expect((await api('DELETE', `/passkeys/${id}`, { token })).status).toBe(204);
    // No second factor left: a password signs in again.
    expect((await login(coach.email)).status).toBe(200);
  });

  it('asks for a recent second factor to turn codes off or make new recovery codes, given by a code', async () => {
    const coach = await newCoach();
    const { secret } = await enrolAuthenticator((await passwordSession(coach.email)).accessToken);
    offsetMs = 30_000;
    const step = await secondStep(coach.email);
    const passed = await api('POST', '/login/second-step', {
      body: { token: step.token, method: 'totp', code: codeOf(secret) },
    });
    const { accessToken: token } = passed.body as Tokens;
    offsetMs = 30_000 + 6 * 60_000;
    expect((await api('POST', '/recovery-codes', { token })).status).toBe(403);
    expect((await api('DELETE', '/authenticator', { token })).status).toBe(403);
    const confirmed = await api('POST', '/session/second-factor', {
      token,
      body: { method: 'totp', code: codeOf(secret) },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(204);
    const renewed = await api('POST', '/recovery-codes', { token });
    expect(renewed.status).toBe(200);
    expect((renewed.body as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    expect((await api('DELETE', '/authenticator', { token })).status).toBe(204);
    expect((await login(coach.email)).status).toBe(200);
  });
});

describe('a password reset', () => {
  it('changes nothing with the mailbox alone on an account with a second factor (issue 64)', async () => {
    const coach = await newCoach();
    const session = await passwordSession(coach.email);
    const { secret } = await enrolAuthenticator(session.accessToken);
    const requested = await api('POST', '/passwordReset/request', { body: { email: coach.email } });
    const { resetRequestId } = requested.body as { resetRequestId: string };
    const mail = await server.mailSink.waitForMail(
      (message) => message.to.includes(coach.email) && /reset code/.test(message.subject),
    );
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    const reset = await api('POST', '/passwordReset', {
      body: {
        email: coach.email,
        password: 'Newpass123!',
        resetPasswordCode: code,
        resetRequestId,
      },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(202);
    const step = (reset.body as Step).secondStep;
    expect(step.methods).toEqual(['totp', 'recovery']);
    // Before the factor: the password is the old one, and the sessions go on.
    expect((await login(coach.email)).status).toBe(202);
    expect((await api('GET', '/session/current', { token: session.accessToken })).status).toBe(200);
    const passed = await api('POST', '/login/second-step', {
      body: { token: step.token, method: 'totp', code: codeOf(secret, 1) },
    });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    // After it: the new password, and the former sessions ended.
    expect((await login(coach.email)).status).toBe(401);
    const renewed = await api('POST', '/login', {
      body: { email: coach.email, password: 'Newpass123!' },
    });
    expect(renewed.status).toBe(202);
    expect((await api('GET', '/session/current', { token: session.accessToken })).status).toBe(401);
  });
});

describe('who has second factors', () => {
  it('answers 403 to a client on the enrolment calls', async () => {
    const client = await createUserWithProfile(server.database, {
      email: 'client@example.com',
      password,
      type: 'user',
    });
    const { accessToken: token } = await passwordSession(client.email);
    for (const [method, path] of [
      ['GET', '/sign-in-methods'],
      ['POST', '/passkeys/registration/options'],
      ['POST', '/authenticator/enrolment'],
    ] as const) {
      const response = await api(method, path, { token });
      expect(response.status, path).toBe(403);
      expect(response.body).toMatchObject({ error: 'forbidden' });
    }
    void client;
  });
});
