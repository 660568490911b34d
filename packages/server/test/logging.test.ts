import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogFields, redactedUrl } from '../src/http/logging.ts';
import { callApi, createUserWithProfile } from './auth.ts';
import { startTestServer, type TestServer } from './testServer.ts';

// A full run with real secrets, logged to a captured stream: no password, token, code, name,
// email, body or answer may appear in any line, a forced 500 included.

const lines: string[] = [];
let server: TestServer;

const coachEmail = 'coach.logcheck@example.com';
const coachPassword = 'CoachSecret-Pw1';
const newCoachPassword = 'CoachRenewed-Pw2';
const inviteeEmail = 'invitee.logcheck@example.com';
const inviteePassword = 'InviteeSecret-Pw3';
const inviteeFirstName = 'Quintessa';
const inviteeLastName = 'Marlowe';
const secretAnswer = 'my answer is xyzzy-plover';
const failedAnswer = 'second answer plugh-fee-fie';
const assessmentName = 'Evening check of Quintessa';

const forcedFailure = [
  `CREATE FUNCTION forced_failure() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN RAISE EXCEPTION 'forced failure'; END $$`,
  `CREATE TRIGGER forced_failure BEFORE INSERT ON surveys
   FOR EACH ROW EXECUTE FUNCTION forced_failure()`,
];

const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
  callApi(server.baseUrl, method, `/api${path}`, options);

/** Everything that must stay out of the log, by what it is. */
const secrets: Record<string, string> = {
  coachEmail,
  coachPassword,
  newCoachPassword,
  inviteeEmail,
  inviteePassword,
  inviteeFirstName,
  inviteeLastName,
  secretAnswer,
  failedAnswer,
  assessmentName,
};

/** The log lines holding `secret` as a whole (a 6-digit code is not part of a longer number). */
function linesHolding(secret: string): string[] {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(?<![0-9A-Za-z.])${escaped}(?![0-9A-Za-z])`);
  return lines.filter((line) => pattern.test(line));
}

beforeAll(async () => {
  server = await startTestServer({ logStream: { write: (line) => lines.push(line) } });
  await createUserWithProfile(server.database, {
    email: coachEmail,
    password: coachPassword,
    type: 'coach',
  });

  // Sign-in, and a refresh with the refresh token in the body.
  const login = await api('POST', '/auth/login', {
    body: { email: coachEmail, password: coachPassword },
  });
  expect(login.status).toBe(200);
  const coachTokens = login.body as { accessToken: string; refreshToken: string };
  secrets.coachAccessToken = coachTokens.accessToken;
  secrets.coachRefreshToken = coachTokens.refreshToken;
  const refreshed = await api('POST', '/auth/session/refresh', {
    body: { refreshToken: coachTokens.refreshToken },
  });
  expect(refreshed.status).toBe(200);
  const coachToken = (refreshed.body as { accessToken: string }).accessToken;

  // An invite, its link opened (the token in the URL) and accepted.
  const invite = await api('POST', '/auth/invites', {
    body: { email: inviteeEmail, firstName: inviteeFirstName, lastName: inviteeLastName },
    token: coachToken,
  });
  expect(invite.status).toBe(201);
  const [inviteMail] = await server.mailSink.waitFor(1);
  const inviteToken = /invite\?token=([A-Za-z0-9_%-]+)/.exec(inviteMail?.text ?? '')?.[1];
  if (!inviteToken) throw new Error('no invite link in the mail');
  secrets.inviteToken = decodeURIComponent(inviteToken);
  await callApi(server.baseUrl, 'GET', `/invite?token=${inviteToken}`);
  const accepted = await api('POST', '/auth/invites/accept', {
    body: {
      token: decodeURIComponent(inviteToken),
      password: inviteePassword,
      firstName: inviteeFirstName,
      lastName: inviteeLastName,
      timezone: 'Europe/Paris',
    },
  });
  expect(accepted.status).toBe(200);

  // A password reset: code by mail, checked, used.
  expect(
    (await api('POST', '/auth/passwordReset/request', { body: { email: coachEmail } })).status,
  ).toBe(202);
  const [, resetMail] = await server.mailSink.waitFor(2);
  const code = /\b(\d{6})\b/.exec(resetMail?.text ?? '')?.[1];
  if (!code) throw new Error('no reset code in the mail');
  secrets.resetCode = code;
  const verified = await api('POST', '/auth/passwordReset/verifyCode', {
    body: { email: coachEmail, resetPasswordCode: code },
  });
  expect(verified.status).toBe(200);
  const reset = await api('POST', '/auth/passwordReset', {
    body: { email: coachEmail, password: newCoachPassword, resetPasswordCode: code },
  });
  expect(reset.status).toBe(200);

  // The client answers an assessment, then the database fails under a second one (a 500).
  const clientLogin = await api('POST', '/auth/login', {
    body: { email: inviteeEmail, password: inviteePassword },
  });
  expect(clientLogin.status).toBe(200);
  const clientToken = (clientLogin.body as { accessToken: string }).accessToken;
  secrets.clientAccessToken = clientToken;
  const assessment = (answer: string) => ({
    id: randomUUID(),
    name: assessmentName,
    status: 'inProgress',
    answeredAt: new Date().toISOString(),
    answers: { mood: answer },
  });
  const answered = await api('POST', '/survey/assessments', {
    body: assessment(secretAnswer),
    token: clientToken,
  });
  expect(answered.status).toBe(201);
  // The insert fails in the database, so drizzle's error carries the answers among its parameters.
  for (const statement of forcedFailure) await server.database.db.execute(sql.raw(statement));
  const failed = await api('POST', '/survey/assessments', {
    body: assessment(failedAnswer),
    token: clientToken,
  });
  expect(failed.status).toBe(500);
  await server.database.db.execute(sql`DROP TRIGGER forced_failure ON surveys`);
  // Several password hashes (argon2id) on a busy machine.
}, 60_000);
afterAll(() => server.close());

describe('the log of a full run', () => {
  it('logs the requests, the invite link without its token, and the 500 with its cause', () => {
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const urls = entries.map((entry) => (entry.req as { url?: string } | undefined)?.url);
    expect(urls).toContain('/invite?token=[redacted]');
    const failure = entries.find((entry) => entry.msg === 'request failed');
    expect(failure?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query',
      cause: { message: 'forced failure' },
    });
  });

  it('writes one line per request: method, address, status, response time and request id', async () => {
    const response = await fetch(`${server.baseUrl}/api/health?probe=1`);
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');
    const entries = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.reqId === requestId);
    expect(entries).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', url: '/api/health?probe=[redacted]', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('holds none of the secrets the run used', () => {
    expect(Object.keys(secrets)).toHaveLength(15);
    const found = Object.entries(secrets)
      .filter(([, secret]) => linesHolding(secret).length > 0)
      .map(([name]) => name);
    expect(found).toEqual([]);
  });
});

describe('log fields', () => {
  it('keeps the names of query parameters only', () => {
    expect(redactedUrl('/invite?token=abc&lang=en')).toBe(
      '/invite?token=[redacted]&lang=[redacted]',
    );
    expect(redactedUrl('/api/health')).toBe('/api/health');
  });

  it('drops the quoted value of a database message', () => {
    const error = new Error('invalid input syntax for type uuid: "secret-value"');
    expect(errorLogFields(error).message).toBe('invalid input syntax for type uuid: [redacted]');
  });
});
