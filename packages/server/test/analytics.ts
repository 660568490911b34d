// Seeding and calling helpers of the analytics tests (tests only): rows are written directly,
// as the write side (surveys, exercises, device metrics, phase changes) stores them.
import { randomUUID } from 'node:crypto';
import type { ClientSummary } from '@coach/api';
import type { JourneyStep } from '@coach/domain';
import { and, eq } from 'drizzle-orm';
import { type DatabaseHandle, schema } from '../src/db/index.ts';
import { clientSummaries } from '../src/services/analytics/index.ts';
import {
  datesOfStep,
  readStepStarts,
  recomputeLowDays,
} from '../src/services/clientRecords/index.ts';
import { createUserWithProfile, type TestUser } from './auth.ts';
import { callAs as callClientData } from './clientRecords.ts';
import type { TestServer } from './testServer.ts';

/** What a seeded person may differ in. */
export type SeedPerson = {
  email: string;
  type: 'coach' | 'user';
  coachPersonId?: string;
  firstName?: string;
  lastName?: string;
  timezone?: string;
  /** The acceptance instant (learn's start). */
  createdAt?: Date;
  birthDate?: string | null;
  gender?: 'male' | 'female' | null;
  aboutMe?: string;
};

/** Seeds a coach or client, with the profile fields the figures read. */
export async function seedPerson(server: TestServer, input: SeedPerson): Promise<TestUser> {
  const user = await createUserWithProfile(server.database, {
    email: input.email,
    password: 'Password1',
    type: input.type,
    coachPersonId: input.coachPersonId ?? null,
    timezone: input.timezone ?? 'UTC',
    ...(input.firstName === undefined ? {} : { firstName: input.firstName }),
    ...(input.lastName === undefined ? {} : { lastName: input.lastName }),
  });
  await server.database.db
    .update(schema.persons)
    .set({
      birthDate: input.birthDate ?? null,
      gender: input.gender ?? null,
      aboutMe: input.aboutMe ?? '',
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .where(eq(schema.persons.id, user.personId));
  return user;
}

/** Makes `step` the client's current step, started on `startDate` (with learn's row done). */
export async function seedStep(
  server: TestServer,
  clientId: string,
  steps: readonly { step: JourneyStep; startDate: string }[],
): Promise<void> {
  const owner = { organisationId: server.database.organisationId, clientPersonId: clientId };
  const last = steps[steps.length - 1];
  if (!last) return;
  await server.database.db.insert(schema.journeys).values({ ...owner, currentStep: last.step });
  await server.database.db.insert(schema.journeySteps).values(
    steps.map((entry) => ({
      ...owner,
      step: entry.step,
      startDate: entry.startDate,
      status: entry === last ? ('active' as const) : ('completed' as const),
    })),
  );
}

/** Phase totals of a client's step (the write side's recomputed row). */
export async function seedTotals(
  server: TestServer,
  clientId: string,
  step: JourneyStep,
  totals: Partial<typeof schema.clientPhaseTotals.$inferInsert>,
): Promise<void> {
  const row = {
    organisationId: server.database.organisationId,
    clientPersonId: clientId,
    step,
    ...totals,
  };
  await server.database.db
    .insert(schema.clientPhaseTotals)
    .values(row)
    .onConflictDoUpdate({
      target: [schema.clientPhaseTotals.clientPersonId, schema.clientPhaseTotals.step],
      set: totals,
    });
}

/** One local date's daily indicator averages of a client (null or left out: none that day). */
export type SeedDay = {
  date: string;
  productivity?: number | null;
  mental?: number | null;
  physical?: number | null;
};

/**
 * A client's `client_daily` rows with their indicator averages (one answer per average), and, as
 * the write side does when a day's averages change, the low days of their current step judged
 * on its phase totals row (when there is one).
 */
export async function seedDaily(
  server: TestServer,
  clientId: string,
  days: readonly SeedDay[],
): Promise<void> {
  const count = (value: number | null | undefined) => (value == null ? 0 : 1);
  const { organisationId } = server.database;
  await server.database.transaction(async (tx) => {
    await tx.insert(schema.clientDaily).values(
      days.map((day) => ({
        organisationId,
        clientPersonId: clientId,
        localDate: day.date,
        productivityCount: count(day.productivity),
        productivityAverage: day.productivity ?? null,
        mentalCount: count(day.mental),
        mentalAverage: day.mental ?? null,
        physicalCount: count(day.physical),
        physicalAverage: day.physical ?? null,
      })),
    );
    const [person] = await tx.select().from(schema.persons).where(eq(schema.persons.id, clientId));
    if (!person) return;
    const starts = await readStepStarts(tx, person);
    const current = starts.at(-1);
    const dates = current ? datesOfStep(starts, current.step) : null;
    if (current && dates?.until === null) {
      await recomputeLowDays(tx, { clientId, step: current.step, from: dates.from });
    }
  });
}

/** A usage session of a client between two instants. */
export async function seedSession(
  server: TestServer,
  clientId: string,
  startedAt: Date,
  endedAt: Date,
): Promise<void> {
  await server.database.db.insert(schema.usageSessions).values({
    organisationId: server.database.organisationId,
    clientPersonId: clientId,
    clientSessionId: randomUUID(),
    startedAt,
    endedAt,
  });
}

/** Calls the API as `user` (a fresh access token), or anonymously with null. */
export function callAs(server: TestServer, user: TestUser | null, path: string) {
  return callClientData(server, user, 'GET', path);
}

/** Sets the clock of the client-data services (what "now" is) for the next calls. */
export function setNow(server: TestServer, now: Date): void {
  server.context.now = () => now;
}

/**
 * A coach's clients list at `now` read both ways: from the kept rows (`client_list_entries`, as
 * the route reads it) and from the sources (every one of the coach's clients by id). A test
 * expects the two to be equal: the triggers kept every row, and the read rules agree.
 */
export async function listBothWays(
  database: DatabaseHandle,
  coach: { personId: string; timezone: string },
  now: Date,
): Promise<{ kept: ClientSummary[]; fromSources: ClientSummary[] }> {
  const viewer = { organisationId: database.organisationId, timezone: coach.timezone };
  const kept = await clientSummaries(database.db, viewer, { coachPersonId: coach.personId }, now);
  const ids = await database.db
    .select({ id: schema.persons.id })
    .from(schema.persons)
    .where(and(eq(schema.persons.coachPersonId, coach.personId), eq(schema.persons.type, 'user')));
  const fromSources = await clientSummaries(
    database.db,
    viewer,
    { clientIds: ids.map((row) => row.id) },
    now,
  );
  return {
    kept: kept.map(({ summary }) => summary),
    fromSources: fromSources.map(({ summary }) => summary),
  };
}
