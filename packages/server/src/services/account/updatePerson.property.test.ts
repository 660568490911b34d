import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithProfile, signInForTest, type TestUser } from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';

let server: TestServer;
let coach: TestUser;
let token = '';

beforeAll(async () => {
  server = await startTestServer({ services: ['account'] });
  coach = await createUserWithProfile(server.database, {
    email: 'property.coach@example.com',
    password: 'Password1',
    type: 'coach',
  });
  token = await signInForTest(server, coach.userId);
});
afterAll(() => server.close());

const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ minLength: 240, maxLength: 520 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', 'Europe/Paris', 'UTC', '+01:00', 'a/b/../c'),
);
const anything = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.object({ maxDepth: 1 }),
);
const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.option(fc.oneof(valid, text, anything), { nil: undefined });
const body = fc.oneof(
  fc.record(
    {
      id: field(fc.uuid()),
      type: field(fc.constantFrom('coach', 'user')),
      firstName: field(fc.string({ minLength: 1, maxLength: 250 })),
      lastName: field(fc.string({ minLength: 1, maxLength: 250 })),
      aboutMe: field(fc.string({ maxLength: 500 })),
      timezone: field(fc.constantFrom('Europe/Paris', 'Asia/Tokyo', 'UTC', 'Mars/Base')),
      gender: field(fc.constantFrom('male', 'female', null)),
      birthDate: field(
        fc.oneof(
          fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
          fc.constantFrom('0000-01-01', '1990-02-30', '1899-12-31', null),
        ),
      ),
      profilePicture: field(fc.string()),
      coachId: field(fc.uuid()),
    },
    { requiredKeys: [] },
  ),
  anything,
);

describe('PUT /api/account/persons/:id with any body', () => {
  it('answers 2xx or 4xx, never 5xx, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (value, isOwn) => {
        const response = await fetch(
          `${server.baseUrl}/api/account/persons/${isOwn ? coach.personId : randomUUID()}`,
          {
            method: 'PUT',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(value) ?? 'undefined',
          },
        );
        const answer = (await response.json()) as Record<string, unknown>;
        expect(response.status, JSON.stringify({ value, answer })).toBeLessThan(500);
        if (response.status >= 400) {
          expect(typeof answer.error).toBe('string');
          expect(typeof answer.message).toBe('string');
        }
      }),
      { numRuns: 300 },
    );
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  });
});
