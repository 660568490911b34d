// Test helpers of the client-data services (calendar, survey, exercise, journey): a server on a
// movable clock, accounts with a chosen acceptance time and timezone, and readers of the rollups.
import { randomUUID } from 'node:crypto';
import type { ServiceName } from '@coach/api';
import { and, asc, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';
import {
  callApi,
  createUserWithProfile,
  type TestResponse,
  type TestUser,
} from '../auth/testing.ts';

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

/** One call as `user` (null: without a token). */
export async function callAs(
  server: TestServer,
  user: TestUser | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<TestResponse> {
  const token = user
    ? await server.context.accessTokens.sign({
        userId: user.userId,
        organisationId: server.database.organisationId,
        sessionId: randomUUID(),
      })
    : undefined;
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
