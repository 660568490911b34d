import { coachLanguageMessage, messages } from '@coach/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  callApi,
  createUserWithProfile,
  signInForTest,
  type TestUser,
} from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';

let server: TestServer;
let coach: TestUser;
let otherCoach: TestUser;
let client: TestUser;

const settingsPath = '/api/account/coachSettings';
const detectedPath = '/api/account/coachSettings/detectedTimezone';

async function as(user: TestUser, method: string, path: string, body?: unknown) {
  const token = await signInForTest(server, user.userId);
  return callApi(server.baseUrl, method, path, body === undefined ? { token } : { token, body });
}

const account = (email: string, type: 'coach' | 'user', coachPersonId?: string) =>
  createUserWithProfile(server.database, {
    email,
    password: 'Password1',
    type,
    ...(coachPersonId ? { coachPersonId } : {}),
  });

beforeAll(async () => {
  server = await startTestServer({ services: ['account'] });
  const clientsCoach = await account('settings.clients-coach@example.com', 'coach');
  client = await account('settings.client@example.com', 'user', clientsCoach.personId);
});

// Each test has two coaches of its own (two rows each, the password's hash shared): every test
// writes settings, and none reads what another wrote, in whatever order they run.
let coaches = 0;
beforeEach(async () => {
  coaches += 1;
  coach = await account(`settings.coach.${coaches}@example.com`, 'coach');
  otherCoach = await account(`settings.other.${coaches}@example.com`, 'coach');
});
afterAll(() => server?.close());

describe('coach settings (timezone, morning mail and language)', () => {
  it('answers the defaults to a coach who never set them: UTC and English not chosen, mail on at 07:00', async () => {
    const response = await as(otherCoach, 'GET', settingsPath);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      timezone: 'UTC',
      hasTimezone: false,
      isMorningMailOn: true,
      morningMailHour: 7,
      language: 'en-US',
      hasLanguage: false,
    });
  });

  it("stores the browser's timezone once, and never over a zone already set", async () => {
    const first = await as(coach, 'POST', detectedPath, { timezone: 'europe/berlin' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ timezone: 'Europe/Berlin', hasTimezone: true });
    const second = await as(coach, 'POST', detectedPath, { timezone: 'Asia/Tokyo' });
    expect(second.body).toMatchObject({ timezone: 'Europe/Berlin', hasTimezone: true });
  });

  it('stores a choice of zone, switch and hour, and answers it back', async () => {
    const body = { timezone: 'America/New_York', isMorningMailOn: false, morningMailHour: 6 };
    const stored = await as(coach, 'PUT', settingsPath, body);
    expect(stored.status).toBe(200);
    // No language in the change: the default stays unchosen.
    const expected = { ...body, language: 'en-US', hasTimezone: true, hasLanguage: false };
    expect(stored.body).toEqual(expected);
    expect((await as(coach, 'GET', settingsPath)).body).toEqual(expected);
    // The profile shows the same zone.
    const profile = await as(coach, 'GET', `/api/account/persons/${coach.personId}`);
    expect(profile.body).toMatchObject({ timezone: 'America/New_York' });
  });

  it('refuses an unknown timezone with a clear message, and changes nothing', async () => {
    const before = (await as(coach, 'GET', settingsPath)).body;
    const refused = await as(coach, 'PUT', settingsPath, {
      timezone: 'Mars/Olympus',
      isMorningMailOn: true,
      morningMailHour: 7,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'invalid_timezone',
      message: "Unknown timezone 'Mars/Olympus': use an IANA name such as Europe/Paris",
    });
    const detected = await as(otherCoach, 'POST', detectedPath, { timezone: '+01:00' });
    expect(detected.status).toBe(400);
    expect(detected.body).toMatchObject({ error: 'invalid_timezone' });
    expect((await as(coach, 'GET', settingsPath)).body).toEqual(before);
  });

  it.each([
    ['an hour over 23', { morningMailHour: 24 }],
    ['a negative hour', { morningMailHour: -1 }],
    ['a fractional hour', { morningMailHour: 7.5 }],
    ['a switch that is not a boolean', { isMorningMailOn: 'yes' }],
    ['a missing field', { morningMailHour: undefined }],
  ])('refuses %s', async (_case, change) => {
    const body = { timezone: 'Europe/Paris', isMorningMailOn: true, morningMailHour: 7, ...change };
    const refused = await as(coach, 'PUT', settingsPath, body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'validation_failed' });
  });

  it('counts a timezone changed in the profile as chosen', async () => {
    const fresh = await createUserWithProfile(server.database, {
      email: 'settings.fresh@example.com',
      password: 'Password1',
      type: 'coach',
    });
    const profile = {
      firstName: 'Fresh',
      lastName: 'Coach',
      aboutMe: '',
      gender: null,
      birthDate: null,
    };
    // The same zone again: still not chosen.
    await as(fresh, 'PUT', `/api/account/persons/${fresh.personId}`, {
      ...profile,
      timezone: 'UTC',
    });
    expect((await as(fresh, 'GET', settingsPath)).body).toMatchObject({ hasTimezone: false });
    await as(fresh, 'PUT', `/api/account/persons/${fresh.personId}`, {
      ...profile,
      timezone: 'Europe/Oslo',
    });
    expect((await as(fresh, 'GET', settingsPath)).body).toMatchObject({
      timezone: 'Europe/Oslo',
      hasTimezone: true,
    });
  });

  it('stores a language when given and keeps it when a later change leaves it out', async () => {
    const morningMail = { timezone: 'Europe/Madrid', isMorningMailOn: true, morningMailHour: 8 };
    const chosen = await as(coach, 'PUT', settingsPath, { ...morningMail, language: 'es' });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({
      ...morningMail,
      language: 'es',
      hasTimezone: true,
      hasLanguage: true,
    });
    // The morning mail form sends no language: the chosen one stays.
    const later = await as(coach, 'PUT', settingsPath, { ...morningMail, morningMailHour: 9 });
    expect(later.body).toMatchObject({ language: 'es', morningMailHour: 9 });
    expect((await as(coach, 'GET', settingsPath)).body).toMatchObject({ language: 'es' });
    const back = await as(coach, 'PUT', settingsPath, { ...morningMail, language: 'en-US' });
    expect(back.body).toMatchObject({ language: 'en-US' });
  });

  it('tells a choice of English from no choice', async () => {
    const fresh = await createUserWithProfile(server.database, {
      email: 'settings.english@example.com',
      password: 'Password1',
      type: 'coach',
    });
    const morningMail = { timezone: 'Europe/London', isMorningMailOn: true, morningMailHour: 7 };
    // A change without a language chooses none.
    await as(fresh, 'PUT', settingsPath, morningMail);
    expect((await as(fresh, 'GET', settingsPath)).body).toMatchObject({
      language: 'en-US',
      hasLanguage: false,
    });
    // English chosen: the same language as the default, now a choice the app follows.
    const chosen = await as(fresh, 'PUT', settingsPath, { ...morningMail, language: 'en-US' });
    expect(chosen.body).toMatchObject({ language: 'en-US', hasLanguage: true });
    await as(fresh, 'PUT', settingsPath, { ...morningMail, morningMailHour: 8 });
    expect((await as(fresh, 'GET', settingsPath)).body).toMatchObject({
      language: 'en-US',
      hasLanguage: true,
    });
  });

  it.each([
    ['a language the product does not have', 'fr'],
    ['a language in another spelling', 'ES'],
    ['a language that is not text', 1],
    ['an empty language', ''],
    ['a null language', null],
  ])('refuses %s with a clear message, and changes nothing', async (_case, language) => {
    const before = (await as(coach, 'GET', settingsPath)).body;
    const refused = await as(coach, 'PUT', settingsPath, {
      timezone: 'Europe/Madrid',
      isMorningMailOn: true,
      morningMailHour: 7,
      language,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'validation_failed', message: coachLanguageMessage });
    expect((await as(coach, 'GET', settingsPath)).body).toEqual(before);
  });

  it("changes only the caller's settings, never another coach's", async () => {
    const neighbour = await createUserWithProfile(server.database, {
      email: 'settings.neighbour@example.com',
      password: 'Password1',
      type: 'coach',
    });
    const neighbourBefore = (await as(neighbour, 'GET', settingsPath)).body;
    // A body naming the other coach changes nothing of theirs: the settings are the caller's.
    const changed = await as(coach, 'PUT', settingsPath, {
      id: neighbour.personId,
      personId: neighbour.personId,
      timezone: 'Asia/Tokyo',
      isMorningMailOn: false,
      morningMailHour: 5,
      language: 'es',
    });
    expect(changed.status).toBe(200);
    expect((await as(neighbour, 'GET', settingsPath)).body).toEqual(neighbourBefore);
    expect(neighbourBefore).toMatchObject({ language: 'en-US' });
    const stored = await server.database.db
      .select({ language: schema.persons.language, id: schema.persons.id })
      .from(schema.persons);
    expect(stored.filter((person) => person.language === 'es').map((person) => person.id)).toEqual([
      coach.personId,
    ]);
    await as(coach, 'PUT', settingsPath, {
      timezone: 'Europe/Madrid',
      isMorningMailOn: true,
      morningMailHour: 7,
      language: 'en-US',
    });
  });

  it("refuses clients: the settings are a coach's", async () => {
    for (const [method, path, body] of [
      ['GET', settingsPath, undefined],
      ['PUT', settingsPath, { timezone: 'UTC', isMorningMailOn: true, morningMailHour: 7 }],
      ['POST', detectedPath, { timezone: 'UTC' }],
    ] as const) {
      const refused = await as(client, method, path, body);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        error: 'invalid_user_type',
        message: messages.invalidUserType,
      });
    }
  });
});
