import { request as httpRequest } from 'node:http';
import type { CoachLanguage } from '@coach/domain';
import type { DatabaseHandle } from '../src/db/index.ts';
import { normalizeEmail, schema } from '../src/db/index.ts';
import type { PersonType } from '../src/db/schema.ts';
import type { AccessTokens } from '../src/http/accessTokens.ts';
import { hashPassword, insertAccount, randomToken, sha256Hex } from '../src/services/auth/index.ts';

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
  /** The language of a coach's screens, mails and reports (en-US when left out). */
  language?: CoachLanguage;
};

/** The ids of a seeded account. */
export type TestUser = { userId: string; personId: string; email: string };

// One argon2id hash per password for a test file's seeded accounts (a hash costs about 50 ms
// of CPU; accounts sharing a password may share its salted hash, which verifies the same).
const hashes = new Map<string, Promise<string>>();

function testPasswordHash(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
    hashed.catch(() => hashes.delete(password));
  }
  return hashed;
}

/**
 * Test seeding: inserts a user (argon2id hash of `password`, one per password in a test file) and its
 * person row directly with drizzle, in the handle's organisation. For tests only; the product
 * creates accounts through invites and the demo seed.
 */
export async function createUserWithProfile(
  database: DatabaseHandle,
  input: TestUserInput,
): Promise<TestUser> {
  const email = normalizeEmail(input.email);
  const passwordHash = await testPasswordHash(input.password);
  return database.transaction(async (tx) => {
    const ids = await insertAccount(
      tx,
      database.organisationId,
      { email, passwordHash },
      {
        type: input.type,
        firstName: input.firstName ?? 'Test',
        lastName: input.lastName ?? input.type,
        coachPersonId: input.coachPersonId ?? null,
        timezone: input.timezone ?? 'UTC',
        ...(input.language ? { language: input.language } : {}),
      },
    );
    return { ...ids, email };
  });
}

/**
 * Test seeding: a coach, or with `coach` a client of that coach, with the password 'Password1':
 * the people of a service's test file.
 */
export function createTestPerson(
  database: DatabaseHandle,
  email: string,
  coach?: TestUser,
  names: Pick<TestUserInput, 'firstName' | 'lastName'> = {},
): Promise<TestUser> {
  return createUserWithProfile(database, {
    email,
    password: 'Password1',
    type: coach ? 'user' : 'coach',
    coachPersonId: coach?.personId ?? null,
    ...names,
  });
}

/**
 * Test seeding: an access token of a new, live session of `userId`, as a sign-in would give
 * (its refresh-token row is written directly, without a sign-in's argon2 cost). A token of no
 * session is refused: ended and unknown sessions end their access tokens.
 */
export async function signInForTest(
  server: { database: DatabaseHandle; context: { accessTokens: AccessTokens } },
  userId: string,
): Promise<string> {
  const { database } = server;
  const familyId = crypto.randomUUID();
  const now = Date.now();
  await database.db.insert(schema.refreshTokens).values({
    organisationId: database.organisationId,
    userId,
    familyId,
    tokenHash: sha256Hex(randomToken()),
    expiresAt: new Date(now + 86_400_000),
    familyExpiresAt: new Date(now + 86_400_000),
  });
  return server.context.accessTokens.sign({
    userId,
    organisationId: database.organisationId,
    sessionId: familyId,
  });
}

/** An answer as tests look at it. */
export type TestResponse = { status: number; body: unknown; headers: Headers };

/**
 * One HTTP call to a running test server: `body` is sent as JSON, `rawBody` as is (with
 * `contentType`), `token` as the bearer, `headers` beside them (X-Forwarded-For...).
 */
export async function callApi(
  baseUrl: string,
  method: string,
  path: string,
  options: {
    body?: unknown;
    rawBody?: string;
    contentType?: string;
    token?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers };
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

/**
 * Like {@link callApi}, but from the loopback address `from` (e.g. '127.0.0.7'): the client's
 * socket is bound to it, so the server sees a distinct client, with no proxy header to trust.
 */
export function callApiFrom(
  from: string,
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<TestResponse> {
  const url = new URL(`${baseUrl}${path}`);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers,
        localAddress: from,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // Not JSON: keep the text.
          }
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (typeof value === 'string') answerHeaders.set(name, value);
            else if (Array.isArray(value)) answerHeaders.set(name, value.join(', '));
          }
          resolve({ status: response.statusCode ?? 0, body, headers: answerHeaders });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
