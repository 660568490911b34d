import { messages } from '@coach/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { callApi, createUserWithProfile, signInForTest, type TestUser } from '../auth/testing.ts';

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

beforeAll(async () => {
  server = await startTestServer({ services: ['account'] });
  const account = (email: string, type: 'coach' | 'user', coachPersonId?: string) =>
    createUserWithProfile(server.database, {
      email,
      password: 'Password1',
      type,
      ...(coachPersonId ? { coachPersonId } : {}),
    });
  coach = await account('settings.coach@example.com', 'coach');
  otherCoach = await account('settings.other@example.com', 'coach');
  client = await account('settings.client@example.com', 'user', coach.personId);
});
afterAll(() => server?.close());

describe('coach settings (timezone and morning mail)', () => {
  it('answers the defaults to a coach who never set them: UTC not chosen, mail on at 07:00', async () => {
    const response = await as(otherCoach, 'GET', settingsPath);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      timezone: 'UTC',
      hasTimezone: false,
      isMorningMailOn: true,
      morningMailHour: 7,
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
    expect(stored.body).toEqual({ ...body, hasTimezone: true });
    expect((await as(coach, 'GET', settingsPath)).body).toEqual({ ...body, hasTimezone: true });
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
