import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUserWithProfile } from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';

const email = 'coach.mailfail@example.com';

describe('auth service: a mail that fails after the answer', () => {
  const lines: string[] = [];
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      services: ['auth'],
      logStream: { write: (line) => lines.push(line) },
    });
    await createUserWithProfile(server.database, { email, password: 'Coach123!', type: 'coach' });
  });
  afterAll(() => server?.close());

  it('is logged by its kind (code or name), never by its message, which may hold the address', async () => {
    // What an SMTP server's refusal looks like: the recipient in the text.
    const refusal = Object.assign(
      new Error(`Can't send mail - all recipients were rejected: 550 <${email}> unknown`),
      {
        code: 'EENVELOPE',
      },
    );
    server.context.mailer = { send: () => Promise.reject(refusal) };
    const response = await callApi(server.baseUrl, 'POST', '/api/auth/passwordReset/request', {
      body: { email },
    });
    expect(response.status).toBe(202);
    // The code is mailed after the answer: wait for its failure's line.
    await expect
      .poll(() => lines.find((line) => line.includes('mail not sent yet')), { timeout: 10_000 })
      .toBeDefined();
    const line = JSON.parse(lines.find((entry) => entry.includes('mail not sent yet')) ?? '{}');
    expect(line).toMatchObject({ reason: 'EENVELOPE' });
    expect(lines.filter((entry) => entry.includes(email) || entry.includes('550 <'))).toEqual([]);
  });
});
