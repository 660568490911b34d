import { randomUUID } from 'node:crypto';
import { generateCalendarEvents } from '@coach/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, testOrganisationId } from '../../test/database.ts';
import { rejectionOf, sqlStateOf } from '../../test/dbErrors.ts';
import type { DatabaseHandle } from './index.ts';
import {
  calendarEvents,
  clientDaily,
  exercises,
  journeySteps,
  journeys,
  metricSamples,
  persons,
  surveys,
  usageSessions,
  users,
} from './schema.ts';

const kind = testDatabaseKind();
const organisationId = testOrganisationId;

let database: DatabaseHandle;
let coachId: string;
let clientId: string;

async function createPerson(type: 'coach' | 'user', timezone: string): Promise<string> {
  const [user] = await database.db
    .insert(users)
    .values({ organisationId, email: `${randomUUID()}@example.com`, passwordHash: 'hash' })
    .returning({ id: users.id });
  const [person] = await database.db
    .insert(persons)
    .values({ organisationId, userId: user?.id ?? '', type, timezone })
    .returning({ id: persons.id });
  return person?.id ?? '';
}

beforeAll(async () => {
  database = await createTestDatabase();
  coachId = await createPerson('coach', 'Europe/London');
  clientId = await createPerson('user', 'Pacific/Auckland');
});
afterAll(() => database?.close());

describe(`the journey tables on ${kind}`, () => {
  it('store a journey and its phase-change history, one row per client and step', async () => {
    await database.db.insert(journeys).values({ organisationId, clientPersonId: clientId });
    await database.db.insert(journeySteps).values({
      organisationId,
      clientPersonId: clientId,
      step: 'learn',
      startDate: '2026-11-16',
      status: 'active',
      goals: ['stressBalance', 'breathing'],
      bpm: 8,
      goalChoices: ['calm'],
      startedByPersonId: coachId,
      startedAt: new Date('2026-11-16T09:30:00Z'),
    });
    const [row] = await database.db
      .select()
      .from(journeySteps)
      .where(eq(journeySteps.clientPersonId, clientId));
    expect(row).toMatchObject({
      goals: ['stressBalance', 'breathing'],
      bpm: 8,
      goalChoices: ['calm'],
    });
    const duplicates = [
      database.db.insert(journeys).values({ organisationId, clientPersonId: clientId }),
      database.db
        .insert(journeySteps)
        .values({ organisationId, clientPersonId: clientId, step: 'learn' }),
    ];
    for (const insert of duplicates) expect(sqlStateOf(await rejectionOf(insert))).toBe('23505');
  });

  it('refuse values outside the enumerations (step, BPM, goals)', async () => {
    type StepValues = Omit<typeof journeySteps.$inferInsert, 'organisationId' | 'clientPersonId'>;
    const bad: StepValues[] = [
      { step: 'sense', bpm: 7 },
      { step: 'sense', goals: ['running'] },
      { step: 'later' as 'sense' },
      { step: 'sense', status: 'paused' as 'planned' },
    ];
    for (const values of bad) {
      const error = await rejectionOf(
        database.db
          .insert(journeySteps)
          .values({ organisationId, clientPersonId: clientId, ...values }),
      );
      expect(sqlStateOf(error)).toBe('23514');
    }
  });

  it('store a generated calendar once, however often it is regenerated', async () => {
    const planned = generateCalendarEvents({
      timeZone: 'Pacific/Auckland',
      step: 'learn',
      from: '2026-11-16',
      to: '2026-11-17',
    });
    const rows = planned.map((event) => ({ ...event, organisationId, clientPersonId: clientId }));
    for (let round = 0; round < 2; round += 1) {
      await database.db.insert(calendarEvents).values(rows).onConflictDoNothing();
    }
    const stored = await database.db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.clientPersonId, clientId));
    expect(stored).toHaveLength(planned.length);
    const morning = stored.find(
      (event) =>
        event.localDate === '2026-11-16' &&
        event.entityType === 'survey' &&
        event.kind === 'morning',
    );
    expect(morning?.startsAt).toEqual(new Date('2026-11-15T17:00:00Z'));
    expect(morning?.surveyType).toBe('morningReflection');
    const error = await rejectionOf(database.db.insert(calendarEvents).values(rows.slice(0, 1)));
    expect(sqlStateOf(error)).toBe('23505');
  });

  it('keep client-generated ids unique per client (samples, usage, exercises, surveys)', async () => {
    const sampleId = randomUUID();
    const sample = {
      organisationId,
      clientPersonId: clientId,
      clientSampleId: sampleId,
      kind: 'hrv' as const,
      value: 52.5,
      measuredAt: new Date('2026-11-16T08:00:00Z'),
    };
    await database.db.insert(metricSamples).values([sample, sample]).onConflictDoNothing();
    await database.db.insert(metricSamples).values(sample).onConflictDoNothing();
    const samples = await database.db
      .select()
      .from(metricSamples)
      .where(eq(metricSamples.clientSampleId, sampleId));
    expect(samples).toHaveLength(1);
    expect(sqlStateOf(await rejectionOf(database.db.insert(metricSamples).values(sample)))).toBe(
      '23505',
    );
    // Another client may use the same id.
    const otherClientId = await createPerson('user', 'Asia/Tokyo');
    await database.db.insert(metricSamples).values({ ...sample, clientPersonId: otherClientId });

    const session = {
      organisationId,
      clientPersonId: clientId,
      clientSessionId: randomUUID(),
      startedAt: new Date('2026-11-16T08:00:00Z'),
      endedAt: new Date('2026-11-16T08:30:00Z'),
    };
    await database.db.insert(usageSessions).values(session);
    expect(sqlStateOf(await rejectionOf(database.db.insert(usageSessions).values(session)))).toBe(
      '23505',
    );

    const exercise = {
      organisationId,
      clientPersonId: clientId,
      clientExerciseId: randomUUID(),
      goal: 'calm' as const,
      stepGoal: 'stressBalance' as const,
      bpm: 6,
      hrv1Before: 40,
      hrv1After: 55,
      localDate: '2026-11-16',
      startedAt: new Date('2026-11-16T08:00:00Z'),
      completedAt: new Date('2026-11-16T08:10:00Z'),
    };
    await database.db.insert(exercises).values(exercise);
    expect(sqlStateOf(await rejectionOf(database.db.insert(exercises).values(exercise)))).toBe(
      '23505',
    );
    const badBpm = { ...exercise, clientExerciseId: randomUUID(), bpm: 12 };
    expect(sqlStateOf(await rejectionOf(database.db.insert(exercises).values(badBpm)))).toBe(
      '23514',
    );

    const survey = {
      organisationId,
      clientPersonId: clientId,
      clientSurveyId: randomUUID(),
      type: 'reflection' as const,
      window: 'morning',
      answers: { mood: 4 },
      productivity: 80,
      mental: 70,
      physical: 65,
      localDate: '2026-11-16',
      submittedAt: new Date('2026-11-16T08:00:00Z'),
    };
    await database.db.insert(surveys).values(survey);
    expect(sqlStateOf(await rejectionOf(database.db.insert(surveys).values(survey)))).toBe('23505');
  });

  it('refuse surveys with an indicator outside 0..100 or an assessment without a status', async () => {
    const base = {
      organisationId,
      clientPersonId: clientId,
      type: 'reflection' as const,
      localDate: '2026-11-16',
    };
    const bad = [
      { ...base, productivity: 101 },
      { ...base, mental: -1 },
      { ...base, type: 'assessment' as const },
      { ...base, status: 'complete' as const },
    ];
    for (const values of bad) {
      expect(sqlStateOf(await rejectionOf(database.db.insert(surveys).values(values)))).toBe(
        '23514',
      );
    }
    await database.db
      .insert(surveys)
      .values({ ...base, type: 'assessment', name: 'Wellbeing', status: 'inProgress' });
  });

  it('keep one daily rollup row per client and local date, folded in by upsert', async () => {
    const key = { organisationId, clientPersonId: clientId, localDate: '2026-11-16' };
    for (const seconds of [600, 900]) {
      await database.db
        .insert(clientDaily)
        .values({ ...key, usageSeconds: seconds })
        .onConflictDoUpdate({
          target: [clientDaily.clientPersonId, clientDaily.localDate],
          set: { usageSeconds: sql`${clientDaily.usageSeconds} + excluded.usage_seconds` },
        });
    }
    const rows = await database.db
      .select()
      .from(clientDaily)
      .where(
        and(eq(clientDaily.clientPersonId, clientId), eq(clientDaily.localDate, '2026-11-16')),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ usageSeconds: 1500, hrvCount: 0, hrvAverage: null });
  });
});
