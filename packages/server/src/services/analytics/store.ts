import {
  type ActivityKey,
  indicatorPhaseOf,
  journeyStepNames,
  laggingLimitPercent,
  maxLowDays,
  type RecentDailyIndicators,
} from '@coach/api';
// The reads of the analytics service: a fixed number of set-based queries per call (one for the
// clients list), whatever the number of clients (never one query per client).
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { type Database, schema } from '../../db/index.ts';

const {
  clientDaily,
  clientPhaseTotals,
  exercises,
  journeySteps,
  journeys,
  persons,
  profilePictures,
  surveys,
  users,
} = schema;

const hourMs = 3_600_000;
/**
 * Sessions last at most 24 h (the device-metrics bounds), so a session that can overlap the 48 h
 * engagement window started within the last 72 h: a range on (client, started_at).
 */
const sessionLookBackMs = 72 * hourMs;
const engagementWindowMs = 48 * hourMs;

/** A usage session as [started, ended] epoch milliseconds. */
export type SessionPair = [number, number];

const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/** Which clients to read: all of a coach's, or the given ids. */
export type ClientFilter = { coachPersonId: string } | { clientIds: readonly string[] };

/** The current step of a client: 'learn' while no journey row exists. */
const currentStep = sql<string>`coalesce(${journeys.currentStep}, 'learn')`;

/**
 * The earlier step whose indicator averages a client on a step without reflection windows shows
 * (the rule's `indicatorPhaseOf`, as SQL: in grow, sense), else null: a null key finds no
 * totals row without a probe of the index, so other clients pay nothing for it.
 */
const previousIndicatorStep = sql<string | null>`(case ${currentStep} ${sql.join(
  journeyStepNames
    .filter((step) => indicatorPhaseOf(step) !== step)
    .map((step) => sql`when ${step} then ${indicatorPhaseOf(step)}`),
  sql` `,
)} end)`;

/** Steps whose indicator figures are their own (not grow): only those count low days. */
const ownIndicatorSteps = journeyStepNames.filter((step) => indicatorPhaseOf(step) === step);

/** The indicators as their `client_daily` average columns, in the `lowDays` answer's keys. */
const dailyColumns = {
  productivity: 'productivity_average',
  mental: 'mental_average',
  physical: 'physical_average',
} as const satisfies Record<keyof RecentDailyIndicators, string>;

/** Learn's stored row (once a phase change wrote it): the journey's start. */
const learnStep = alias(journeySteps, 'learn_step');
/** The phase totals of the indicator step when it is not the current step (grow: sense's). */
const previousTotals = alias(clientPhaseTotals, 'previous_totals');

/**
 * One row per client (type 'user') with everything their figures at `now` need: profile, email,
 * picture, current step and its start date, learn's stored start date (the journey's start), the
 * phase totals of the current step and, in grow, sense's (its indicators are shown), and the usage
 * sessions of engagement: those that can touch the 48 h window (started within 72 h, by now,
 * ending after the window start) and the latest one ended by now ("last connected", from any
 * time). By last name, first name, id.
 *
 * One statement for any number of clients: the persons by persons_organisation_coach_idx (or by
 * primary key), then a lookup by key in each joined table, and per client two short index ranges
 * on usage_sessions (a backward step on (client, ended_at) for the last session). Session instants
 * come back as epoch milliseconds inside JSON, the same on both drivers.
 */
export function selectClientRows(
  db: Database,
  organisationId: string,
  filter: ClientFilter,
  now: Date,
) {
  const at = now.toISOString();
  const lookBack = new Date(now.getTime() - sessionLookBackMs).toISOString();
  const windowStart = new Date(now.getTime() - engagementWindowMs).toISOString();
  const which =
    'coachPersonId' in filter
      ? eq(persons.coachPersonId, filter.coachPersonId)
      : inArray(persons.id, [...filter.clientIds]);
  return db
    .select({
      id: persons.id,
      organisationId: persons.organisationId,
      userId: persons.userId,
      firstName: persons.firstName,
      lastName: persons.lastName,
      aboutMe: persons.aboutMe,
      timezone: persons.timezone,
      gender: persons.gender,
      birthDate: persons.birthDate,
      createdAt: persons.createdAt,
      email: users.email,
      hasPicture: sql<boolean>`(${profilePictures.personId} is not null)`,
      currentStep: journeys.currentStep,
      stepStartDate: journeySteps.startDate,
      learnStartDate: learnStep.startDate,
      productivitySum: clientPhaseTotals.productivitySum,
      productivityDays: clientPhaseTotals.productivityDays,
      mentalSum: clientPhaseTotals.mentalSum,
      mentalDays: clientPhaseTotals.mentalDays,
      physicalSum: clientPhaseTotals.physicalSum,
      physicalDays: clientPhaseTotals.physicalDays,
      previousSums: {
        productivitySum: previousTotals.productivitySum,
        productivityDays: previousTotals.productivityDays,
        mentalSum: previousTotals.mentalSum,
        mentalDays: previousTotals.mentalDays,
        physicalSum: previousTotals.physicalSum,
        physicalDays: previousTotals.physicalDays,
      },
      recentDaily: recentDailyIndicators(at),
      reflectionsCompleted: clientPhaseTotals.reflectionsCompleted,
      exercisesCompleted: clientPhaseTotals.exercisesCompleted,
      assessmentsCompleted: clientPhaseTotals.assessmentsCompleted,
      windowSessions: sql<SessionPair[] | null>`(
        select json_agg(json_build_array(${epochMs(sql`s.started_at`)}, ${epochMs(sql`s.ended_at`)}))
        from usage_sessions s
        where s.client_person_id = ${persons.id}
          and s.started_at > ${lookBack}::timestamptz and s.started_at <= ${at}::timestamptz
          and s.ended_at > ${windowStart}::timestamptz)`,
      lastSession: sql<SessionPair | null>`(
        select json_build_array(${epochMs(sql`s.started_at`)}, ${epochMs(sql`s.ended_at`)})
        from usage_sessions s
        where s.client_person_id = ${persons.id} and s.ended_at <= ${at}::timestamptz
        order by s.ended_at desc
        limit 1)`,
    })
    .from(persons)
    .innerJoin(users, eq(users.id, persons.userId))
    .leftJoin(profilePictures, eq(profilePictures.personId, persons.id))
    .leftJoin(journeys, eq(journeys.clientPersonId, persons.id))
    .leftJoin(
      journeySteps,
      and(eq(journeySteps.clientPersonId, persons.id), eq(journeySteps.step, currentStep)),
    )
    .leftJoin(
      learnStep,
      and(
        eq(learnStep.clientPersonId, persons.id),
        eq(learnStep.step, 'learn'),
        inArray(learnStep.status, ['active', 'completed']),
      ),
    )
    .leftJoin(
      clientPhaseTotals,
      and(
        eq(clientPhaseTotals.clientPersonId, persons.id),
        eq(clientPhaseTotals.step, currentStep),
      ),
    )
    .leftJoin(
      previousTotals,
      and(
        eq(previousTotals.clientPersonId, persons.id),
        eq(previousTotals.step, previousIndicatorStep),
      ),
    )
    .where(and(eq(persons.organisationId, organisationId), eq(persons.type, 'user'), which))
    .orderBy(asc(persons.lastName), asc(persons.firstName), asc(persons.id));
}

/**
 * The current phase's daily averages `lowDays` reads (the rule `lowDayCount` counts them), per
 * indicator newest first: the client's `client_daily` rows from the current step's start (as
 * `journeyOf` reads it: its stored row, else learn's, else the acceptance date in the client's
 * timezone) to their local today, at most the last `maxLowDays`, only in a step with its own
 * indicators (not grow). Only the tail is sent: the days from the latest one at or over 70 %
 * unrounded (a day the rule, which reads the rounded value, also finds not low) on, so the run
 * is always whole while the answer stays small. One short range on client_daily_pkey per client.
 */
function recentDailyIndicators(at: string) {
  const today = sql`(${at}::timestamptz at time zone ${persons.timezone})::date`;
  const stepStart = sql`coalesce(${journeySteps.startDate}, ${learnStep.startDate}, (${persons.createdAt} at time zone ${persons.timezone})::date)`;
  const bounds = Object.values(dailyColumns).map(
    (column) =>
      sql`coalesce(max(d.local_date) filter (where d.${sql.raw(column)} >= ${laggingLimitPercent}) over (), '-infinity'::date) as ${sql.raw(`${column}_from`)}`,
  );
  const tails = Object.entries(dailyColumns).map(
    ([indicator, column]) =>
      sql`${indicator}::text, coalesce(json_agg(t.${sql.raw(column)} order by t.local_date desc) filter (where t.${sql.raw(column)} is not null and t.local_date >= t.${sql.raw(`${column}_from`)}), '[]'::json)`,
  );
  return sql<RecentDailyIndicators>`(
    select json_build_object(${sql.join(tails, sql`, `)})
    from (
      select d.local_date, ${sql.join(
        Object.values(dailyColumns).map((column) => sql`d.${sql.raw(column)}`),
        sql`, `,
      )}, ${sql.join(bounds, sql`, `)}
      from client_daily d
      where d.client_person_id = ${persons.id}
        and ${currentStep} in (${sql.join(
          ownIndicatorSteps.map((step) => sql`${step}`),
          sql`, `,
        )})
        and d.local_date <= ${today}
        and d.local_date >= greatest(${stepStart}, ${today} - ${maxLowDays - 1}::int)
    ) t)`;
}

/** One client's row of {@link selectClientRows}. */
export type ClientRow = Awaited<ReturnType<typeof selectClientRows>>[number];

/** A client's `client_daily` rows from `from` to `to` (a range scan of the primary key). */
export function selectDailyRows(
  db: Database,
  organisationId: string,
  clientId: string,
  from: string,
  to: string,
) {
  return db
    .select({
      localDate: clientDaily.localDate,
      productivity: clientDaily.productivityAverage,
      mental: clientDaily.mentalAverage,
      physical: clientDaily.physicalAverage,
      usageSeconds: clientDaily.usageSeconds,
      hrv: clientDaily.hrvAverage,
      pulseRate: clientDaily.pulseAverage,
      respiratoryRate: clientDaily.respiratoryAverage,
      reflectionsCompleted: clientDaily.reflectionsCompleted,
      exercisesCompleted: clientDaily.exercisesCompleted,
      assessmentsCompleted: clientDaily.assessmentsCompleted,
    })
    .from(clientDaily)
    .where(
      and(
        eq(clientDaily.organisationId, organisationId),
        eq(clientDaily.clientPersonId, clientId),
        gte(clientDaily.localDate, from),
        lte(clientDaily.localDate, to),
      ),
    )
    .orderBy(asc(clientDaily.localDate));
}

/** An instant as UTC text with microseconds: the history's sort key (see ActivityKey). */
const keyText = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A client's rows of a history table that have their instant `at`, after `before` by (at, id)
 * when given.
 */
function historyFilter(
  table: { organisationId: AnyPgColumn; clientPersonId: AnyPgColumn; id: AnyPgColumn },
  at: AnyPgColumn,
  organisationId: string,
  clientId: string,
  before: ActivityKey | null,
) {
  return and(
    eq(table.clientPersonId, clientId),
    eq(table.organisationId, organisationId),
    isNotNull(at),
    before === null
      ? undefined
      : sql`(${at}, ${table.id}) < (${before.at}::timestamptz, ${before.id}::uuid)`,
  );
}

/**
 * Up to `limit` of a client's submitted surveys (reflections and assessments) newest first, by
 * (submitted_at, id), after `before` when given: a backward range on surveys_client_submitted_idx.
 * Surveys never submitted (no instant) are left out.
 */
export function selectSurveyHistory(
  db: Database,
  organisationId: string,
  clientId: string,
  before: ActivityKey | null,
  limit: number,
) {
  return db
    .select({
      id: surveys.id,
      key: keyText(surveys.submittedAt),
      at: surveys.submittedAt,
      type: surveys.type,
      name: surveys.name,
      status: surveys.status,
      step: surveys.step,
      localDate: surveys.localDate,
    })
    .from(surveys)
    .where(historyFilter(surveys, surveys.submittedAt, organisationId, clientId, before))
    .orderBy(desc(surveys.submittedAt), desc(surveys.id))
    .limit(limit);
}

/**
 * Up to `limit` of a client's completed exercises newest first, by (completed_at, id), after
 * `before` when given: a backward range on exercises_client_completed_idx. Exercises not
 * completed are left out.
 */
export function selectExerciseHistory(
  db: Database,
  organisationId: string,
  clientId: string,
  before: ActivityKey | null,
  limit: number,
) {
  return db
    .select({
      id: exercises.id,
      key: keyText(exercises.completedAt),
      at: exercises.completedAt,
      goal: exercises.goal,
      effect: exercises.effect,
      step: exercises.step,
      localDate: exercises.localDate,
    })
    .from(exercises)
    .where(historyFilter(exercises, exercises.completedAt, organisationId, clientId, before))
    .orderBy(desc(exercises.completedAt), desc(exercises.id))
    .limit(limit);
}
