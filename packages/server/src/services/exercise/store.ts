import type { Exercise, ExerciseList, RecordExerciseBody } from '@coach/api';
import {
  breathsPerMinuteValues,
  type DateRange,
  effectLevel,
  exerciseStepGoalNames,
  isOneOf,
  measuresOf,
} from '@coach/domain';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import {
  type Database,
  inClientRangePlaceholders,
  preparedPerHandle,
  schema,
  type Transaction,
} from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import type { StoredWrite } from '../clientRecords/index.ts';
import {
  beforeJourney,
  type ClientRef,
  completeScheduledEvent,
  lockClient,
  placeInCalendar,
} from '../clientRecords/index.ts';
import { exerciseErrors } from './rules.ts';

const { calendarEvents, exercises } = schema;

type ExerciseRow = typeof exercises.$inferSelect;

/** A stored exercise as the API answers it. */
function toExercise(row: ExerciseRow): Exercise {
  return {
    id: row.clientExerciseId,
    step: row.step,
    goal: row.goal,
    stepGoal: isOneOf(exerciseStepGoalNames, row.stepGoal) ? row.stepGoal : null,
    bpm: isOneOf(breathsPerMinuteValues, row.bpm) ? row.bpm : null,
    localDate: row.localDate,
    startedAt: row.startedAt.toISOString(),
    completedAt: (row.completedAt ?? row.startedAt).toISOString(),
    before: {
      hrv1: row.hrv1Before,
      hrv2: row.hrv2Before,
      pulseRate: row.pulseBefore,
      respiratoryRate: row.respiratoryBefore,
    },
    after: {
      hrv1: row.hrv1After,
      hrv2: row.hrv2After,
      pulseRate: row.pulseAfter,
      respiratoryRate: row.respiratoryAfter,
    },
    result: row.result,
    effect: row.effect,
    calendarEventId: row.calendarEventId,
  };
}

const ownedBy = (client: ClientRef) =>
  and(eq(exercises.organisationId, client.organisationId), eq(exercises.clientPersonId, client.id));

/** The client's exercise with the app's id `exerciseId`, if any. */
export async function getExercise(
  db: Database | Transaction,
  client: ClientRef,
  exerciseId: string,
): Promise<Exercise | undefined> {
  const [row] = await db
    .select()
    .from(exercises)
    .where(and(ownedBy(client), eq(exercises.clientExerciseId, exerciseId)))
    .limit(1);
  return row ? toExercise(row) : undefined;
}

/** The statement of {@link listExercises}, prepared once per handle (a coach's profile call). */
const exercisesInRangeOf = preparedPerHandle((db: Database | Transaction) =>
  db
    .select()
    .from(exercises)
    .where(inClientRangePlaceholders(exercises))
    .orderBy(desc(exercises.completedAt), desc(exercises.id))
    .prepare('exercises_in_range'),
);

/** The client's exercises of the range (by the local date they ended on), newest first. */
export async function listExercises(
  db: Database | Transaction,
  client: ClientRef,
  range: DateRange,
): Promise<ExerciseList> {
  const rows = await exercisesInRangeOf(db).execute({
    organisationId: client.organisationId,
    clientId: client.id,
    from: range.from,
    to: range.to,
  });
  return { clientId: client.id, exercises: rows.map(toExercise) };
}

/**
 * Stores a client's exercise with its effect level (requirements R9.9). It completes the earliest
 * still-active exercise slot of its end's local date (in the client's timezone, for that date's
 * step) that opened at or before its end; with none (before 07:00, on grow, every slot done) it
 * is extra practice: stored, linked to no slot, counted nowhere. A completed slot counts on that
 * day's `client_daily` row and in the step's phase totals, in the caller's transaction. The same
 * id again answers the stored exercise (not new), changing nothing.
 */
export async function recordExercise(
  tx: Transaction,
  client: ClientRef,
  body: RecordExerciseBody,
  now: Date,
): Promise<StoredWrite<Exercise>> {
  await lockClient(tx, client);
  const existing = await getExercise(tx, client, body.id);
  if (existing) return { value: existing, isNew: false };
  const errors = exerciseErrors(body, now);
  if (errors.length > 0) throw new DomainError('invalid_request', errors.join('; '));
  const startedAt = new Date(body.startedAt);
  const completedAt = new Date(body.completedAt);
  const { localDate, starts, step } = await placeInCalendar(
    tx,
    client,
    completedAt,
    now,
    beforeJourney('completedAt'),
  );
  const [slot] = await tx
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.clientPersonId, client.id),
        eq(calendarEvents.localDate, localDate),
        eq(calendarEvents.entityType, 'exercise'),
        eq(calendarEvents.status, 'active'),
        lte(calendarEvents.startsAt, completedAt),
      ),
    )
    .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.slot))
    .limit(1);
  const before = measuresOf(body.before);
  const after = measuresOf(body.after);
  const [row] = await tx
    .insert(exercises)
    .values({
      organisationId: client.organisationId,
      clientPersonId: client.id,
      clientExerciseId: body.id,
      goal: body.goal,
      step: step.step,
      stepGoal: body.stepGoal ?? null,
      bpm: body.bpm ?? null,
      calendarEventId: slot?.id ?? null,
      hrv1Before: before.hrv1,
      hrv1After: after.hrv1,
      hrv2Before: before.hrv2,
      hrv2After: after.hrv2,
      pulseBefore: before.pulseRate,
      pulseAfter: after.pulseRate,
      respiratoryBefore: before.respiratoryRate,
      respiratoryAfter: after.respiratoryRate,
      result: body.result,
      effect: effectLevel({ goal: body.goal, before, after }),
      localDate,
      startedAt,
      completedAt,
    })
    .returning();
  if (!row) throw new Error('the exercise insert returned nothing');
  if (slot) {
    await completeScheduledEvent(
      tx,
      client,
      starts,
      {
        eventId: slot.id,
        completedAt,
        step: step.step,
        localDate,
        completion: { kind: 'exercise' },
      },
      now,
    );
  }
  return { value: toExercise(row), isNew: true };
}
