import { randomUUID } from 'node:crypto';
import { maxAssessmentAnswers } from '@coach/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, type TestUser } from './auth.ts';
import { berlinEvening, startSeededServer, surveyRows } from './clientRecords.ts';
import type { TestServer } from './testServer.ts';

// The text rule of the contract (no NUL, no lone surrogate in any client text) over real HTTP:
// a 400 naming the field, never a 500 from the database, and nothing stored.

let server: TestServer;
let clock: { now: Date };
let berlin: TestUser;
let coach: TestUser;
let berlinToken: string;
let coachToken: string;

const assessmentsPath = '/api/survey/assessments';
const answeredAt = '2026-03-04T19:00:00.000Z';

/** A real sign-in (the seeded password), so the token's session is live. */
async function signIn(user: TestUser): Promise<string> {
  const response = await callApi(server.baseUrl, 'POST', '/api/auth/login', {
    body: { email: user.email, password: 'Password1' },
  });
  expect(response.status).toBe(200);
  return (response.body as { accessToken: string }).accessToken;
}

function submit(body: unknown) {
  return callApi(server.baseUrl, 'POST', assessmentsPath, { body, token: berlinToken });
}

function assessment(change: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    name: 'Stress check',
    status: 'inProgress',
    answeredAt,
    answers: { q1: 3 },
    ...change,
  };
}

beforeAll(async () => {
  ({
    server,
    clock,
    berlin,
    coachA: coach,
  } = await startSeededServer(['auth', 'survey', 'calendar', 'journey', 'account'], berlinEvening));
  berlinToken = await signIn(berlin);
  coachToken = await signIn(coach);
});
beforeEach(() => {
  clock.now = berlinEvening;
});
afterAll(() => server.close());

describe('the text rule', () => {
  const refused: [string, Record<string, unknown>, string][] = [
    ['a NUL in the name', { name: 'A\u0000B' }, 'name contains characters that are not allowed'],
    [
      'a NUL in an answer',
      { answers: { q: 'x\u0000y' } },
      'answers.q contains characters that are not allowed',
    ],
    [
      'a lone high surrogate in an answer',
      { answers: { q: 'x\ud800y' } },
      'answers.q contains characters that are not allowed',
    ],
    [
      'a lone low surrogate in the name',
      { name: 'x\udc00' },
      'name contains characters that are not allowed',
    ],
    [
      'a NUL in a question key',
      { answers: { 'q\u0000': 'x' } },
      'answers keys contain characters that are not allowed',
    ],
    [
      'a question key of 65 characters',
      { answers: { ['k'.repeat(65)]: 'x' } },
      'answers keys must be at most 64 characters',
    ],
  ];
  for (const [name, change, message] of refused) {
    it(`answers 400 naming the field for ${name}, storing nothing`, async () => {
      const body = assessment(change);
      const response = await submit(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'validation_failed', message });
      const stored = await surveyRows(server, berlin);
      expect(stored.find((row) => row.id === body.id)).toBeUndefined();
    });
  }

  it('accepts emoji (surrogate pairs) and other scripts', async () => {
    const body = assessment({ name: 'Check 😀 ✓', answers: { 'q😀': 'Ça va 👍🏽 日本' } });
    const response = await submit(body);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ id: body.id, name: 'Check 😀 ✓' });
  });

  it('refuses a name with a line break, in an invite acceptance and a profile, naming the field', async () => {
    const accept = await callApi(server.baseUrl, 'POST', '/api/auth/invites/accept', {
      body: {
        token: 'any-token',
        password: 'Client123!',
        firstName: 'Jamie',
        lastName: 'Lee\n\nURGENT: http://evil.example',
        timezone: 'Europe/Berlin',
      },
    });
    expect(accept.status).toBe(400);
    expect(accept.body).toEqual({
      error: 'validation_failed',
      message: 'Last name must be on one line',
    });
    const current = await callApi(server.baseUrl, 'GET', `/api/account/persons/${coach.personId}`, {
      token: coachToken,
    });
    const update = await callApi(server.baseUrl, 'PUT', `/api/account/persons/${coach.personId}`, {
      body: { ...(current.body as object), firstName: 'Al\r\nex' },
      token: coachToken,
    });
    expect(update.status).toBe(400);
    expect(update.body).toEqual({
      error: 'validation_failed',
      message: 'First name must be on one line',
    });
  });

  it('refuses a lone surrogate in a profile name with a 400 naming the field', async () => {
    const token = coachToken;
    const current = await callApi(server.baseUrl, 'GET', `/api/account/persons/${coach.personId}`, {
      token,
    });
    expect(current.status).toBe(200);
    const response = await callApi(
      server.baseUrl,
      'PUT',
      `/api/account/persons/${coach.personId}`,
      { body: { ...(current.body as object), firstName: 'Al\ud83dex' }, token },
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'validation_failed',
      message: 'firstName contains characters that are not allowed',
    });
  });

  it('takes the largest assessment, every character escaped, under its body limit', async () => {
    // 100 answers of a 64-character key and 500 characters, each sent as \u00e9 (6 bytes): about
    // 330 kB, over the 64 KiB of an ordinary route.
    const escaped = '\\u00e9'.repeat(500);
    const answers = Array.from(
      { length: maxAssessmentAnswers },
      (_, index) => `"${String(index).padStart(64, 'k')}":"${escaped}"`,
    );
    const body = assessment();
    const rawBody = JSON.stringify({ ...body, answers: {} }).replace(
      '"answers":{}',
      `"answers":{${answers.join(',')}}`,
    );
    expect(rawBody.length).toBeGreaterThan(300_000);
    const response = await callApi(server.baseUrl, 'POST', assessmentsPath, {
      rawBody,
      token: berlinToken,
    });
    expect(response.status).toBe(201);
  });
});
