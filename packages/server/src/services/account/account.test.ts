import { randomUUID } from 'node:crypto';
import type { Person } from '@coach/api';
import { messages } from '@coach/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithProfile, signInForTest, type TestUser } from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';

let server: TestServer;
let coachA: TestUser;
let coachB: TestUser;
let clientA: TestUser;
let clientB: TestUser;
const tokens = new Map<string, string>();

async function tokenFor(user: TestUser): Promise<string> {
  let token = tokens.get(user.userId);
  if (!token) {
    token = await signInForTest(server, user.userId);
    tokens.set(user.userId, token);
  }
  return token;
}

async function call(path: string, user: TestUser | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (user) headers.set('authorization', `Bearer ${await tokenFor(user)}`);
  return fetch(`${server.baseUrl}/api/account${path}`, { ...init, headers });
}

function put(id: string, user: TestUser | null, body: unknown) {
  return call(`/persons/${id}`, user, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const profile = {
  firstName: 'Alice',
  lastName: 'Archer',
  aboutMe: 'Coach of calm.',
  timezone: 'Europe/Paris',
  gender: 'female',
  birthDate: '1985-04-01',
};

beforeAll(async () => {
  server = await startTestServer({ services: ['account', 'resource'] });
  const { database } = server;
  coachA = await createUserWithProfile(database, {
    email: 'coach.a@example.com',
    password: 'Password1',
    type: 'coach',
    firstName: 'Alice',
    lastName: 'Archer',
  });
  coachB = await createUserWithProfile(database, {
    email: 'coach.b@example.com',
    password: 'Password1',
    type: 'coach',
    firstName: 'Bob',
    lastName: 'Baker',
  });
  clientA = await createUserWithProfile(database, {
    email: 'client.a@example.com',
    password: 'Password1',
    type: 'user',
    firstName: 'Carla',
    lastName: 'Client',
    coachPersonId: coachA.personId,
  });
  clientB = await createUserWithProfile(database, {
    email: 'client.b@example.com',
    password: 'Password1',
    type: 'user',
    firstName: 'Dan',
    lastName: 'Dawson',
    coachPersonId: coachB.personId,
  });
});
afterAll(() => server.close());

describe('GET /api/account/persons', () => {
  it('answers a coach with their own profile first, then only their own clients', async () => {
    const response = await call('/persons', coachA);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const persons = (await response.json()) as Person[];
    expect(persons.map((person) => person.id)).toEqual([coachA.personId, clientA.personId]);
    expect(persons[0]).toMatchObject({
      id: coachA.personId,
      userId: coachA.userId,
      type: 'coach',
      firstName: 'Alice',
      lastName: 'Archer',
      coachId: null,
      profilePicture: null,
    });
    expect(persons[1]).toMatchObject({ type: 'user', coachId: coachA.personId });
  });

  it('answers a client with only their own profile', async () => {
    const persons = (await (await call('/persons', clientA)).json()) as Person[];
    expect(persons.map((person) => person.id)).toEqual([clientA.personId]);
  });

  it('finds the profile of the caller and of their clients by userId', async () => {
    const own = (await (await call(`/persons?userId=${coachA.userId}`, coachA)).json()) as Person[];
    expect(own.map((person) => person.id)).toEqual([coachA.personId]);
    const client = (await (
      await call(`/persons?userId=${clientA.userId}`, coachA)
    ).json()) as Person[];
    expect(client.map((person) => person.id)).toEqual([clientA.personId]);
  });

  it('answers an empty list for a user the caller may not see, or who does not exist', async () => {
    for (const [caller, userId] of [
      [coachA, coachB.userId],
      [coachA, clientB.userId],
      [clientA, clientB.userId],
      [coachB, clientA.userId],
      [coachA, randomUUID()],
    ] as const) {
      const response = await call(`/persons?userId=${userId}`, caller);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
    }
  });

  it('refuses a userId that is not a UUID with a 400 JSON error', async () => {
    const response = await call('/persons?userId=42', coachA);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'validation_failed' });
  });

  it('refuses anonymous callers and bad tokens with 401', async () => {
    const anonymous = await call('/persons', null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: 'unauthorized',
      message: 'Authentication required',
    });
    const forged = await fetch(`${server.baseUrl}/api/account/persons`, {
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ error: 'invalid_token' });
  });
});

describe('GET /api/account/persons/:id', () => {
  const cases: [string, () => TestUser, () => TestUser, number][] = [
    ['coach A sees themselves', () => coachA, () => coachA, 200],
    ['coach A sees their client', () => coachA, () => clientA, 200],
    ['coach A does not see coach B', () => coachA, () => coachB, 404],
    ["coach A does not see coach B's client", () => coachA, () => clientB, 404],
    ['a client sees themselves', () => clientA, () => clientA, 200],
    ['a client sees their own coach', () => clientA, () => coachA, 200],
    ['a client does not see another coach', () => clientA, () => coachB, 404],
    ['a client does not see another client', () => clientA, () => clientB, 404],
    ["coach B does not see coach A's client", () => coachB, () => clientA, 404],
  ];
  for (const [name, caller, target, status] of cases) {
    it(`${name} (${status})`, async () => {
      const response = await call(`/persons/${target().personId}`, caller());
      expect(response.status).toBe(status);
      const body = await response.json();
      if (status === 200) {
        expect(body).toMatchObject({ id: target().personId, userId: target().userId });
      } else {
        expect(body).toEqual({ error: 'not_found', message: 'No such profile' });
      }
    });
  }

  it('answers 404 for an id nobody has, and 400 for one that is not a UUID', async () => {
    const missing = await call(`/persons/${randomUUID()}`, coachA);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'not_found' });
    const malformed = await call('/persons/not-a-uuid', coachA);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'validation_failed' });
  });

  it('answers 401 to anonymous callers', async () => {
    const response = await call(`/persons/${coachA.personId}`, null);
    expect(response.status).toBe(401);
  });
});

describe("a client's view of their coach", () => {
  let coach: TestUser;
  let client: TestUser;
  const privateFields = { timezone: 'Europe/Paris', gender: 'female', birthDate: '1970-03-04' };

  beforeAll(async () => {
    const { database } = server;
    coach = await createUserWithProfile(database, {
      email: 'coach.private@example.com',
      password: 'Password1',
      type: 'coach',
      firstName: 'Petra',
      lastName: 'Private',
    });
    client = await createUserWithProfile(database, {
      email: 'client.private@example.com',
      password: 'Password1',
      type: 'user',
      coachPersonId: coach.personId,
    });
    for (const user of [coach, client]) {
      await database.db
        .update(schema.persons)
        .set({ ...privateFields, gender: 'female', aboutMe: 'About Petra' })
        .where(eq(schema.persons.id, user.personId));
    }
  });

  it('shows a client their coach without birth date, gender or timezone', async () => {
    const byUserId = (await (
      await call(`/persons?userId=${coach.userId}`, client)
    ).json()) as Record<string, unknown>[];
    const byId = (await (await call(`/persons/${coach.personId}`, client)).json()) as Record<
      string,
      unknown
    >;
    for (const view of [byUserId[0], byId]) {
      expect(view).toEqual({
        id: coach.personId,
        userId: coach.userId,
        type: 'coach',
        firstName: 'Petra',
        lastName: 'Private',
        aboutMe: 'About Petra',
        profilePicture: null,
        coachId: null,
      });
      expect(view).not.toHaveProperty('birthDate');
      expect(view).not.toHaveProperty('gender');
    }
  });

  it("keeps every field in the coach's own view, of themselves and of their client", async () => {
    const own = (await (await call(`/persons/${coach.personId}`, coach)).json()) as Person;
    expect(own).toMatchObject({ id: coach.personId, ...privateFields });
    const listed = (await (await call('/persons', coach)).json()) as Person[];
    expect(listed.map((person) => person.birthDate)).toEqual(['1970-03-04', '1970-03-04']);
    expect(listed.map((person) => person.gender)).toEqual(['female', 'female']);
    const ofClient = (await (await call(`/persons/${client.personId}`, coach)).json()) as Person;
    expect(ofClient).toMatchObject({ id: client.personId, ...privateFields });
  });

  it("keeps every field in the client's own view", async () => {
    const own = (await (await call('/persons', client)).json()) as Person[];
    expect(own).toEqual([expect.objectContaining({ id: client.personId, ...privateFields })]);
  });
});

describe('PUT /api/account/persons/:id', () => {
  it('stores the full profile and answers the updated person, with an audit row', async () => {
    // A coach of its own: the other tests read coach A's profile as seeded.
    const coach = await createUserWithProfile(server.database, {
      email: 'coach.updated@example.com',
      password: 'Password1',
      type: 'coach',
      firstName: 'Alice',
      lastName: 'Archer',
    });
    const response = await put(coach.personId, coach, {
      ...profile,
      id: coach.personId,
      type: 'user',
      coachId: coachB.personId,
      firstName: 'Alicia',
      aboutMe: 'Breathing, sleep and steady habits.',
      timezone: 'america/new_york',
      unknownField: 'ignored',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const person = (await response.json()) as Person;
    expect(person).toEqual({
      id: coach.personId,
      userId: coach.userId,
      // The server's own fields are never taken from the body.
      type: 'coach',
      coachId: null,
      firstName: 'Alicia',
      lastName: 'Archer',
      aboutMe: 'Breathing, sleep and steady habits.',
      timezone: 'America/New_York',
      gender: 'female',
      birthDate: '1985-04-01',
      profilePicture: null,
    });
    const again = await call(`/persons/${coach.personId}`, coach);
    expect(await again.json()).toEqual(person);
    const audit = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, 'profile_updated'),
          eq(schema.auditLog.subject, coach.personId),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: coach.userId });
    expect(audit[0]?.details).toMatchObject({
      fields: expect.arrayContaining(['firstName', 'aboutMe', 'timezone']),
    });
  });

  it('accepts an empty about me and a null gender and birth date', async () => {
    const response = await put(clientA.personId, clientA, {
      ...profile,
      firstName: 'Carla',
      lastName: 'Client',
      aboutMe: '',
      gender: null,
      birthDate: null,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ aboutMe: '', gender: null, birthDate: null });
  });

  it("refuses another person's profile with 403 and the spec's text, whoever it is", async () => {
    for (const [caller, target] of [
      [coachA, clientA],
      [coachA, coachB],
      [clientA, coachA],
      [coachB, clientA],
    ] as const) {
      const response = await put(target.personId, caller, profile);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: 'forbidden',
        message: 'You can not update another person profile',
      });
    }
    const missing = await put(randomUUID(), coachA, profile);
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ message: messages.cannotUpdateAnotherProfile });
  });

  it('answers 401 to anonymous callers before looking at the body', async () => {
    const response = await put(coachA.personId, null, { firstName: '' });
    expect(response.status).toBe(401);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['first name missing', { firstName: undefined }, 'First name is required'],
    ['first name empty', { firstName: '' }, 'First name is required'],
    ['first name blank', { firstName: '   ' }, 'First name is required'],
    ['first name of 251 characters', { firstName: 'a'.repeat(251) }, 'Max 250 characters'],
    ['last name missing', { lastName: undefined }, 'Last name is required'],
    ['last name of 251 characters', { lastName: 'b'.repeat(251) }, 'Max 250 characters'],
    ['about me of 501 characters', { aboutMe: 'c'.repeat(501) }, 'Max 500 characters'],
    ['an unknown timezone', { timezone: 'Mars/Olympus' }, "Unknown timezone 'Mars/Olympus'"],
    ['a fixed offset', { timezone: '+01:00' }, "Unknown timezone '+01:00'"],
    ['an Etc/GMT offset zone', { timezone: 'Etc/GMT+1' }, "Unknown timezone 'Etc/GMT+1'"],
    [
      'a birth date in the future',
      { birthDate: '2150-01-01' },
      'birthDate must be between 1900-01-01 and today',
    ],
    [
      'a birth date in year 0000',
      { birthDate: '0000-01-01' },
      'birthDate must be between 1900-01-01 and 2199-12-31',
    ],
    [
      'a birth date in year 9999',
      { birthDate: '9999-01-01' },
      'birthDate must be between 1900-01-01 and 2199-12-31',
    ],
    [
      'a line break in the first name',
      { firstName: 'Frank\n\nURGENT' },
      'First name must be on one line',
    ],
    [
      'a carriage return in the last name',
      { lastName: 'Smith\rBcc: x' },
      'Last name must be on one line',
    ],
    ['a tab in the first name', { firstName: 'Frank\tX' }, 'First name must be on one line'],
    [
      'a line separator in the last name',
      { lastName: 'Smith\u2028X' },
      'Last name must be on one line',
    ],
    ['a birth date that is no date', { birthDate: '1990-02-30' }, 'birthDate'],
    ['a gender outside the list', { gender: 'other' }, 'gender'],
    ['a NUL character', { lastName: 'a\u0000b' }, 'lastName contains characters'],
  ];
  for (const [name, change, message] of invalid) {
    it(`answers 400 with '${message}' for ${name}`, async () => {
      const response = await put(coachB.personId, coachB, { ...profile, ...change });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe('validation_failed');
      expect(body.message).toContain(message);
    });
  }

  it('accepts exactly 250 and 500 characters', async () => {
    const response = await put(coachB.personId, coachB, {
      ...profile,
      firstName: 'a'.repeat(250),
      lastName: 'b'.repeat(250),
      aboutMe: 'c'.repeat(500),
    });
    expect(response.status).toBe(200);
  });

  it('answers malformed JSON with a 400 JSON error', async () => {
    const response = await call(`/persons/${coachA.personId}`, coachA, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"firstName": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_json',
      message: 'The request body is not valid JSON',
    });
  });

  it('answers an unknown route with a 404 JSON error', async () => {
    const response = await call('/nothing', coachA);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: 'not_found',
      message: 'No route for /api/account/nothing',
    });
  });
});

describe('profilePicture of a person', () => {
  it("is a signed 'resource/profilePicture/{id}?…' once a picture is stored, null before", async () => {
    const before = (await (await call(`/persons/${clientA.personId}`, clientA)).json()) as Person;
    expect(before.profilePicture).toBeNull();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = await fetch(
      `${server.baseUrl}/api/resource/profilePicture/${clientA.personId}`,
      {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${await tokenFor(clientA)}`,
          'content-type': 'image/png',
        },
        body: png,
      },
    );
    expect(upload.status).toBe(200);
    const after = (await (await call(`/persons/${clientA.personId}`, coachA)).json()) as Person;
    expect(after.profilePicture).toMatch(
      new RegExp(`^resource/profilePicture/${clientA.personId}\\?expires=\\d+&signature=[\\w-]+$`),
    );
    // An <img> loads it without a bearer token.
    const served = await fetch(`${server.baseUrl}/api/${after.profilePicture}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const listed = (await (await call('/persons', clientA)).json()) as Person[];
    expect(listed[0]?.profilePicture).toBe(after.profilePicture);
  });
});
