import type { DatabaseHandle } from '../../db/index.ts';
import { normalizeEmail, schema } from '../../db/index.ts';
import type { PersonType } from '../../db/schema.ts';
import { hashPassword } from './passwords.ts';

/** What a test needs to seed one account. */
export type TestUserInput = {
  email: string;
  password: string;
  type: PersonType;
  firstName?: string;
  lastName?: string;
  /** For a client (type 'user'): the person id of their coach. */
  coachPersonId?: string | null;
  timezone?: string;
};

/** The ids of a seeded account. */
export type TestUser = { userId: string; personId: string; email: string };

/**
 * Test seeding: inserts a user (argon2id hash of `password`) and its person row directly with
 * drizzle, in the handle's organisation. For tests only; the product creates accounts through
 * invites and the demo seed.
 */
export async function createUserWithProfile(
  database: DatabaseHandle,
  input: TestUserInput,
): Promise<TestUser> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  return database.transaction(async (tx) => {
    const [user] = await tx
      .insert(schema.users)
      .values({ organisationId: database.organisationId, email, passwordHash })
      .returning({ id: schema.users.id });
    if (!user) throw new Error('user insert returned nothing');
    const [person] = await tx
      .insert(schema.persons)
      .values({
        organisationId: database.organisationId,
        userId: user.id,
        type: input.type,
        firstName: input.firstName ?? 'Test',
        lastName: input.lastName ?? input.type,
        coachPersonId: input.coachPersonId ?? null,
        timezone: input.timezone ?? 'UTC',
      })
      .returning({ id: schema.persons.id });
    if (!person) throw new Error('person insert returned nothing');
    return { userId: user.id, personId: person.id, email };
  });
}

/** An answer as tests look at it. */
export type TestResponse = { status: number; body: unknown; headers: Headers };

/**
 * One HTTP call to a running test server: `body` is sent as JSON, `rawBody` as is (with
 * `contentType`), `token` as the bearer.
 */
export async function callApi(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; contentType?: string; token?: string } = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  if (options.rawBody !== undefined) {
    payload = options.rawBody;
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body, headers: response.headers };
}
