// Test helpers of the client-data services (calendar, survey, exercise, journey): a server on a
// movable clock, accounts with a chosen acceptance time and timezone, and readers of the rollups.
import { randomUUID } from 'node:crypto';
import type { ServiceName } from '@coach/api';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { schema } from '../src/db/index.ts';
import {
  callApi,
  createUserWithProfile,
  signInForTest,
  type TestResponse,
  type TestUser,
} from './auth.ts';
import { startTestServer, type TestServer } from './testServer.ts';

/** A test server whose client-data clock the test sets (`clock.now`). */
export type ClockedServer = { server: TestServer; clock: { now: Date } };

/** Starts the real server on a fresh database with a movable clock. */
export async function startClockedServer(
  services: readonly ServiceName[],
  now: Date,
): Promise<ClockedServer> {
  const clock = { now };
  const server = await startTestServer({ services, now: () => clock.now });
  return { server, clock };
}

/** Seeds a coach, or a client of `coach` accepted at `createdAt` in `timezone`. */
export async function seedPerson(
  server: TestServer,
  input: { email: string; coach?: TestUser; timezone?: string; createdAt?: Date },
): Promise<TestUser> {
  const user = await createUserWithProfile(server.database, {
    email: input.email,
    password: 'Password1',
    type: input.coach ? 'user' : 'coach',
    coachPersonId: input.coach?.personId ?? null,
    timezone: input.timezone ?? 'UTC',
  });
  if (input.createdAt) {
    await server.database.db
      .update(schema.persons)
      .set({ createdAt: input.createdAt })
      .where(eq(schema.persons.id, user.personId));
  }
  return user;
}

/** 21:00 in Berlin (CET) on 2026-03-04, the Berlin client's day 3 of learn. */
export const berlinEvening = new Date('2026-03-04T20:00:00Z');

/** Two coaches and four clients of coach A, accepted (by default) on 2026-03-02 at 09:00 CET. */
export type ClientDataPeople = {
  coachA: TestUser;
  coachB: TestUser;
  berlin: TestUser;
  /** A second Berlin client, for the other client's view and a phase change of its own. */
  other: TestUser;
  kiritimati: TestUser;
  newYork: TestUser;
};

/**
 * Starts a clocked server at `now` and seeds the people of {@link ClientDataPeople}; `accepted`
 * moves the acceptance of the Kiritimati and New York clients (New York defaults to 2026-03-06).
 */
export async function startSeededServer(
  services: readonly ServiceName[],
  now: Date,
  accepted: { kiritimati?: Date; newYork?: Date } = {},
): Promise<ClockedServer & ClientDataPeople> {
  const { server, clock } = await startClockedServer(services, now);
  const createdAt = new Date('2026-03-02T08:00:00Z');
  const coachA = await seedPerson(server, { email: 'coach-a@example.com' });
  const coachB = await seedPerson(server, { email: 'coach-b@example.com' });
  const client = (email: string, timezone: string, at: Date = createdAt) =>
    seedPerson(server, { email, coach: coachA, timezone, createdAt: at });
  return {
    server,
    clock,
    coachA,
    coachB,
    berlin: await client('berlin@example.com', 'Europe/Berlin'),
    other: await client('other@example.com', 'Europe/Berlin'),
    kiritimati: await client('kiritimati@example.com', 'Pacific/Kiritimati', accepted.kiritimati),
    newYork: await client(
      'new-york@example.com',
      'America/New_York',
      accepted.newYork ?? new Date('2026-03-06T15:00:00Z'),
    ),
  };
}

/** One call as `user` (null: without a token). */
export async function callAs(
  server: TestServer,
  user: TestUser | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<TestResponse> {
  const token = user ? await signInForTest(server, user.userId) : undefined;
  return callApi(server.baseUrl, method, path, {
    ...(body === undefined ? {} : { body }),
    ...(token ? { token } : {}),
  });
}

/** The client's `client_daily` row of a date, if any. */
export async function dailyRow(server: TestServer, client: TestUser, localDate: string) {
  const [row] = await server.database.db
    .select()
    .from(schema.clientDaily)
    .where(
      and(
        eq(schema.clientDaily.clientPersonId, client.personId),
        eq(schema.clientDaily.localDate, localDate),
      ),
    );
  return row;
}

/** The client's `client_phase_totals` row of a step, if any. */
export async function totalsRow(server: TestServer, client: TestUser, step: string) {
  const rows = await server.database.db
    .select()
    .from(schema.clientPhaseTotals)
    .where(eq(schema.clientPhaseTotals.clientPersonId, client.personId));
  return rows.find((row) => row.step === step);
}

/** The client's stored calendar events, by start time. */
export function eventRows(server: TestServer, client: TestUser) {
  return server.database.db
    .select()
    .from(schema.calendarEvents)
    .where(eq(schema.calendarEvents.clientPersonId, client.personId))
    .orderBy(asc(schema.calendarEvents.startsAt), asc(schema.calendarEvents.slot));
}

/** The client's stored surveys. */
export function surveyRows(server: TestServer, client: TestUser) {
  return server.database.db
    .select()
    .from(schema.surveys)
    .where(eq(schema.surveys.clientPersonId, client.personId));
}

/** The client's stored exercises. */
export function exerciseRows(server: TestServer, client: TestUser) {
  return server.database.db
    .select()
    .from(schema.exercises)
    .where(eq(schema.exercises.clientPersonId, client.personId));
}

/** Phase totals with only the figures a test compares. */
export function totalsFigures(row: Awaited<ReturnType<typeof totalsRow>>) {
  if (!row) return undefined;
  return {
    productivitySum: row.productivitySum,
    productivityDays: row.productivityDays,
    mentalSum: row.mentalSum,
    mentalDays: row.mentalDays,
    physicalSum: row.physicalSum,
    physicalDays: row.physicalDays,
    reflectionsCompleted: row.reflectionsCompleted,
    exercisesCompleted: row.exercisesCompleted,
    assessmentsCompleted: row.assessmentsCompleted,
  };
}

/** The coach moves the client to `nextPhase` (breathing goal, 6 bpm), expecting 200. */
export async function changePhase(
  server: TestServer,
  coach: TestUser,
  client: TestUser,
  nextPhase: string,
): Promise<void> {
  const response = await callAs(
    server,
    coach,
    'POST',
    `/api/journey/clients/${client.personId}/phase`,
    {
      nextPhase,
      goals: ['breathing'],
      bpm: 6,
      goalChoices: ['calm'],
    },
  );
  expect(response.status).toBe(200);
}

/** The calendar event (stored row or answered event) of a date, entity type and kind. */
export function findEvent<Event extends { localDate: string; entityType: string; kind: string }>(
  events: readonly Event[],
  localDate: string,
  entityType: string,
  kind: string,
): Event | undefined {
  return events.find(
    (event) =>
      event.localDate === localDate && event.entityType === entityType && event.kind === kind,
  );
}

/** A body the contract refuses: 400 'validation_failed', the message naming `field` first. */
export function expectValidationFailed(response: TestResponse, field: string): void {
  expect(response.status, field).toBe(400);
  expect(response.body).toEqual({
    error: 'validation_failed',
    message: expect.stringMatching(new RegExp(`^${field} must `)),
  });
}

/** A ranged read (`pathOf(from, to)`) answers 400 for a reversed range and one over 366 days. */
export async function expectRangeRefused(
  server: TestServer,
  user: TestUser,
  pathOf: (from: string, to: string) => string,
): Promise<void> {
  const reversed = await callAs(server, user, 'GET', pathOf('2026-03-05', '2026-03-04'));
  expect(reversed.status).toBe(400);
  expect(reversed.body).toEqual({
    error: 'invalid_range',
    message: 'The range ends before it starts',
  });
  const long = await callAs(server, user, 'GET', pathOf('2026-01-01', '2027-01-02'));
  expect(long.status).toBe(400);
  expect(long.body).toEqual({ error: 'invalid_range', message: 'The range is at most 366 days' });
}

/**
 * A client's read (`pathOf(clientId)`) answers 404 to another coach, another client, for a coach's
 * id and an unknown id, and 401 without a token.
 */
export async function expectClientHidden(
  server: TestServer,
  { coachA, coachB, berlin, other }: Omit<ClientDataPeople, 'kiritimati' | 'newYork'>,
  pathOf: (clientId: string) => string,
): Promise<void> {
  for (const [user, id] of [
    [coachB, berlin.personId],
    [other, berlin.personId],
    [coachA, coachB.personId],
    [coachA, randomUUID()],
  ] as const) {
    const response = await callAs(server, user, 'GET', pathOf(id));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'not_found', message: 'Client not found' });
  }
  expect((await callAs(server, null, 'GET', pathOf(berlin.personId))).status).toBe(401);
}
