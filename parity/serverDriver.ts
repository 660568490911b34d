import { coachPerson, createMockState, mockNow, onePixelPng } from '@coach/api/msw';
import { eq } from 'drizzle-orm';
import { schema } from '../packages/server/src/db/index.ts';
import { createEpisodeSweep } from '../packages/server/src/services/analytics/index.ts';
import { createUserWithProfile, type TestUser } from '../packages/server/test/auth.ts';
import { startTestServer, type TestServer } from '../packages/server/test/testServer.ts';
import { contractAnswer, type ParityDriver, type ParityPeople, requestOf } from './driver.ts';
import { type FixtureClient, fixturePeople } from './fixturePeople.ts';

/**
 * The real server as a backend: over HTTP on loopback, on a fresh database seeded with the mocks'
 * people (the coach, every client of the fixture table with their profile, acceptance, journey
 * and picture), every clock at {@link mockNow}. The clients' recorded history (reflections,
 * exercises, device data) is the mocks' alone: the scenarios compare what follows from it by the
 * domain's rules on each side, not the figures themselves.
 */
export async function createServerDriver(): Promise<ParityDriver> {
  const server = await startTestServer({
    now: () => mockNow,
    auth: { now: () => mockNow },
  });
  const people = await seedFixturePeople(server);
  return {
    side: 'server',
    people,
    async call(route, options) {
      const response = await fetch(requestOf(server.baseUrl, route, options));
      return contractAnswer('server', route, response);
    },
    async inviteToken(email) {
      await server.mailSink.waitForMailTo(email);
      const mail = server.mailSink.received.findLast((entry) => entry.to.includes(email));
      const link = /\/invite\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '');
      if (!link?.[1]) throw new Error(`server: no invite link mailed to ${email}`);
      return decodeURIComponent(link[1]);
    },
    async sweepEpisodes() {
      await createEpisodeSweep({
        database: server.database,
        organisationId: server.database.organisationId,
        now: () => mockNow,
        log: { info: () => {}, warn: () => {} },
      }).tick();
    },
    close: () => server.close(),
  };
}

async function seedFixturePeople(server: TestServer): Promise<ParityPeople> {
  const fixtures = fixturePeople(createMockState());
  const coach = await seedPerson(server, {
    ...coachPerson,
    ...fixtures.coach,
    coachPersonId: null,
  });
  const clients: ParityPeople['clients'] = {};
  for (const [name, client] of Object.entries(fixtures.clients)) {
    const user = await seedClient(server, client, coach.personId);
    clients[name] = { ...user, password: client.password };
  }
  return { coach: { ...coach, ...fixtures.coach }, clients };
}

type SeedInput = Pick<
  FixtureClient['person'],
  'type' | 'firstName' | 'lastName' | 'aboutMe' | 'timezone' | 'gender' | 'birthDate'
> & {
  email: string;
  password: string;
  coachPersonId: string | null;
  profilePicture: string | null;
  createdAt?: Date;
};

/** A user and profile as the mocks describe them, with a picture when they have one. */
async function seedPerson(server: TestServer, input: SeedInput) {
  const { database } = server;
  const user = await createUserWithProfile(database, {
    email: input.email,
    password: input.password,
    type: input.type,
    firstName: input.firstName,
    lastName: input.lastName,
    coachPersonId: input.coachPersonId,
    timezone: input.timezone,
  });
  await database.db
    .update(schema.persons)
    .set({
      aboutMe: input.aboutMe,
      gender: input.gender,
      birthDate: input.birthDate,
      // The mocks' coach has a timezone (set, not the default), as the demo's has.
      ...(input.type === 'coach' ? { timezoneSetAt: new Date() } : {}),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .where(eq(schema.persons.id, user.personId));
  if (input.profilePicture !== null) {
    await database.db.insert(schema.profilePictures).values({
      personId: user.personId,
      organisationId: database.organisationId,
      contentType: 'image/png',
      bytes: Buffer.from(onePixelPng),
      byteSize: onePixelPng.byteLength,
      width: 1,
      height: 1,
      etag: '"parity"',
    });
  }
  return user;
}

/** A client accepted when their learn step started, with the journey of the mocks' record. */
async function seedClient(
  server: TestServer,
  client: FixtureClient,
  coachPersonId: string,
): Promise<TestUser> {
  const { journey, person } = client;
  const learn = journey.steps[0];
  const user = await seedPerson(server, {
    ...person,
    email: client.email,
    password: client.password,
    coachPersonId,
    ...(learn?.startedAt ? { createdAt: new Date(learn.startedAt) } : {}),
  });
  const owner = { organisationId: server.database.organisationId, clientPersonId: user.personId };
  const date = (value: string | null) => (value === null ? null : new Date(value));
  await server.database.db.insert(schema.journeys).values({
    ...owner,
    currentStep: journey.currentStep,
    ...(learn?.startedAt ? { startedAt: new Date(learn.startedAt) } : {}),
  });
  await server.database.db.insert(schema.journeySteps).values(
    journey.steps.map((entry) => ({
      ...owner,
      step: entry.step,
      startDate: entry.startDate,
      status: entry.status,
      goals: entry.goals,
      bpm: entry.bpm,
      goalChoices: entry.goalChoices,
      startedByPersonId: entry.startedByPersonId === null ? null : coachPersonId,
      startedAt: date(entry.startedAt),
      completedAt: date(entry.completedAt),
    })),
  );
  return user;
}
