// The reads of the analytics service: a fixed number of set-based queries per call (one for the
// clients list), whatever the number of clients (never one query per client).

import {
  type ActivityKey,
  type Indicator,
  indicatorPhaseOf,
  type JourneyStep,
  journeyStepNames,
  laggingLimitPercent,
  maxLowDays,
  type PhaseIndicatorSums,
  type RecentDailyIndicators,
  startedStepStatusNames,
} from '@coach/domain';
import {
  and,
  asc,
  desc,
  eq,
  fillPlaceholders,
  getTableName,
  inArray,
  isNotNull,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type AnyPgColumn, type AnyPgTable, alias } from 'drizzle-orm/pg-core';
import {
  afterCursorPlaceholders,
  type Database,
  inClientRangePlaceholders,
  ofClientPlaceholders,
  preparedPerHandle,
  schema,
} from '../../db/index.ts';
import type { StoredLowDays } from '../clientRecords/index.ts';

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

/**
 * The parameters of the clients-list statement, prepared once per database: the instant of the
 * figures and the bounds of the engagement sessions it reads, the organisation, and the coach
 * or the client ids.
 */
const parameter = {
  at: sql`${sql.placeholder('at')}::timestamptz`,
  lookBack: sql`${sql.placeholder('lookBack')}::timestamptz`,
  windowStart: sql`${sql.placeholder('windowStart')}::timestamptz`,
  organisationId: sql`${sql.placeholder('organisationId')}::uuid`,
  coachPersonId: sql`${sql.placeholder('coachPersonId')}::uuid`,
  clientIds: sql`${sql.placeholder('clientIds')}::uuid[]`,
};

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
} as const satisfies Record<Indicator, string>;

/** Learn's stored row (once a phase change wrote it): the journey's start. */
const learnStep = alias(journeySteps, 'learn_step');
/** The phase totals of the indicator step when it is not the current step (grow: sense's). */
const previousTotals = alias(clientPhaseTotals, 'previous_totals');

/** The current step's stored low days per indicator: the run's length and its oldest date. */
const storedLowDayRuns = {
  productivity: {
    days: clientPhaseTotals.productivityLowDays,
    from: clientPhaseTotals.productivityLowFrom,
  },
  mental: { days: clientPhaseTotals.mentalLowDays, from: clientPhaseTotals.mentalLowFrom },
  physical: { days: clientPhaseTotals.physicalLowDays, from: clientPhaseTotals.physicalLowFrom },
} as const satisfies Record<Indicator, unknown>;

/** The client's local today at the figures' instant. */
const localToday = sql`(${parameter.at} at time zone ${persons.timezone})::date`;

/** The current step's start date, as `journeyOf` reads it: its row, else learn's, else acceptance. */
const currentStepStart = sql`coalesce(${journeySteps.startDate}, ${learnStep.startDate}, (${persons.createdAt} at time zone ${persons.timezone})::date)`;

/** The first date `lowDays` reads: the current step's start, at most a year and a day back. */
const lowDaysFrom = sql`greatest(${currentStepStart}, ${localToday} - ${maxLowDays - 1}::int)`;

/**
 * The current phase's daily averages `lowDays` reads (the rule `lowDayCount` counts them), per
 * indicator newest first: the client's `client_daily` rows from the current step's start to their
 * local today, at most the last `maxLowDays`, only in a step with its own indicators (not grow).
 * Only the tail is sent: the days from the latest one at or over 70 % unrounded (a day the rule,
 * which reads the rounded value, also finds not low) on, so the run is always whole while the
 * answer stays small. One short range on client_daily_pkey per client read here; this statement
 * serves a profile's header and the list's clients whose kept row cannot serve the instant
 * (listEntries.ts), so the list itself never reads it.
 */
const recentDailyIndicators = (() => {
  const bounds = Object.values(dailyColumns).map(
    (column) =>
      sql`coalesce(max(d.local_date) filter (where d.${sql.raw(column)} >= ${laggingLimitPercent}) over (), '-infinity'::date) as ${sql.raw(`${column}_from`)}`,
  );
  const tails = Object.entries(dailyColumns).map(
    ([indicator, column]) =>
      sql`${sql.raw(`'${indicator}'`)}, coalesce(json_agg(t.${sql.raw(column)} order by t.local_date desc) filter (where t.${sql.raw(column)} is not null and t.local_date >= t.${sql.raw(`${column}_from`)}), '[]'::json)`,
  );
  return sql`(
    select json_build_object(${sql.join(tails, sql`, `)})
    from (
      select d.local_date, ${sql.join(
        Object.values(dailyColumns).map((column) => sql`d.${sql.raw(column)}`),
        sql`, `,
      )}, ${sql.join(bounds, sql`, `)}
      from client_daily d
      where d.client_person_id = ${persons.id}
        and ${currentStep} in (${sql.raw(ownIndicatorSteps.map((step) => `'${step}'`).join(', '))})
        and d.local_date <= ${localToday}
        and d.local_date >= ${lowDaysFrom}
    ) t)`;
})();

/** A phase's indicator sums as JSON keys, from a `client_phase_totals` row (or its alias). */
function sumsJson(totals: typeof clientPhaseTotals | typeof previousTotals) {
  return sql`'productivitySum', ${totals.productivitySum}, 'productivityDays', ${totals.productivityDays},
    'mentalSum', ${totals.mentalSum}, 'mentalDays', ${totals.mentalDays},
    'physicalSum', ${totals.physicalSum}, 'physicalDays', ${totals.physicalDays}`;
}

/**
 * One client's row of {@link selectClientRows}; its indicator sums are the current step's totals
 * (all null without a totals row).
 */
export type ClientRow = PhaseIndicatorSums & {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  /** Read for given clients (a profile), not for a coach's list: null there. */
  aboutMe: string | null;
  timezone: string;
  gender: string | null;
  birthDate: string | null;
  createdAt: Date;
  email: string;
  hasPicture: boolean;
  currentStep: JourneyStep | null;
  stepStartDate: string | null;
  learnStartDate: string | null;
  reflectionsCompleted: number | null;
  exercisesCompleted: number | null;
  assessmentsCompleted: number | null;
  /** In grow, sense's sums (its indicators are shown); else null. */
  previousSums: PhaseIndicatorSums | null;
  /** The current step's stored low days (null without a totals row): used when they hold now. */
  storedLowDays: StoredLowDays | null;
  /**
   * The recent daily averages `lowDays` counts when the stored low days do not hold (read from
   * the sources; null from a kept list entry, whose stored low days hold).
   */
  recentDaily: RecentDailyIndicators | null;
  /** The usage sessions engagement needs at the figures' instant (others do not change it). */
  sessions: SessionPair[];
  /** The client's messages their coach has not read yet. */
  unreadMessages: number;
  /** The client's open follow-up with their coach; null when none. */
  followUp: OpenFollowUp | null;
  /** Their coach's latest review of the client, of whatever day; null when none. */
  review: KeptReview | null;
};

/** An open follow-up as the list's rows hold it: its date (the coach's) and its reason. */
export type OpenFollowUp = [dueDate: string, reason: string];

/** A review as the list's rows hold it (`client_list_review` in src/db/clientList.sql). */
export type KeptReview = [day: string, reviewedAt: string, flags: string[], unreadMessages: number];

/**
 * A row as the statement answers it: the acceptance instant as epoch milliseconds, the sessions
 * that can touch the 48 h window and the latest one ended by then.
 */
type ClientRowJson = Omit<ClientRow, 'createdAt' | 'sessions'> & {
  createdAt: number;
  windowSessions: SessionPair[] | null;
  lastSession: SessionPair | null;
};

/**
 * Every client row as one JSON value, built by PostgreSQL: one text for the driver to hand over
 * and one `JSON.parse`, rather than some forty typed columns a row to parse and map.
 */
const clientRowJson = (withAboutMe: boolean) => sql`json_build_object(
  'id', ${persons.id}, 'userId', ${persons.userId},
  'firstName', ${persons.firstName}, 'lastName', ${persons.lastName},
  'aboutMe', ${withAboutMe ? persons.aboutMe : sql`null`}, 'timezone', ${persons.timezone},
  'gender', ${persons.gender},
  'birthDate', ${persons.birthDate}, 'createdAt', ${epochMs(sql`${persons.createdAt}`)},
  'email', ${users.email}, 'hasPicture', ${profilePictures.personId} is not null,
  'currentStep', ${journeys.currentStep}, 'stepStartDate', ${journeySteps.startDate},
  'learnStartDate', ${learnStep.startDate},
  ${sumsJson(clientPhaseTotals)},
  'reflectionsCompleted', ${clientPhaseTotals.reflectionsCompleted},
  'exercisesCompleted', ${clientPhaseTotals.exercisesCompleted},
  'assessmentsCompleted', ${clientPhaseTotals.assessmentsCompleted},
  'previousSums', case when ${previousTotals.clientPersonId} is not null
    then json_build_object(${sumsJson(previousTotals)}) end,
  'storedLowDays', case when ${clientPhaseTotals.clientPersonId} is not null then json_build_object(
    'judgedFrom', ${clientPhaseTotals.lowDaysJudgedFrom}, 'through', ${clientPhaseTotals.lowDaysThrough},
    ${sql.join(
      Object.entries(storedLowDayRuns).map(
        ([indicator, { days, from }]) =>
          sql`${sql.raw(`'${indicator}'`)}, json_build_object('days', ${days}, 'from', ${from})`,
      ),
      sql`, `,
    )}) end,
  'recentDaily', ${recentDailyIndicators},
  'unreadMessages', client_list_unread(${persons.id}, ${persons.coachPersonId}),
  'followUp', client_list_follow_up(${persons.id}, ${persons.coachPersonId})::json,
  'review', client_list_review(${persons.id}, ${persons.coachPersonId})::json,
  'windowSessions', (
    select json_agg(json_build_array(${epochMs(sql`s.started_at`)}, ${epochMs(sql`s.ended_at`)}))
    from usage_sessions s
    where s.client_person_id = ${persons.id}
      and s.started_at > ${parameter.lookBack} and s.started_at <= ${parameter.at}
      and s.ended_at > ${parameter.windowStart}),
  'lastSession', (
    select json_build_array(${epochMs(sql`s.started_at`)}, ${epochMs(sql`s.ended_at`)})
    from usage_sessions s
    where s.client_person_id = ${persons.id} and s.ended_at <= ${parameter.at}
    order by s.ended_at desc
    limit 1))`;

/**
 * The clients-list statement for the clients `which` selects, ready to prepare; `withAboutMe`
 * for a profile (a list has no use for the free text).
 */
function clientRowsQuery(db: Database, which: SQL, withAboutMe: boolean) {
  return db
    .select({
      rows: sql<ClientRowJson[]>`coalesce(json_agg(${clientRowJson(withAboutMe)}
        order by ${persons.lastName}, ${persons.firstName}, ${persons.id}), '[]'::json)`,
    })
    .from(persons)
    .innerJoinLateral(keyLookup(users, eq(users.id, persons.userId)), sql`true`)
    .leftJoinLateral(
      keyLookup(profilePictures, eq(profilePictures.personId, persons.id)),
      sql`true`,
    )
    .leftJoinLateral(keyLookup(journeys, eq(journeys.clientPersonId, persons.id)), sql`true`)
    .leftJoinLateral(stepRow(journeySteps, journeySteps, currentStep), sql`true`)
    .leftJoinLateral(
      stepRow(
        journeySteps,
        learnStep,
        sql`'learn'`,
        inArray(learnStep.status, startedStepStatusNames),
      ),
      sql`true`,
    )
    .leftJoinLateral(stepRow(clientPhaseTotals, clientPhaseTotals, currentStep), sql`true`)
    .leftJoinLateral(stepRow(clientPhaseTotals, previousTotals, previousIndicatorStep), sql`true`)
    .where(
      and(
        sql`${persons.organisationId} = ${parameter.organisationId}`,
        eq(persons.type, 'user'),
        which,
      ),
    );
}

/**
 * The row of `table` that `where` finds by a unique key, as a lateral join under the table's name
 * (or the alias `as`), so that the statement's references to its columns stay as they are. The
 * `limit 1` keeps PostgreSQL from flattening it into a hash join: for a coach's 200 clients the
 * planner chose hash joins over whole-table scans of the steps and totals (18,000 rows each at
 * 10,000 clients, growing with the store) where 200 probes of the key's index cost half the CPU.
 */
/** A client's row of a table by client and step (steps, phase totals), as {@link keyLookup}. */
function stepRow(
  table: AnyPgTable,
  as: AnyPgTable & { clientPersonId: AnyPgColumn; step: AnyPgColumn },
  step: SQL,
  filter?: SQL,
) {
  return keyLookup(
    table,
    and(eq(as.clientPersonId, persons.id), sql`${as.step} = ${step}`, filter),
    as,
  );
}

function keyLookup(table: AnyPgTable, where: SQL | undefined, as: AnyPgTable = table) {
  const name = sql.identifier(getTableName(as));
  return sql`(select * from ${sql.identifier(getTableName(table))} ${name} where ${where} limit 1) ${name}`;
}

/** The two prepared forms of the statement (by coach, by ids), once per database. */
const statementsOf = preparedPerHandle((db: Database) => ({
  byCoach: clientRowsQuery(
    db,
    sql`${persons.coachPersonId} = ${parameter.coachPersonId}`,
    false,
  ).prepare('analytics_client_rows_by_coach'),
  byIds: clientRowsQuery(db, sql`${persons.id} = any(${parameter.clientIds})`, true).prepare(
    'analytics_client_rows_by_ids',
  ),
}));

/**
 * The clients (type 'user') `filter` selects with everything their figures at `now` need:
 * profile (with its free text for given ids only), email, picture, current step and its start date, learn's stored start date (the
 * journey's start), the phase totals of the current step and, in grow, sense's (its indicators
 * are shown), the low days (stored, or the recent daily averages to count them), and the usage
 * sessions of engagement: those that can touch the 48 h window (started within 72 h, by now,
 * ending after the window start) and the latest one ended by now ("last connected", from any
 * time). By last name, first name, id.
 *
 * One prepared statement for any number of clients: the persons by
 * persons_organisation_coach_idx (or by primary key), then a lookup by key in each joined table,
 * and per client two short index ranges on usage_sessions (a backward step on (client,
 * ended_at) for the last session). Instants come back as epoch milliseconds inside the JSON,
 * the same on both drivers.
 */
export async function selectClientRows(
  db: Database,
  organisationId: string,
  filter: ClientFilter,
  now: Date,
): Promise<ClientRow[]> {
  const { statement, values } = boundStatement(db, organisationId, filter, now);
  const [answer] = await statement.execute(values);
  const rows = answer?.rows ?? [];
  return rows.map(({ windowSessions, lastSession, ...row }) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    sessions: lastSession ? [...(windowSessions ?? []), lastSession] : (windowSessions ?? []),
  }));
}

/** The prepared statement of `filter` and its values at `now`. */
function boundStatement(db: Database, organisationId: string, filter: ClientFilter, now: Date) {
  const statements = statementsOf(db);
  const values = {
    at: now.toISOString(),
    lookBack: new Date(now.getTime() - sessionLookBackMs).toISOString(),
    windowStart: new Date(now.getTime() - engagementWindowMs).toISOString(),
    organisationId,
  };
  return 'coachPersonId' in filter
    ? { statement: statements.byCoach, values: { ...values, coachPersonId: filter.coachPersonId } }
    : { statement: statements.byIds, values: { ...values, clientIds: [...filter.clientIds] } };
}

/**
 * The text and parameters {@link selectClientRows} runs for `filter` at `now`: what a
 * benchmark explains.
 */
export function clientRowsStatement(
  db: Database,
  organisationId: string,
  filter: ClientFilter,
  now: Date,
): { text: string; params: unknown[] } {
  const { statement, values } = boundStatement(db, organisationId, filter, now);
  const query = statement.getQuery();
  return { text: query.sql, params: fillPlaceholders(query.params, values) };
}

/** The statement of {@link selectDailyRows}, prepared once per database. */
const dailyRowsStatementOf = preparedPerHandle((db: Database) =>
  db
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
    .where(inClientRangePlaceholders(clientDaily))
    .orderBy(asc(clientDaily.localDate))
    .prepare('analytics_daily_rows'),
);

/** A client's `client_daily` rows from `from` to `to` (a range scan of the primary key). */
export function selectDailyRows(
  db: Database,
  organisationId: string,
  clientId: string,
  from: string,
  to: string,
) {
  return dailyRowsStatementOf(db).execute({ organisationId, clientId, from, to });
}

/** An instant as UTC text with microseconds: the history's sort key (see ActivityKey). */
const keyText = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A client's rows of a history table that have their instant `at`, after the cursor
 * (`beforeAt`, `beforeId`) by (at, id) when `isAfterCursor` (placeholders: the organisation, the
 * client, the cursor).
 */
function historyFilter(
  table: { organisationId: AnyPgColumn; clientPersonId: AnyPgColumn; id: AnyPgColumn },
  at: AnyPgColumn,
  isAfterCursor: boolean,
) {
  return and(
    ofClientPlaceholders(table),
    isNotNull(at),
    isAfterCursor ? afterCursorPlaceholders(at, table.id) : undefined,
  );
}

/**
 * The two history statements, each in two forms (the first page, a page after a cursor),
 * prepared once per database: the first page is one of a coach's profile calls.
 */
const historyStatementsOf = preparedPerHandle((db: Database) => {
  const surveyHistory = (isAfterCursor: boolean) =>
    db
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
      .where(historyFilter(surveys, surveys.submittedAt, isAfterCursor))
      .orderBy(desc(surveys.submittedAt), desc(surveys.id))
      .limit(sql.placeholder('limit'))
      .prepare(`analytics_survey_history${isAfterCursor ? '_after' : ''}`);
  const exerciseHistory = (isAfterCursor: boolean) =>
    db
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
      .where(historyFilter(exercises, exercises.completedAt, isAfterCursor))
      .orderBy(desc(exercises.completedAt), desc(exercises.id))
      .limit(sql.placeholder('limit'))
      .prepare(`analytics_exercise_history${isAfterCursor ? '_after' : ''}`);
  return {
    surveys: { first: surveyHistory(false), after: surveyHistory(true) },
    exercises: { first: exerciseHistory(false), after: exerciseHistory(true) },
  };
});

/** The values of a history statement: the client, the cursor when given, the page's size. */
function historyValues(
  organisationId: string,
  clientId: string,
  before: ActivityKey | null,
  limit: number,
) {
  return before === null
    ? { organisationId, clientId, limit }
    : { organisationId, clientId, limit, beforeAt: before.at, beforeId: before.id };
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
  const statements = historyStatementsOf(db).surveys;
  return (before === null ? statements.first : statements.after).execute(
    historyValues(organisationId, clientId, before, limit),
  );
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
  const statements = historyStatementsOf(db).exercises;
  return (before === null ? statements.first : statements.after).execute(
    historyValues(organisationId, clientId, before, limit),
  );
}
