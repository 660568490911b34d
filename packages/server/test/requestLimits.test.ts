import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../src/db/index.ts';
import { callApi, createUserWithProfile, type TestUser } from './auth.ts';
import { startTestServer, type TestServer } from './testServer.ts';

// One request must not be able to hold the server: bodies are cut by bytes before parsing, and
// validation stops at the first problem (an array's maxItems is checked before its items).

let server: TestServer;
let client: TestUser;
let clientToken: string;
const batchesPath = '/api/device-metrics/batches';

/** The bytes and JSON of an answer, to check how small it is. */
async function rawPost(path: string, rawBody: string, token?: string) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: rawBody,
  });
  const text = await response.text();
  return { status: response.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) };
}

function emptySamples(count: number): string {
  return `{"samples":[${Array.from({ length: count }, () => '{}').join(',')}]}`;
}

async function storedSamples(): Promise<number> {
  const rows = await server.database.db
    .select()
    .from(schema.metricSamples)
    .where(eq(schema.metricSamples.clientPersonId, client.personId));
  return rows.length;
}

beforeAll(async () => {
  server = await startTestServer({ services: ['auth', 'device-metrics'] });
  const coach = await createUserWithProfile(server.database, {
    email: 'coach@example.com',
    password: 'Password1',
    type: 'coach',
  });
  client = await createUserWithProfile(server.database, {
    email: 'client@example.com',
    password: 'Password1',
    type: 'user',
    coachPersonId: coach.personId,
  });
  const login = await callApi(server.baseUrl, 'POST', '/api/auth/login', {
    body: { email: client.email, password: 'Password1' },
  });
  expect(login.status).toBe(200);
  clientToken = (login.body as { accessToken: string }).accessToken;
});
afterAll(() => server.close());

describe('request limits', () => {
  it('answers a flood of 200,000 empty samples with a small 413 while health answers', async () => {
    const flood = emptySamples(200_000);
    const [answer, health] = await Promise.all([
      rawPost(batchesPath, flood, clientToken),
      fetch(`${server.baseUrl}/api/health`),
    ]);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      error: 'payload_too_large',
      message: 'The request body is too large',
    });
    expect(answer.bytes).toBeLessThan(200);
    expect(health.status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect(await storedSamples()).toBe(0);
  });

  it('answers 100,000 empty samples under the byte limit with one small 400', async () => {
    const flood = emptySamples(100_000);
    expect(flood.length).toBeLessThan(512 * 1024);
    const [answer, health] = await Promise.all([
      rawPost(batchesPath, flood, clientToken),
      fetch(`${server.baseUrl}/api/health`),
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: 'validation_failed',
      message: 'samples must NOT have more than 1000 items',
    });
    expect(answer.bytes).toBeLessThan(200);
    expect(health.status).toBe(200);
    expect(await storedSamples()).toBe(0);
  });

  it('refuses a batch of 1001 well-formed samples by the contract, storing nothing', async () => {
    const measuredAt = new Date(Date.now() - 3_600_000).toISOString();
    const samples = Array.from({ length: 1001 }, () => ({
      id: randomUUID(),
      kind: 'pulse',
      value: 70,
      measuredAt,
    }));
    const answer = await rawPost(batchesPath, JSON.stringify({ samples }), clientToken);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: 'validation_failed',
      message: 'samples must NOT have more than 1000 items',
    });
    expect(await storedSamples()).toBe(0);
  });

  it('refuses a body over 64 KiB on an ordinary route with 413 before reading it', async () => {
    const body = JSON.stringify({ email: 'client@example.com', password: 'x'.repeat(70 * 1024) });
    const answer = await rawPost('/api/auth/login', body);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      error: 'payload_too_large',
      message: 'The request body is too large',
    });
  });

  it('reports one problem of a body with many, in a short message', async () => {
    // Every field of the invite acceptance is wrong: the answer names one, not all.
    const answer = await rawPost(
      '/api/auth/invites/accept',
      JSON.stringify({ token: '', password: 'x', firstName: '', lastName: '' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('validation_failed');
    expect(answer.body.message.split('; ')).toHaveLength(1);
  });
});
