import type { ActivityKind, JourneyStep, StepStart } from '@coach/domain';
import { eq, sql } from 'drizzle-orm';
import { schema, type Transaction } from '../../db/index.ts';
import { recomputeLowDays } from './lowDayRuns.ts';
import { type ClientRef, datesOfStep } from './steps.ts';

/** What one completed action adds to a day of `client_daily`. */
export type DailyCompletion = {
  kind: ActivityKind;
  /** A reflection's answers, folded into the day's running averages (percent 0..100). */
  answers?: { productivity: number; mental: number; physical: number };
};

/**
 * Adds one completed action to the client's `client_daily` row of `localDate` (created when
 * missing): +1 on the kind's completed column, and for a reflection +1 on each indicator's count
 * with its running average moved to include the new answer.
 */
async function applyDailyCompletion(
  tx: Transaction,
  client: ClientRef,
  localDate: string,
  completion: DailyCompletion,
  now: Date,
): Promise<void> {
  const reflections = completion.kind === 'reflection' ? 1 : 0;
  const exercises = completion.kind === 'exercise' ? 1 : 0;
  const assessments = completion.kind === 'assessment' ? 1 : 0;
  const answers = completion.answers;
  const count = answers ? 1 : 0;
  // Column names are constants of this module, never input: safe to write raw.
  const fold = (name: 'productivity' | 'mental' | 'physical') => {
    const countColumn = sql.raw(`${name}_count`);
    const averageColumn = sql.raw(`${name}_average`);
    if (!answers) return sql``;
    return sql`, ${countColumn} = client_daily.${countColumn} + 1,
      ${averageColumn} = (coalesce(client_daily.${averageColumn}, 0) * client_daily.${countColumn}
        + ${answers[name]}::double precision) / (client_daily.${countColumn} + 1)`;
  };
  await tx.execute(sql`
    insert into client_daily (organisation_id, client_person_id, local_date,
      reflections_completed, exercises_completed, assessments_completed,
      productivity_count, productivity_average, mental_count, mental_average,
      physical_count, physical_average, updated_at)
    values (${client.organisationId}::uuid, ${client.id}::uuid, ${localDate}::date,
      ${reflections}, ${exercises}, ${assessments},
      ${count}, ${answers?.productivity ?? null}::double precision,
      ${count}, ${answers?.mental ?? null}::double precision,
      ${count}, ${answers?.physical ?? null}::double precision, ${now.toISOString()}::timestamptz)
    on conflict (client_person_id, local_date) do update set
      reflections_completed = client_daily.reflections_completed + ${reflections},
      exercises_completed = client_daily.exercises_completed + ${exercises},
      assessments_completed = client_daily.assessments_completed + ${assessments},
      updated_at = excluded.updated_at${fold('productivity')}${fold('mental')}${fold('physical')}`);
}

/**
 * Completes the scheduled calendar event `eventId` at `completedAt` and counts it: on the
 * client's `client_daily` row of `localDate` (see {@link applyDailyCompletion}) and in the phase
 * totals of `step`, recomputed over `starts`. The one way a reflection, exercise or assessment
 * completes its event.
 */
export async function completeScheduledEvent(
  tx: Transaction,
  client: ClientRef,
  starts: readonly StepStart[],
  done: {
    eventId: string;
    completedAt: Date;
    step: JourneyStep;
    localDate: string;
    completion: DailyCompletion;
  },
  now: Date,
): Promise<void> {
  await tx
    .update(schema.calendarEvents)
    .set({ status: 'completed', completedAt: done.completedAt })
    .where(eq(schema.calendarEvents.id, done.eventId));
  await applyDailyCompletion(tx, client, done.localDate, done.completion, now);
  await recomputePhaseTotals(tx, client, starts, done.step, now, {
    // Only a reflection's answers move a day's indicator averages.
    averagesChanged: done.completion.answers !== undefined,
  });
}

/**
 * Recomputes (never increments) the client's `client_phase_totals` row of `step` from
 * `client_daily` over the step's dates [start date, next step's start date): indicator sums of
 * the daily averages and the number of days that have one, and the completed counts. A step not
 * started yet gets no row.
 *
 * The open-ended (current) step's low days (./lowDayRuns.ts) are judged again when the day
 * averages may have changed (`averagesChanged`, the default, as after a phase change) or were
 * never judged from this start date; a step followed by another keeps none.
 */
export async function recomputePhaseTotals(
  tx: Transaction,
  client: ClientRef,
  starts: readonly StepStart[],
  step: JourneyStep,
  now: Date,
  options: { averagesChanged: boolean } = { averagesChanged: true },
): Promise<void> {
  const dates = datesOfStep(starts, step);
  if (dates === null) return;
  const until = dates.until === null ? sql`` : sql`and local_date < ${dates.until}::date`;
  const isOpen = dates.until === null;
  const result = await tx.execute<{ judgedFrom: string | null }>(sql`
    insert into client_phase_totals (organisation_id, client_person_id, step,
      productivity_sum, productivity_days, mental_sum, mental_days, physical_sum, physical_days,
      reflections_completed, exercises_completed, assessments_completed, updated_at)
    select ${client.organisationId}::uuid, ${client.id}::uuid, ${step},
      coalesce(sum(productivity_average), 0), count(productivity_average)::int,
      coalesce(sum(mental_average), 0), count(mental_average)::int,
      coalesce(sum(physical_average), 0), count(physical_average)::int,
      coalesce(sum(reflections_completed), 0)::int, coalesce(sum(exercises_completed), 0)::int,
      coalesce(sum(assessments_completed), 0)::int, ${now.toISOString()}::timestamptz
    from client_daily
    where client_person_id = ${client.id}::uuid and local_date >= ${dates.from}::date ${until}
    on conflict (client_person_id, step) do update set
      productivity_sum = excluded.productivity_sum,
      productivity_days = excluded.productivity_days,
      mental_sum = excluded.mental_sum,
      mental_days = excluded.mental_days,
      physical_sum = excluded.physical_sum,
      physical_days = excluded.physical_days,
      reflections_completed = excluded.reflections_completed,
      exercises_completed = excluded.exercises_completed,
      assessments_completed = excluded.assessments_completed,
      low_days_judged_from = ${isOpen ? sql`client_phase_totals.low_days_judged_from` : sql`null`},
      updated_at = excluded.updated_at
    returning low_days_judged_from::text as "judgedFrom"`);
  const judgedFrom = result.rows[0]?.judgedFrom ?? null;
  if (isOpen && (options.averagesChanged || judgedFrom !== dates.from)) {
    await recomputeLowDays(tx, { clientId: client.id, step, from: dates.from });
  }
}
