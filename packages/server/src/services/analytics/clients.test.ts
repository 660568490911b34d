import { randomUUID } from 'node:crypto';
import type { ClientProfileSummary, ClientSummary, ClientSummaryList } from '@coach/api';
import { addDays, type JourneyStep, maxLowDays } from '@coach/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  seedDaily,
  seedPerson,
  seedSession,
  seedStep,
  seedTotals,
  setNow,
} from '../../../test/analytics.ts';
import type { TestUser } from '../../../test/auth.ts';
import { changePhase } from '../../../test/clientRecords.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';
import { isValidPictureSignature } from '../core/index.ts';

let server: TestServer;
let coach: TestUser;
let otherCoach: TestUser;
let lonelyCoach: TestUser;
/** learn, no journey row, UTC. */
let alice: TestUser;
/** sense (from journey_steps), Asia/Tokyo. */
let bob: TestUser;
/** grow started today, America/New_York: only the assessment is scheduled. */
let carl: TestUser;
/** nothing stored at all. */
let dana: TestUser;
/** Same last name as Alice: ordered by first name after her. */
let zed: TestUser;
let stranger: TestUser;

const hour = 3_600_000;
/** Thursday 2025-06-12, 10:00 UTC: 19:00 in Tokyo, 06:00 in New York. */
const now = new Date('2025-06-12T10:00:00.000Z');
const hoursBefore = (hours: number) => new Date(now.getTime() - hours * hour);

const listPath = '/api/analytics/clients';
const profilePath = (id: string) => `/api/analytics/clients/${id}/profile`;

async function list(user: TestUser | null = coach) {
  return callAs(server, user, listPath);
}

function byId(body: unknown, id: string): ClientSummary {
  const found = (body as ClientSummaryList).clients.find((client) => client.clientId === id);
  if (!found) throw new Error(`client ${id} is not in the list`);
  return found;
}

beforeAll(async () => {
  server = await startTestServer({ services: ['analytics', 'journey'] });
  setNow(server, now);
  coach = await seedPerson(server, { email: 'coach@example.com', type: 'coach' });
  otherCoach = await seedPerson(server, { email: 'other-coach@example.com', type: 'coach' });
  lonelyCoach = await seedPerson(server, { email: 'lonely@example.com', type: 'coach' });
  const client = (email: string, input: Omit<Parameters<typeof seedPerson>[1], 'email' | 'type'>) =>
    seedPerson(server, { email, type: 'user', coachPersonId: coach.personId, ...input });

  alice = await client('alice@example.com', {
    firstName: 'Alice',
    lastName: 'Adams',
    createdAt: new Date('2025-06-10T08:00:00.000Z'),
    birthDate: '2000-06-12',
    gender: 'female',
    aboutMe: 'Runner',
  });
  bob = await client('bob@example.com', {
    firstName: 'Bob',
    lastName: 'Brown',
    timezone: 'Asia/Tokyo',
    createdAt: new Date('2025-05-31T20:00:00.000Z'),
    birthDate: '1990-06-13',
    gender: 'male',
  });
  carl = await client('carl@example.com', {
    firstName: 'Carl',
    lastName: 'Clark',
    timezone: 'America/New_York',
    createdAt: new Date('2025-05-20T12:00:00.000Z'),
  });
  dana = await client('dana@example.com', {
    firstName: 'Dana',
    lastName: 'Doe',
    createdAt: new Date('2025-06-12T09:00:00.000Z'),
  });
  zed = await client('zed@example.com', {
    firstName: 'Zed',
    lastName: 'Adams',
    createdAt: new Date('2025-06-01T00:00:00.000Z'),
  });
  stranger = await seedPerson(server, {
    email: 'stranger@example.com',
    type: 'user',
    coachPersonId: otherCoach.personId,
    firstName: 'Aaron',
    lastName: 'Aardvark',
  });

  await server.database.db.insert(schema.profilePictures).values({
    personId: alice.personId,
    organisationId: server.database.organisationId,
    contentType: 'image/png',
    bytes: new Uint8Array([1, 2, 3]),
    byteSize: 3,
    width: 1,
    height: 1,
    etag: 'x',
  });
  await seedTotals(server, alice.personId, 'learn', {
    productivitySum: 139.8,
    productivityDays: 2,
    mentalSum: 140,
    mentalDays: 2,
    reflectionsCompleted: 9,
    exercisesCompleted: 8,
    assessmentsCompleted: 1,
  });

  await seedStep(server, bob.personId, [
    { step: 'learn', startDate: '2025-06-01' },
    { step: 'sense', startDate: '2025-06-11' },
  ]);
  // The learn row must not be read: only the current step's.
  await seedTotals(server, bob.personId, 'learn', {
    productivitySum: 500,
    productivityDays: 10,
    reflectionsCompleted: 40,
  });
  await seedTotals(server, bob.personId, 'sense', {
    productivitySum: 70.1,
    productivityDays: 1,
    mentalSum: 69.95,
    mentalDays: 1,
    physicalSum: 139.88,
    physicalDays: 2,
    reflectionsCompleted: 7,
    exercisesCompleted: 10,
    assessmentsCompleted: 0,
  });

  await seedStep(server, carl.personId, [
    { step: 'learn', startDate: '2025-05-20' },
    { step: 'sense', startDate: '2025-05-27' },
    { step: 'grow', startDate: '2025-06-12' },
  ]);

  // Engagement: Alice exactly 10 h; Bob 9.99 h and an old session; Carl 12 h in two parts, a
  // session after now (ignored); Zed a session straddling the window start (2 h inside) and one
  // straddling the 24 h start (2 h inside 24 h). Alice's ends exactly 24 h ago: none in 24 h.
  await seedSession(server, alice.personId, hoursBefore(34), hoursBefore(24));
  await seedSession(server, bob.personId, hoursBefore(20), hoursBefore(20 - 9.99));
  await seedSession(server, bob.personId, hoursBefore(300), hoursBefore(299));
  await seedSession(server, carl.personId, hoursBefore(40), hoursBefore(34));
  await seedSession(server, carl.personId, hoursBefore(6), hoursBefore(0));
  await seedSession(server, carl.personId, new Date(now.getTime() + hour), hoursBefore(-2));
  await seedSession(server, zed.personId, hoursBefore(50), hoursBefore(46));
  await seedSession(server, zed.personId, hoursBefore(26), hoursBefore(22));
  await seedSession(server, stranger.personId, hoursBefore(5), hoursBefore(1));
});
afterAll(() => server.close());

describe('GET /api/analytics/clients', () => {
  it("lists every one of the coach's clients by last name, first name, and nobody else", async () => {
    const response = await list();
    expect(response.status).toBe(200);
    const body = response.body as ClientSummaryList;
    expect(body.generatedAt).toBe(now.toISOString());
    expect(body.clients.map((client) => client.clientId)).toEqual([
      alice.personId,
      zed.personId,
      bob.personId,
      carl.personId,
      dana.personId,
    ]);
  });

  it("gives the coach a signed picture URL of a client's picture, that the resource service takes", async () => {
    const { profilePicture } = byId((await list()).body, alice.personId);
    const query = new URL(profilePicture ?? '', 'http://x/').searchParams;
    const expires = Number(query.get('expires'));
    const signature = query.get('signature') ?? '';
    expect(isValidPictureSignature(server.context, alice.personId, expires, signature)).toBe(true);
    expect(isValidPictureSignature(server.context, bob.personId, expires, signature)).toBe(false);
  });

  it('gives a learn client without a journey row the figures of their acceptance', async () => {
    const response = await list();
    expect(byId(response.body, alice.personId)).toEqual({
      clientId: alice.personId,
      userId: alice.userId,
      firstName: 'Alice',
      lastName: 'Adams',
      email: 'alice@example.com',
      profilePicture: expect.stringMatching(
        new RegExp(`^resource/profilePicture/${alice.personId}\\?expires=\\d+&signature=[\\w-]+$`),
      ),
      age: 25, // the birthday is today
      gender: 'female',
      timezone: 'UTC',
      utcOffsetMinutes: 0,
      journey: {
        step: 'learn',
        startDate: '2025-06-10',
        currentDay: 3,
        journeyStartDate: '2025-06-10',
      },
      engagement: {
        hours: 10,
        hoursLast24h: 0,
        ratio: 1,
        lastConnectedAt: hoursBefore(24).toISOString(),
      },
      indicators: {
        basis: 'currentPhase',
        phase: 'learn',
        productivity: { value: 69.9, lagging: true, lowDays: 0 },
        mental: { value: 70, lagging: false, lowDays: 0 },
        physical: { value: null, lagging: false, lowDays: 0 },
      },
      // 2 whole days and today by 10:00: the 06:00 window and the 07:00 slot. 8 exercises done
      // against 7 scheduled: done early, so scheduled shows 8.
      reflections: { completed: 9, scheduled: 11 },
      exercises: { completed: 8, scheduled: 8 },
      assessments: { completed: 1, scheduled: 1 },
      unreadMessages: 0,
      followUp: null,
      review: null,
    });
  });

  it('reads a sense client from journey_steps, in their timezone, from the current totals', async () => {
    const response = await list();
    expect(byId(response.body, bob.personId)).toEqual({
      clientId: bob.personId,
      userId: bob.userId,
      firstName: 'Bob',
      lastName: 'Brown',
      email: 'bob@example.com',
      profilePicture: null,
      age: 34, // 35 tomorrow
      gender: 'male',
      timezone: 'Asia/Tokyo',
      utcOffsetMinutes: 540,
      journey: {
        step: 'sense',
        startDate: '2025-06-11',
        currentDay: 2,
        journeyStartDate: '2025-06-01',
      },
      engagement: {
        hours: expect.closeTo(9.99, 5),
        hoursLast24h: expect.closeTo(9.99, 5),
        ratio: expect.closeTo(0.999, 5),
        lastConnectedAt: hoursBefore(20 - 9.99).toISOString(),
      },
      indicators: {
        basis: 'currentPhase',
        phase: 'sense',
        productivity: { value: 70.1, lagging: false, lowDays: 0 },
        mental: { value: 70, lagging: false, lowDays: 0 }, // 69.95 rounds half up
        physical: { value: 69.9, lagging: true, lowDays: 0 }, // 69.94
      },
      // Day 1 whole (5 windows, 6 slots) and today by 19:00 (4 windows, 6 slots).
      reflections: { completed: 7, scheduled: 9 },
      exercises: { completed: 10, scheduled: 12 },
      assessments: { completed: 0, scheduled: 1 },
      unreadMessages: 0,
      followUp: null,
      review: null,
    });
    expect(byId(response.body, bob.personId).engagement.ratio).toBeLessThan(1);
  });

  it('schedules only the assessment on a grow start day, and nothing without totals', async () => {
    const carlRow = byId((await list()).body, carl.personId);
    expect(carlRow).toMatchObject({
      age: null,
      gender: null,
      utcOffsetMinutes: -240,
      journey: {
        step: 'grow',
        startDate: '2025-06-12',
        currentDay: 1,
        journeyStartDate: '2025-05-20',
      },
      engagement: { hours: 12, hoursLast24h: 6, ratio: 1, lastConnectedAt: now.toISOString() },
      // No sense totals: sense's averages are unknown, still labelled as the previous phase.
      indicators: {
        basis: 'previousPhase',
        phase: 'sense',
        productivity: { value: null, lagging: false },
        mental: { value: null, lagging: false },
        physical: { value: null, lagging: false },
      },
      reflections: { completed: 0, scheduled: 0 },
      exercises: { completed: 0, scheduled: 0 },
      assessments: { completed: 0, scheduled: 1 },
    });
  });

  it('counts only the part of a session inside the 48 h and the 24 h windows, and null without sessions', async () => {
    const body = (await list()).body;
    // 50 h to 46 h ago: 2 h inside 48 h; 26 h to 22 h ago: all 4 h inside 48 h, 2 h inside 24 h.
    expect(byId(body, zed.personId).engagement).toEqual({
      hours: 6,
      hoursLast24h: 2,
      ratio: 0.6,
      lastConnectedAt: hoursBefore(22).toISOString(),
    });
    expect(byId(body, dana.personId).engagement).toEqual({
      hours: 0,
      hoursLast24h: 0,
      ratio: 0,
      lastConnectedAt: null,
    });
    expect(byId(body, dana.personId).journey).toEqual({
      step: 'learn',
      startDate: '2025-06-12',
      currentDay: 1,
      journeyStartDate: '2025-06-12',
    });
  });

  describe('a client in grow', () => {
    /** Gail's coach: the coach's list holds only the clients seeded before all tests. */
    let theirCoach: TestUser;
    let gail: TestUser;

    beforeAll(async () => {
      theirCoach = await seedPerson(server, { email: 'gail-coach@example.com', type: 'coach' });
      gail = await seedPerson(server, {
        email: 'gail@example.com',
        type: 'user',
        coachPersonId: theirCoach.personId,
        firstName: 'Gail',
        lastName: 'Green',
        timezone: 'Europe/Berlin',
        createdAt: new Date('2025-05-01T07:00:00.000Z'),
      });
      await seedStep(server, gail.personId, [
        { step: 'learn', startDate: '2025-05-01' },
        { step: 'sense', startDate: '2025-05-08' },
        { step: 'grow', startDate: '2025-05-25' },
      ]);
      // Neither learn's averages nor grow's (which gets no reflections) may be read.
      await seedTotals(server, gail.personId, 'learn', {
        productivitySum: 190,
        productivityDays: 2,
      });
      await seedTotals(server, gail.personId, 'sense', {
        productivitySum: 128,
        productivityDays: 2,
        mentalSum: 69.9,
        mentalDays: 1,
        physicalSum: 150,
        physicalDays: 2,
        reflectionsCompleted: 40,
      });
      await seedTotals(server, gail.personId, 'grow', {
        productivitySum: 95,
        productivityDays: 1,
        exercisesCompleted: 3,
        assessmentsCompleted: 1,
      });
      // Low daily figures in grow and at the end of sense: still no low days in grow.
      await seedDaily(server, gail.personId, [
        { date: '2025-05-24', productivity: 40, mental: 40, physical: 40 },
        { date: '2025-06-11', productivity: 40, mental: 40, physical: 40 },
      ]);
    });

    it("shows sense's averages labelled as the previous phase, never lagging even under 70 %", async () => {
      const listed = byId((await list(theirCoach)).body, gail.personId);
      expect(listed.indicators).toEqual({
        basis: 'previousPhase',
        phase: 'sense',
        productivity: { value: 64, lagging: false, lowDays: 0 },
        mental: { value: 69.9, lagging: false, lowDays: 0 },
        physical: { value: 75, lagging: false, lowDays: 0 },
      });
      // The completion counts stay grow's.
      expect(listed).toMatchObject({
        journey: { step: 'grow', startDate: '2025-05-25', journeyStartDate: '2025-05-01' },
        reflections: { completed: 0, scheduled: 0 },
        assessments: { completed: 1, scheduled: 1 },
      });
      const profile = await callAs(server, theirCoach, profilePath(gail.personId));
      expect(profile.status).toBe(200);
      expect((profile.body as ClientProfileSummary).indicators).toEqual(listed.indicators);
    });
  });

  describe('low days: the latest days in a row under 70 %', () => {
    /** Sense from 5 June, in Kiritimati (UTC+14): at now it is 00:00 on 13 June there. */
    let lena: TestUser;
    /** Sense from 10 June, after low days in learn. */
    let max: TestUser;
    /** In sense for over a year, low every day. */
    let lou: TestUser;
    /** Their coach: the coach's list holds only the clients seeded before all tests. */
    let theirCoach: TestUser;

    const client = (email: string, firstName: string, timezone = 'UTC') =>
      seedPerson(server, {
        email,
        type: 'user',
        coachPersonId: theirCoach.personId,
        firstName,
        lastName: 'Lowe',
        timezone,
        createdAt: new Date('2024-05-01T00:00:00.000Z'),
      });

    beforeAll(async () => {
      theirCoach = await seedPerson(server, { email: 'low-coach@example.com', type: 'coach' });
      lena = await client('lena@example.com', 'Lena', 'Pacific/Kiritimati');
      await seedStep(server, lena.personId, [
        { step: 'learn', startDate: '2025-06-01' },
        { step: 'sense', startDate: '2025-06-05' },
      ]);
      await seedTotals(server, lena.personId, 'sense', {
        productivitySum: 300,
        productivityDays: 5,
        mentalSum: 550,
        mentalDays: 9,
        physicalSum: 135,
        physicalDays: 2,
      });
      await seedDaily(server, lena.personId, [
        { date: '2025-06-04', mental: 50 }, // learn: not the current phase
        { date: '2025-06-05', mental: 60 },
        { date: '2025-06-06', productivity: 50, mental: 55 },
        { date: '2025-06-07', productivity: 50, mental: 80 },
        { date: '2025-06-08', productivity: 50, mental: 65 },
        // 9 June: a gap day (usage only, no figure); 11 June: no row at all.
        { date: '2025-06-09' },
        { date: '2025-06-10', productivity: 50, mental: 69.94, physical: 75 },
        { date: '2025-06-12', productivity: 50, mental: 60, physical: 60 },
        // Today in Kiritimati, still 12 June in UTC.
        { date: '2025-06-13', productivity: 80, mental: 62 },
        // Tomorrow there: not yet, so not read.
        { date: '2025-06-14', mental: 90, physical: 90 },
      ]);

      max = await client('max@example.com', 'Max');
      await seedStep(server, max.personId, [
        { step: 'learn', startDate: '2025-06-01' },
        { step: 'sense', startDate: '2025-06-10' },
      ]);
      await seedTotals(server, max.personId, 'sense', { mentalSum: 194, mentalDays: 3 });
      await seedDaily(server, max.personId, [
        { date: '2025-06-08', mental: 50 },
        { date: '2025-06-09', mental: 50 },
        { date: '2025-06-10', mental: 60 },
        { date: '2025-06-11', mental: 65 },
        { date: '2025-06-12', mental: 69 },
      ]);

      lou = await client('lou@example.com', 'Lou');
      await seedStep(server, lou.personId, [
        { step: 'learn', startDate: '2024-05-01' },
        { step: 'sense', startDate: '2024-05-08' },
      ]);
      const days = Array.from({ length: 401 }, (_, index) => ({
        date: addDays('2024-05-08', index),
        mental: 50,
      }));
      await seedDaily(server, lou.personId, days);
      await seedTotals(server, lou.personId, 'sense', { mentalSum: 50 * 401, mentalDays: 401 });
    });

    it("counts the client's latest days with a figure, skipping gap days, up to their today", async () => {
      expect(byId((await list(theirCoach)).body, lena.personId).indicators).toEqual({
        basis: 'currentPhase',
        phase: 'sense',
        // Today's 80 ends the run: the low days before it no longer count.
        productivity: { value: 60, lagging: true, lowDays: 0 },
        // 13, 12, 10 (69.94 is 69.9) and 8 June, across the gap days 9 and 11; 7 June's 80 stops it.
        mental: { value: 61.1, lagging: true, lowDays: 4 },
        // 12 June only: today has no figure, 10 June's 75 is not low.
        physical: { value: 67.5, lagging: true, lowDays: 1 },
      });
    });

    it('counts only the current phase, and the profile says the same', async () => {
      const listed = byId((await list(theirCoach)).body, max.personId);
      expect(listed.indicators.mental).toEqual({ value: 64.7, lagging: true, lowDays: 3 });
      const profile = await callAs(server, theirCoach, profilePath(max.personId));
      expect((profile.body as ClientProfileSummary).indicators).toEqual(listed.indicators);
    });

    it('counts back at most a year and a day', async () => {
      const { mental } = byId((await list(theirCoach)).body, lou.personId).indicators;
      expect(mental).toEqual({ value: 50, lagging: true, lowDays: maxLowDays });
    });
  });

  it("keeps learn's start as the journey's start through phase changes", async () => {
    // Her coach: the coach's list holds only the clients seeded before all tests.
    const joysCoach = await seedPerson(server, { email: 'joy-coach@example.com', type: 'coach' });
    // Accepted at 20:00 in Los Angeles on 30 April (already 1 May in UTC).
    const joy = await seedPerson(server, {
      email: 'joy@example.com',
      type: 'user',
      coachPersonId: joysCoach.personId,
      timezone: 'America/Los_Angeles',
      createdAt: new Date('2025-05-01T03:00:00.000Z'),
    });
    const journeyOf = async () => byId((await list(joysCoach)).body, joy.personId).journey;
    try {
      setNow(server, new Date('2025-05-08T18:00:00.000Z'));
      expect(await journeyOf()).toMatchObject({ step: 'learn', journeyStartDate: '2025-04-30' });
      await changePhase(server, joysCoach, joy, 'sense');
      expect(await journeyOf()).toEqual({
        step: 'sense',
        startDate: '2025-05-08',
        currentDay: 1,
        journeyStartDate: '2025-04-30',
      });
      setNow(server, new Date('2025-05-20T18:00:00.000Z'));
      await changePhase(server, joysCoach, joy, 'grow');
    } finally {
      setNow(server, now);
    }
    // 12 June, 03:00 in Los Angeles: day 24 of grow.
    expect(await journeyOf()).toEqual({
      step: 'grow',
      startDate: '2025-05-20',
      currentDay: 24,
      journeyStartDate: '2025-04-30',
    });
  });

  it('answers [] to a coach without clients, with attention figures of none (never swept)', async () => {
    const response = await list(lonelyCoach);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      clients: [],
      generatedAt: now.toISOString(),
      attentionFigures: {
        days: 30,
        episodes: 0,
        actedOn: 0,
        medianHoursToFirstAction: null,
        endedAfterAction: 0,
        endedWithoutAction: 0,
        keptAt: null,
      },
    });
  });

  it('answers 403 to a client and 401 without a token', async () => {
    const response = await list(alice);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      error: 'invalid_user_type',
      message: 'Invalid user type. Only coaches allowed',
    });
    expect((await list(null)).status).toBe(401);
  });
});

describe('GET /api/analytics/clients/:clientId/profile', () => {
  it('gives the same figures as the list, with about me and the phase as a whole', async () => {
    const listed = byId((await list()).body, alice.personId);
    const response = await callAs(server, coach, profilePath(alice.personId));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...listed,
      aboutMe: 'Runner',
      // 18 / 20 so far; the whole learn step plans 7 x 8 + 1 = 57 actions: not done.
      phase: { total: { completed: 18, scheduled: 20 }, stepDone: false },
      generatedAt: now.toISOString(),
    });
  });

  describe('step done: 80 % of the whole step', () => {
    /** Their coach: the coach's list holds only the clients seeded before all tests. */
    let theirCoach: TestUser;
    /** In learn since 5 June. */
    let erin: TestUser;
    /** Accepted on 5 June, in sense since 10 June. */
    let fern: TestUser;
    const noon = new Date('2025-06-12T12:30:00.000Z');

    beforeAll(async () => {
      theirCoach = await seedPerson(server, { email: 'step-coach@example.com', type: 'coach' });
      const client = (email: string) =>
        seedPerson(server, {
          email,
          type: 'user',
          coachPersonId: theirCoach.personId,
          createdAt: new Date('2025-06-05T09:00:00.000Z'),
        });
      erin = await client('erin@example.com');
      fern = await client('fern@example.com');
      await seedStep(server, fern.personId, [
        { step: 'learn', startDate: '2025-06-05' },
        { step: 'sense', startDate: '2025-06-10' },
      ]);
    });

    async function phaseOf(
      client: TestUser,
      totals: Parameters<typeof seedTotals>[3],
      step: JourneyStep = 'learn',
    ) {
      await seedTotals(server, client.personId, step, totals);
      const response = await callAs(server, theirCoach, profilePath(client.personId));
      expect(response.status).toBe(200);
      return (response.body as ClientProfileSummary).phase;
    }

    it('counts everything due on day 8 when the step runs longer: 48 / 60 done, 47 / 60 not', async () => {
      setNow(server, noon);
      try {
        // Day 8 at 12:30: 1 assessment + 7 x 8 + the 06:00 and 12:00 windows and the 07:00 slot.
        expect(
          await phaseOf(erin, {
            reflectionsCompleted: 30,
            exercisesCompleted: 17,
            assessmentsCompleted: 1,
          }),
        ).toEqual({ total: { completed: 48, scheduled: 60 }, stepDone: true });
        expect(
          await phaseOf(erin, {
            reflectionsCompleted: 30,
            exercisesCompleted: 16,
            assessmentsCompleted: 1,
          }),
        ).toEqual({ total: { completed: 47, scheduled: 60 }, stepDone: false });
      } finally {
        setNow(server, now);
      }
    });

    it('measures a young step against its 7 planned days, not against what is due so far', async () => {
      setNow(server, noon);
      try {
        // Day 3 at 12:30: 1 + 2 x 11 + 3 = 26 due; 21 / 26 is over 80 % but the step plans 78.
        const phase = await phaseOf(
          fern,
          { reflectionsCompleted: 12, exercisesCompleted: 8, assessmentsCompleted: 1 },
          'sense',
        );
        expect(phase).toEqual({ total: { completed: 21, scheduled: 26 }, stepDone: false });
        // 63 / 78 is 80.8 %: done (completed beyond what is due counts as scheduled).
        expect(
          await phaseOf(
            fern,
            { reflectionsCompleted: 35, exercisesCompleted: 27, assessmentsCompleted: 1 },
            'sense',
          ),
        ).toEqual({ total: { completed: 63, scheduled: 63 }, stepDone: true });
        expect(
          await phaseOf(
            fern,
            { reflectionsCompleted: 35, exercisesCompleted: 26, assessmentsCompleted: 1 },
            'sense',
          ),
        ).toMatchObject({ stepDone: false });
      } finally {
        setNow(server, now);
      }
    });
  });

  it('answers the one 404 to anyone but the coach, and 401 without a token', async () => {
    const notFound = { error: 'not_found', message: 'Client not found' };
    for (const [user, id] of [
      [otherCoach, alice.personId],
      [bob, alice.personId],
      [alice, alice.personId],
      [coach, stranger.personId],
      [coach, otherCoach.personId],
      [coach, coach.personId],
      [coach, randomUUID()],
    ] as const) {
      const response = await callAs(server, user, profilePath(id));
      expect(response.status, `${user.email} -> ${id}`).toBe(404);
      expect(response.body).toEqual(notFound);
    }
    expect((await callAs(server, null, profilePath(alice.personId))).status).toBe(401);
  });
});
