// Bulk mode: writes large volumes of plausible client data straight into the real tables with a
// few set-based statements (insert ... select from generate_series), so that the real endpoints
// read them. For benchmarks: 100,000 clients x 365 days is 36.5 M client_daily rows.
//
// Every value is a hash of (seed, client, day, purpose), so a load is reproducible. The rollups
// follow the write side's agreement: client_phase_totals are computed from client_daily over each
// step's dates, the current step's low days judged by the write side's own functions, and for the
// bench coach's clients client_daily is recomputed from the raw surveys, exercises and samples of
// the last 30 days.

import {
  breathsPerMinuteValues,
  exerciseGoalNames,
  exerciseStepGoalNames,
  goalEffectNames,
  reflectionWindowNames,
} from '@coach/domain';
import { hashPassword } from '@coach/server';
import type { DatabaseHandle, Transaction } from '@coach/server/db';
import { judgeLowDays, storeLowDays } from '@coach/server/stores';
import { type SQL, sql } from 'drizzle-orm';
import {
  below,
  ci,
  clientBias,
  clientCreatedAt,
  dayKey,
  daysFrom,
  pick,
  sessionEnd,
  sessionSeconds,
  sessionStart,
  stepOf,
  textArray,
  unit,
} from './bulkSql.ts';

/** What to load. */
export type BulkLoadOptions = {
  clients: number;
  /** Days of history per client, today included (their acceptance was `days - 1` days ago). */
  days: number;
  /** Varies every generated value; the same seed gives the same data. */
  seed: number;
  /** Default: one coach per 200 clients. Clients are shared out in contiguous blocks. */
  coaches?: number;
  onProgress?: (message: string) => void;
  /** The load's "now" (default: the real clock). */
  now?: Date;
};

/** What was loaded: the coaches' sign-in emails, how long it took, and rows per table. */
export type BulkLoadResult = {
  coachEmails: string[];
  /** The first coach: their clients also have raw surveys, exercises and samples (30 days). */
  benchCoachEmail: string;
  seconds: number;
  rows: Record<string, number>;
};

/** The password of every bulk account (coaches and clients), hashed once and reused. */
export const bulkPassword = 'Bench123!';

/** The audit_log action of the row that marks a finished load (its details: the options). */
const bulkMarkerAction = 'bench.bulk_load';

/**
 * What a load holds beyond the options, in its marker: 2 adds the stored low days of the phase
 * totals. A load of an older layout is brought up to date by {@link upgradeBulkLoad}.
 */
export const bulkLayout = 2;

/** Clients judged per transaction when the low days are filled in. */
const lowDaysChunkClients = 1000;

/** Clients per transaction when the clients list's rows are built. */
const listEntriesChunkClients = 10_000;

/** Days of raw surveys, exercises and samples for the bench coach's clients. */
const rawHistoryDays = 30;

/** Days of raw usage sessions for every client (the 48 h engagement window reads them). */
const rawUsageDays = 3;

/** Clients per statement of the big inserts (progress is reported per chunk). */
const chunkClients = 10_000;

/** Timezones of the clients, far ones included (a client's is picked by hash). */
const bulkTimezones = [
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
  'Pacific/Honolulu',
] as const;

const firstNames = [
  'Amelia',
  'Noah',
  'Sofia',
  'Liam',
  'Yuki',
  'Mateo',
  'Emma',
  'Lucas',
  'Priya',
  'Ethan',
  'Chloe',
  'Oliver',
  'Hannah',
  'Kenji',
  'Isabella',
  'Jack',
  'Mia',
  'Omar',
  'Grace',
  'Samuel',
];
const lastNames = [
  'Hughes',
  'Fischer',
  'Rossi',
  "O'Connor",
  'Tanaka',
  'Garcia',
  'Johnson',
  'Silva',
  'Sharma',
  'Walker',
  'Martin',
  'Smith',
  'Nowak',
  'Watanabe',
  'Costa',
  'Thompson',
  'Andersson',
  'Haddad',
  'Lee',
  'Okafor',
  'Campbell',
  'Moreau',
  'Novak',
  'Berg',
  'Kowalski',
];

/** The sign-in email of coach `index` (1-based). */
export function bulkCoachEmail(index: number): string {
  return `bench-coach-${String(index).padStart(4, '0')}@example.com`;
}

/** The sign-in email of client `index` (1-based). */
export function bulkClientEmail(index: number): string {
  return `bench-client-${String(index).padStart(6, '0')}@example.com`;
}

/** Rows a statement changed, on both drivers. */
function affected(result: unknown): number {
  const counts = result as { rowCount?: number | null; affectedRows?: number };
  return Number(counts.rowCount ?? counts.affectedRows ?? 0);
}

/** A load under way: its options as numbers and SQL, and what its stages share. */
type Load = {
  database: DatabaseHandle;
  clients: number;
  days: number;
  seed: number;
  coaches: number;
  /** Clients per coach, in contiguous blocks. */
  perCoach: number;
  now: Date;
  nowSql: string;
  orgSql: string;
  /** When the load started (performance.now()). */
  started: number;
  /** Rows written per table. */
  rows: Record<string, number>;
  progress: (message: string) => void;
  /** Runs statements in one transaction, without per-row foreign-key triggers when allowed. */
  run: (statements: SQL[]) => Promise<number[]>;
  /** A row's id, hashed from the seed, its kind and an SQL index expression. */
  id: (kind: string, index: string) => string;
};

/**
 * Loads `clients` clients with `days` days of data each, `coaches` coaches (200 clients each by
 * default) and everything the analytics read, into the database's organisation. The database
 * must not hold a bulk load already (the emails would clash). Foreign keys are not checked row by
 * row during the load (session_replication_role = replica, when the role may set it): the rows
 * are consistent by construction. Writes a marker row to audit_log (action
 * {@link bulkMarkerAction}, details = the options) when done, then VACUUMs and ANALYZEs the
 * tables it wrote (autovacuum is off for client_daily while it grows).
 */
export async function bulkLoad(
  database: DatabaseHandle,
  options: BulkLoadOptions,
): Promise<BulkLoadResult> {
  const load = await startLoad(database, options);
  const passwordHash = await hashPassword(bulkPassword);
  const { clients, days, coaches, seed } = load;
  load.progress(`bulk: ${clients} clients x ${days} days, ${coaches} coaches (seed ${seed})`);
  await stageClients(load);
  await loadAccounts(load, passwordHash);
  await loadJourneys(load);
  await loadUsageSessions(load);
  await loadClientDaily(load);
  await loadBenchCoachRawRows(load);
  await loadPhaseTotals(load);
  return finishLoad(load);
}

/** Checks the options and prepares what the stages share. */
async function startLoad(database: DatabaseHandle, options: BulkLoadOptions): Promise<Load> {
  const started = performance.now();
  const { clients, days, seed } = options;
  if (!Number.isInteger(clients) || clients < 1) throw new Error('clients must be >= 1');
  if (!Number.isInteger(days) || days < 1 || days > 3660) throw new Error('days must be 1..3660');
  if (!Number.isInteger(seed) || seed < 0 || seed > 1_000_000) throw new Error('seed: 0..1e6');
  const coaches = options.coaches ?? Math.ceil(clients / 200);
  if (!Number.isInteger(coaches) || coaches < 1 || coaches > clients) {
    throw new Error('coaches must be 1..clients');
  }
  const now = options.now ?? new Date();
  const org = database.organisationId;
  if (!/^[0-9a-f-]{36}$/i.test(org)) throw new Error('unexpected organisation id');

  const [role] = (
    await database.db.execute<{ super: boolean }>(
      sql`select rolsuper as super from pg_roles where rolname = current_user`,
    )
  ).rows;
  const skipTriggers = role?.super === true;
  const run = (statements: SQL[]) =>
    database.transaction(async (tx: Transaction) => {
      if (skipTriggers) await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(bulkLoadSetting);
      const results: number[] = [];
      for (const statement of statements) results.push(affected(await tx.execute(statement)));
      return results;
    });
  return {
    database,
    clients,
    days,
    seed,
    coaches,
    perCoach: Math.ceil(clients / coaches),
    now,
    nowSql: `'${now.toISOString()}'::timestamptz`,
    orgSql: `'${org}'::uuid`,
    started,
    rows: {},
    progress: options.onProgress ?? (() => {}),
    run,
    id: (kind, index) => `md5('${seed}:${kind}:' || ${index})::uuid`,
  };
}

/** Adds `n` rows to a table's count. */
function count(load: Load, table: string, n: number): void {
  load.rows[table] = (load.rows[table] ?? 0) + n;
}

/** Seconds since the load started, for its progress lines. */
function elapsed(load: Load): string {
  return `${((performance.now() - load.started) / 1000).toFixed(1)} s`;
}

/**
 * A staging table of every client's attributes: the later statements join on it. Unlogged and
 * dropped at the end; a regular table (not temporary) because a pool may switch connections.
 */
async function stageClients(load: Load): Promise<void> {
  const { database, clients, days, seed, perCoach, nowSql, id } = load;
  const { db } = database;
  const senseOffset = `1 + ${below(`least(${days} - 1, 30)`, ci, 2, seed)}`;
  const growOffset = `1 + ${below(`greatest(least(${days} - 2 - (${senseOffset}), 60), 1)`, ci, 3, seed)}`;
  await db.execute(sql.raw('drop table if exists bulk_load_clients'));
  await db.execute(
    sql.raw(`
    create unlogged table bulk_load_clients as
    with base as (
      select c.ci, ${id('person', 'c.ci')} as person_id, ${id('user', 'c.ci')} as user_id,
        1 + (c.ci - 1) / ${perCoach} as coach_index,
        ${pick(bulkTimezones, ci, 1, seed)} as tz,
        ${unit(ci, 4, seed)} as journey_draw,
        ${senseOffset} as sense_offset, ${growOffset} as grow_offset
      from generate_series(1, ${clients}) as c(ci)
    )
    select ci, person_id, user_id, coach_index, tz,
      (${nowSql} at time zone tz)::date - ${days - 1} as start_date,
      (${nowSql} at time zone tz)::date as today,
      case when ${days} >= 2 and journey_draw >= 0.4
        then (${nowSql} at time zone tz)::date - ${days - 1} + sense_offset end as sense_start,
      case when ${days} >= 3 and journey_draw >= 0.75 and sense_offset + grow_offset <= ${days - 1}
        then (${nowSql} at time zone tz)::date - ${days - 1} + sense_offset + grow_offset
        end as grow_start
    from base`),
  );
  await db.execute(sql.raw('create unique index on bulk_load_clients (ci)'));
  await db.execute(sql.raw('analyze bulk_load_clients'));
}

/** Accounts: coaches, then clients (users and persons). */
async function loadAccounts(load: Load, passwordHash: string): Promise<void> {
  const { days, seed, coaches, nowSql, orgSql, rows, progress, run, id } = load;
  const [coachUsers, coachPersons] = await run([
    sql`insert into users (id, organisation_id, email, password_hash, created_at)
      select ${sql.raw(id('coach-user', 'k'))}, ${sql.raw(orgSql)},
        'bench-coach-' || lpad(k::text, 4, '0') || '@example.com', ${passwordHash},
        ${sql.raw(nowSql)} - interval '${sql.raw(String(days))} days'
      from generate_series(1, ${sql.raw(String(coaches))}) as k`,
    sql.raw(`insert into persons (id, organisation_id, user_id, type, first_name, last_name,
        timezone, gender, birth_date, about_me, created_at)
      select ${id('coach', 'k')}, ${orgSql}, ${id('coach-user', 'k')}, 'coach', 'Bench',
        'Coach ' || lpad(k::text, 4, '0'), 'Europe/London', null, null, 'Bench coach',
        ${nowSql} - interval '${days} days'
      from generate_series(1, ${coaches}) as k`),
  ]);
  count(load, 'users', coachUsers ?? 0);
  count(load, 'persons', coachPersons ?? 0);
  const createdAt = clientCreatedAt(nowSql);
  const [clientUsers, clientPersons] = await run([
    sql`insert into users (id, organisation_id, email, password_hash, created_at)
      select c.user_id, ${sql.raw(orgSql)},
        'bench-client-' || lpad(c.ci::text, 6, '0') || '@example.com', ${passwordHash},
        ${sql.raw(createdAt)}
      from bulk_load_clients c`,
    sql.raw(`insert into persons (id, organisation_id, user_id, type, first_name, last_name,
        coach_person_id, timezone, gender, birth_date, created_at)
      select c.person_id, ${orgSql}, c.user_id, 'user', ${pick(firstNames, ci, 5, seed)},
        ${pick(lastNames, ci, 6, seed)}, ${id('coach', 'c.coach_index')}, c.tz,
        case when ${unit(ci, 7, seed)} < 0.1 then null
          when ${unit(ci, 8, seed)} < 0.5 then 'female' else 'male' end,
        date '1950-01-01' + ${below(50 * 365, ci, 9, seed)}, ${createdAt}
      from bulk_load_clients c`),
  ]);
  count(load, 'users', clientUsers ?? 0);
  count(load, 'persons', clientPersons ?? 0);
  progress(`bulk: accounts (${rows.users} users) in ${elapsed(load)}`);
}

/**
 * Journeys: every client has a row; learn-only clients have no step rows yet (as the journey
 * service leaves them). The others: learn completed, sense active or completed, grow active.
 */
async function loadJourneys(load: Load): Promise<void> {
  const { seed, nowSql, orgSql, progress, run, id } = load;
  const createdAt = clientCreatedAt(nowSql);
  const stepStartedAt = (date: string) =>
    `least(${nowSql}, (${date} + time '09:00') at time zone c.tz)`;
  const [journeyRows, learnRows, senseRows, growRows] = await run([
    sql.raw(`insert into journeys (organisation_id, client_person_id, current_step, started_at,
        updated_at)
      select ${orgSql}, c.person_id,
        case when c.grow_start is not null then 'grow' when c.sense_start is not null then 'sense'
          else 'learn' end, ${createdAt}, ${nowSql}
      from bulk_load_clients c`),
    sql.raw(`insert into journey_steps (organisation_id, client_person_id, step, start_date, status,
        started_at, completed_at, created_at)
      select ${orgSql}, c.person_id, 'learn', c.start_date, 'completed', ${createdAt},
        ${stepStartedAt('c.sense_start')}, ${stepStartedAt('c.sense_start')}
      from bulk_load_clients c where c.sense_start is not null`),
    sql.raw(`insert into journey_steps (organisation_id, client_person_id, step, start_date, status,
        goals, bpm, goal_choices, started_by_person_id, started_at, completed_at, created_at)
      select ${orgSql}, c.person_id, 'sense', c.sense_start,
        case when c.grow_start is null then 'active' else 'completed' end,
        array[${pick(exerciseStepGoalNames, ci, 10, seed)}], ${pick(breathsPerMinuteValues, ci, 11, seed)}::smallint,
        jsonb_build_array(${pick(exerciseGoalNames.slice(1), ci, 12, seed)}),
        ${id('coach', 'c.coach_index')}, ${stepStartedAt('c.sense_start')},
        case when c.grow_start is not null then ${stepStartedAt('c.grow_start')} end,
        ${stepStartedAt('c.sense_start')}
      from bulk_load_clients c where c.sense_start is not null`),
    sql.raw(`insert into journey_steps (organisation_id, client_person_id, step, start_date, status,
        goals, bpm, goal_choices, started_by_person_id, started_at, created_at)
      select ${orgSql}, c.person_id, 'grow', c.grow_start, 'active',
        array[${pick(exerciseStepGoalNames, ci, 13, seed)}], ${pick(breathsPerMinuteValues, ci, 14, seed)}::smallint,
        jsonb_build_array(${pick(exerciseGoalNames.slice(1), ci, 15, seed)}),
        ${id('coach', 'c.coach_index')}, ${stepStartedAt('c.grow_start')},
        ${stepStartedAt('c.grow_start')}
      from bulk_load_clients c where c.grow_start is not null`),
  ]);
  count(load, 'journeys', journeyRows ?? 0);
  count(load, 'journey_steps', (learnRows ?? 0) + (senseRows ?? 0) + (growRows ?? 0));
  progress(`bulk: journeys in ${elapsed(load)}`);
}

/**
 * Usage sessions of the last days: two per local day (morning, evening), 5..50 min, only those
 * over by now. client_daily.usage_seconds of those days is the same formula, summed.
 */
async function loadUsageSessions(load: Load): Promise<void> {
  const { seed, nowSql, orgSql, progress, run } = load;
  const sessionRows = await run(
    [0, 1].map((k) =>
      sql.raw(`insert into usage_sessions (organisation_id, client_person_id, client_session_id,
          started_at, ended_at)
        select ${orgSql}, c.person_id, md5('${seed}:session:${k}:' || c.ci || ':' || d.d)::uuid,
          ${sessionStart(k, seed)}, ${sessionEnd(k, seed)}
        from bulk_load_clients c cross join lateral ${daysFrom(rawUsageDays - 1)}
        where ${sessionEnd(k, seed)} <= ${nowSql}`),
    ),
  );
  count(
    load,
    'usage_sessions',
    sessionRows.reduce((sum, n) => sum + n, 0),
  );
  progress(`bulk: usage sessions in ${elapsed(load)}`);
}

/** client_daily: every client x every day, in chunks of clients. */
async function loadClientDaily(load: Load): Promise<void> {
  const { database, clients, days, seed, nowSql, orgSql, rows, progress, run } = load;
  const { db } = database;
  const isActive = `${unit(dayKey, 30, seed)} < 0.85`;
  const recentUsage = [0, 1]
    .map(
      (k) =>
        `case when ${sessionEnd(k, seed)} <= ${nowSql} then ${sessionSeconds(k, seed)} else 0 end`,
    )
    .join(' + ');
  const usage = `case when d.d > c.today - ${rawUsageDays} then ${recentUsage}
      when ${isActive} then 300 + ${below(3600, dayKey, 31, seed)} else 0 end`;
  const metricCount = (salt: number) =>
    `case when ${isActive} then 20 + ${below(200, dayKey, salt, seed)} else 0 end`;
  const metricAverage = (salt: number, low: number, span: number) =>
    `case when ${isActive} then ${low} + ${unit(dayKey, salt, seed)} * ${span} end`;
  const indicator = (salt: number, biasSalt: number) =>
    `case when v.reflections > 0 then least(100, greatest(0, ${clientBias(biasSalt, seed)} + (${unit(dayKey, salt, seed)} - 0.5) * 30)) end`;
  const dailyChunk = (from: number, to: number) =>
    sql.raw(`insert into client_daily (organisation_id, client_person_id, local_date, usage_seconds,
        hrv_count, hrv_average, pulse_count, pulse_average, respiratory_count, respiratory_average,
        reflections_completed, exercises_completed, assessments_completed,
        productivity_count, productivity_average, mental_count, mental_average,
        physical_count, physical_average, updated_at)
      select ${orgSql}, c.person_id, d.d, ${usage},
        ${metricCount(32)}, ${metricAverage(33, 30, 70)},
        ${metricCount(34)}, ${metricAverage(35, 55, 35)},
        ${metricCount(36)}, ${metricAverage(37, 10, 8)},
        v.reflections, v.exercises, v.assessments,
        v.reflections, ${indicator(40, 41)}, v.reflections, ${indicator(42, 43)},
        v.reflections, ${indicator(44, 45)}, ${nowSql}
      from bulk_load_clients c
        cross join lateral ${daysFrom(days)}
        cross join lateral (select ${stepOf} as step) as s
        cross join lateral (select
          case when s.step = 'grow' or not (${isActive}) then 0
            else ${below(6, dayKey, 50, seed)} end as reflections,
          case when not (${isActive}) then 0 when s.step = 'learn' then ${below(4, dayKey, 51, seed)}
            when s.step = 'sense' then ${below(7, dayKey, 51, seed)} else 0 end as exercises,
          case when d.d in (c.start_date, c.sense_start, c.grow_start)
            and ${unit(dayKey, 52, seed)} < 0.8 then 1 else 0 end as assessments) as v
      where c.ci between ${from} and ${to}`);
  // Autovacuum would scan the table over and over while it grows; one VACUUM runs at the end.
  await db.execute(sql.raw('alter table client_daily set (autovacuum_enabled = false)'));
  for (let from = 1; from <= clients; from += chunkClients) {
    const to = Math.min(clients, from + chunkClients - 1);
    const [n] = await run([dailyChunk(from, to)]);
    count(load, 'client_daily', n ?? 0);
    progress(
      `bulk: client_daily clients ${from}..${to} (${rows.client_daily} rows) in ${elapsed(load)}`,
    );
  }
}

/** The bench coach's clients (the first coach's), in the staging table. */
const benchClients = `c.coach_index = 1`;

/** The days of the raw history, each with its step (s.step). */
const rawDays = `${daysFrom(rawHistoryDays - 1)}
      cross join lateral (select ${stepOf} as step) as s`;

/**
 * Raw rows for the first coach's clients (the bench coach): reflections, assessments, exercises
 * and samples of the last 30 days, then their client_daily rebuilt from them, in one transaction.
 */
async function loadBenchCoachRawRows(load: Load): Promise<void> {
  const { progress, run } = load;
  const [reflections, assessments, exercises, samples] = await run([
    benchReflections(load),
    benchAssessments(load),
    benchExercises(load),
    benchSamples(load),
    benchClientDailyFromRawRows(),
  ]);
  count(load, 'surveys', (reflections ?? 0) + (assessments ?? 0));
  count(load, 'exercises', exercises ?? 0);
  count(load, 'metric_samples', samples ?? 0);
  progress(`bulk: raw rows of the bench coach's clients in ${elapsed(load)}`);
}

/** Reflections in 70 % of the windows of learn and sense, answers around the client's level. */
function benchReflections({ seed, nowSql, orgSql }: Load): SQL {
  const windowStarts = ['06:30', '12:30', '15:30', '18:30', '21:30'];
  const windowKey = `(${dayKey} * 8 + w.w)`;
  const reflectionAt = `((d.d + (${textArray(windowStarts)})[w.w + 1]::time) at time zone c.tz + ${below(50, windowKey, 60, seed)} * interval '1 minute')`;
  const answer = (salt: number, biasSalt: number) =>
    `least(100, greatest(0, round(${clientBias(biasSalt, seed)} + (${unit(windowKey, salt, seed)} - 0.5) * 40)))::smallint`;
  return sql.raw(`insert into surveys (organisation_id, client_person_id, client_survey_id, type, step,
      name, "window", answers, productivity, mental, physical, local_date, submitted_at,
      created_at)
    select ${orgSql}, c.person_id, md5('${seed}:reflection:' || c.ci || ':' || d.d || ':' || w.w)::uuid,
      case when w.w = 0 then 'morningReflection' else 'reflection' end, s.step, '',
      (${textArray(reflectionWindowNames)})[w.w + 1], '{}'::jsonb,
      ${answer(61, 41)}, ${answer(62, 43)}, ${answer(63, 45)}, d.d, ${reflectionAt}, ${reflectionAt}
    from bulk_load_clients c cross join lateral ${rawDays}
      cross join lateral generate_series(0, 4) as w(w)
    where ${benchClients} and s.step <> 'grow' and ${unit(windowKey, 64, seed)} < 0.7
      and ${reflectionAt} <= ${nowSql}`);
}

/** The assessment of each step, complete, on the step's first day. */
function benchAssessments({ seed, nowSql, orgSql }: Load): SQL {
  return sql.raw(`insert into surveys (organisation_id, client_person_id, client_survey_id, type, step,
      name, status, answers, local_date, submitted_at, created_at)
    select ${orgSql}, c.person_id, md5('${seed}:assessment:' || c.ci || ':' || d.d)::uuid,
      'assessment', s.step, 'Wellbeing assessment', 'complete', '{}'::jsonb, d.d,
      least(${nowSql}, (d.d + time '10:00') at time zone c.tz),
      least(${nowSql}, (d.d + time '10:00') at time zone c.tz)
    from bulk_load_clients c cross join lateral ${rawDays}
    where ${benchClients} and d.d in (c.start_date, c.sense_start, c.grow_start)`);
}

/** Exercises in 60 % of the slots of learn and sense, ten minutes each. */
function benchExercises({ seed, nowSql, orgSql }: Load): SQL {
  const slotStarts = ['07:15', '13:15', '14:15', '15:15', '16:15', '18:15'];
  const exerciseAt = `((d.d + (${textArray(slotStarts)})[x.x + 1]::time) at time zone c.tz + ${below(90, `(${dayKey} * 8 + x.x)`, 70, seed)} * interval '1 minute')`;
  const exerciseKey = `(${dayKey} * 8 + x.x)`;
  return sql.raw(`insert into exercises (organisation_id, client_person_id, client_exercise_id, goal,
      step, step_goal, bpm, hrv1_before, hrv1_after, pulse_before, pulse_after,
      respiratory_before, respiratory_after, result, effect, local_date, started_at,
      completed_at, created_at)
    select ${orgSql}, c.person_id, md5('${seed}:exercise:' || c.ci || ':' || d.d || ':' || x.x)::uuid,
      case when s.step = 'learn' then 'learn' else ${pick(exerciseGoalNames.slice(1), exerciseKey, 71, seed)} end,
      s.step, null, 6::smallint, 40 + ${unit(exerciseKey, 72, seed)} * 40,
      45 + ${unit(exerciseKey, 73, seed)} * 45, 60 + ${unit(exerciseKey, 74, seed)} * 30,
      58 + ${unit(exerciseKey, 75, seed)} * 25, 12 + ${unit(exerciseKey, 76, seed)} * 6,
      10 + ${unit(exerciseKey, 77, seed)} * 5, '', ${pick(goalEffectNames, exerciseKey, 78, seed)},
      d.d, ${exerciseAt}, ${exerciseAt} + interval '10 minutes', ${exerciseAt}
    from bulk_load_clients c cross join lateral ${rawDays}
      cross join lateral generate_series(0, case when s.step = 'sense' then 5 else 2 end) as x(x)
    where ${benchClients} and s.step <> 'grow' and ${unit(exerciseKey, 79, seed)} < 0.6
      and ${exerciseAt} + interval '10 minutes' <= ${nowSql}`);
}

/** Device samples: HRV, pulse and breathing rate every hour from 00:20, all day. */
function benchSamples({ seed, nowSql, orgSql }: Load): SQL {
  const sampleKey = `(${dayKey} * 128 + h.h)`;
  return sql.raw(`insert into metric_samples (organisation_id, client_person_id, client_sample_id, kind,
      value, measured_at)
    select ${orgSql}, c.person_id, md5('${seed}:sample:' || c.ci || ':' || d.d || ':' || h.h)::uuid,
      (array['hrv', 'pulse', 'respiratory'])[h.h % 3 + 1],
      case h.h % 3 when 0 then 30 + ${unit(sampleKey, 80, seed)} * 70
        when 1 then 55 + ${unit(sampleKey, 80, seed)} * 35
        else 10 + ${unit(sampleKey, 80, seed)} * 8 end,
      (d.d + time '00:20') at time zone c.tz + (h.h / 3) * interval '1 hour'
    from bulk_load_clients c cross join lateral ${rawDays}
      cross join lateral generate_series(0, 71) as h(h)
    where ${benchClients} and (d.d + time '00:20') at time zone c.tz + (h.h / 3) * interval '1 hour' <= ${nowSql}`);
}

/** The bench clients' last 30 days of client_daily, from those raw rows (usage is kept). */
function benchClientDailyFromRawRows(): SQL {
  return sql.raw(`with targets as (
      select cd.client_person_id, cd.local_date
      from client_daily cd join bulk_load_clients c on c.person_id = cd.client_person_id
      where ${benchClients} and cd.local_date > c.today - ${rawHistoryDays}
    ),
    s as (
      select client_person_id, local_date,
        count(*) filter (where type <> 'assessment')::int as reflections,
        count(*) filter (where type = 'assessment')::int as assessments,
        count(productivity)::int as productivity_count, avg(productivity) as productivity_average,
        count(mental)::int as mental_count, avg(mental) as mental_average,
        count(physical)::int as physical_count, avg(physical) as physical_average
      from surveys where client_person_id in (select person_id from bulk_load_clients c where ${benchClients})
      group by 1, 2
    ),
    e as (
      select client_person_id, local_date, count(*)::int as exercises
      from exercises where client_person_id in (select person_id from bulk_load_clients c where ${benchClients})
      group by 1, 2
    ),
    m as (
      select ms.client_person_id, (ms.measured_at at time zone c.tz)::date as local_date,
        count(*) filter (where kind = 'hrv')::int as hrv_count,
        avg(value) filter (where kind = 'hrv') as hrv_average,
        count(*) filter (where kind = 'pulse')::int as pulse_count,
        avg(value) filter (where kind = 'pulse') as pulse_average,
        count(*) filter (where kind = 'respiratory')::int as respiratory_count,
        avg(value) filter (where kind = 'respiratory') as respiratory_average
      from metric_samples ms join bulk_load_clients c on c.person_id = ms.client_person_id
      where ${benchClients}
      group by 1, 2
    )
    update client_daily cd set
      reflections_completed = coalesce(s.reflections, 0),
      assessments_completed = coalesce(s.assessments, 0),
      exercises_completed = coalesce(e.exercises, 0),
      productivity_count = coalesce(s.productivity_count, 0),
      productivity_average = s.productivity_average,
      mental_count = coalesce(s.mental_count, 0), mental_average = s.mental_average,
      physical_count = coalesce(s.physical_count, 0), physical_average = s.physical_average,
      hrv_count = coalesce(m.hrv_count, 0), hrv_average = m.hrv_average,
      pulse_count = coalesce(m.pulse_count, 0), pulse_average = m.pulse_average,
      respiratory_count = coalesce(m.respiratory_count, 0),
      respiratory_average = m.respiratory_average
    from targets t
      left join s on s.client_person_id = t.client_person_id and s.local_date = t.local_date
      left join e on e.client_person_id = t.client_person_id and e.local_date = t.local_date
      left join m on m.client_person_id = t.client_person_id and m.local_date = t.local_date
    where cd.client_person_id = t.client_person_id and cd.local_date = t.local_date`);
}

/**
 * client_phase_totals: per client and started step, from client_daily over the step's dates
 * [start, next start), one index range scan per step.
 */
async function loadPhaseTotals(load: Load): Promise<void> {
  const { database, clients, nowSql, orgSql, progress, run } = load;
  const { db } = database;
  await db.execute(sql.raw('analyze client_daily'));
  const totalsChunk = (from: number, to: number) =>
    sql.raw(`insert into client_phase_totals (organisation_id, client_person_id, step,
        productivity_sum, productivity_days, mental_sum, mental_days, physical_sum, physical_days,
        reflections_completed, exercises_completed, assessments_completed, updated_at)
      select ${orgSql}, r.person_id, r.step, t.*, ${nowSql}
      from (
        select c.person_id, 'learn' as step, c.start_date as starts,
          coalesce(c.sense_start, date 'infinity') as ends
        from bulk_load_clients c where c.ci between ${from} and ${to}
        union all
        select c.person_id, 'sense', c.sense_start, coalesce(c.grow_start, date 'infinity')
        from bulk_load_clients c where c.ci between ${from} and ${to} and c.sense_start is not null
        union all
        select c.person_id, 'grow', c.grow_start, date 'infinity'
        from bulk_load_clients c where c.ci between ${from} and ${to} and c.grow_start is not null
      ) as r
      cross join lateral (
        select coalesce(sum(cd.productivity_average), 0) as productivity_sum,
          count(cd.productivity_average)::int as productivity_days,
          coalesce(sum(cd.mental_average), 0) as mental_sum,
          count(cd.mental_average)::int as mental_days,
          coalesce(sum(cd.physical_average), 0) as physical_sum,
          count(cd.physical_average)::int as physical_days,
          coalesce(sum(cd.reflections_completed), 0)::int as reflections_completed,
          coalesce(sum(cd.exercises_completed), 0)::int as exercises_completed,
          coalesce(sum(cd.assessments_completed), 0)::int as assessments_completed
        from client_daily cd
        where cd.client_person_id = r.person_id and cd.local_date >= r.starts
          and cd.local_date < r.ends
      ) as t`);
  for (let from = 1; from <= clients; from += chunkClients * 2) {
    const to = Math.min(clients, from + chunkClients * 2 - 1);
    const [n] = await run([totalsChunk(from, to)]);
    count(load, 'client_phase_totals', n ?? 0);
    progress(`bulk: client_phase_totals clients ${from}..${to} in ${elapsed(load)}`);
  }
}

/**
 * Drops the staging table, judges the current steps' low days, writes the marker, and VACUUMs
 * the tables written.
 */
async function finishLoad(load: Load): Promise<BulkLoadResult> {
  const { database, clients, days, seed, coaches, now, rows, started, progress } = load;
  const { db } = database;
  await db.execute(sql.raw('drop table bulk_load_clients'));
  await judgeCurrentLowDays(database, progress);
  await buildListEntries(database, progress);
  const loadOptions = { clients, days, seed, coaches };
  await writeMarker(database, { ...loadOptions, now: now.toISOString(), layout: bulkLayout });
  await db.execute(sql.raw('alter table client_daily reset (autovacuum_enabled)'));
  // VACUUM sets the visibility map and hint bits now, so the first reads do not write pages.
  for (const table of [...Object.keys(rows), 'client_list_entries']) {
    await db.execute(sql.raw(`vacuum (analyze) ${table}`));
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  progress(`bulk: done in ${seconds} s`);
  return {
    coachEmails: Array.from({ length: coaches }, (_, index) => bulkCoachEmail(index + 1)),
    benchCoachEmail: bulkCoachEmail(1),
    seconds,
    rows,
  };
}

/**
 * The low days of every client's current step (open-ended: the last started), judged and stored
 * on its phase totals row by the write side's own functions (services/clientRecords/
 * lowDayRuns.ts), {@link lowDaysChunkClients} clients per transaction. The step's first date is
 * the one `readStepStarts` gives: its active or completed row's, learn's the acceptance date when
 * no row was written.
 */
async function judgeCurrentLowDays(
  database: DatabaseHandle,
  progress: (message: string) => void,
): Promise<void> {
  const started = performance.now();
  let after = '00000000-0000-0000-0000-000000000000';
  let judged = 0;
  for (;;) {
    const targets = sql`select p.id as client_id, coalesce(j.current_step, 'learn') as step,
        coalesce(s.start_date, case when j.current_step is null or j.current_step = 'learn'
          then (p.created_at at time zone p.timezone)::date end) as from_date
      from persons p
        left join journeys j on j.client_person_id = p.id
        left join journey_steps s on s.client_person_id = p.id
          and s.step = coalesce(j.current_step, 'learn') and s.status in ('active', 'completed')
          and s.start_date is not null
      where p.organisation_id = ${database.organisationId}::uuid and p.type = 'user'
        and p.id > ${after}::uuid
      order by p.id
      limit ${lowDaysChunkClients}`;
    const last = await database.transaction(async (tx) => {
      // The plan of a thousand clients' lookups costs enough to be JIT-compiled on every chunk,
      // which takes longer than running it.
      if (database.kind === 'postgres') await tx.execute(sql`set local jit = off`);
      await tx.execute(bulkLoadSetting);
      const ids = await tx.execute<{ id: string }>(
        sql`select max(c.client_id::text) as id from (${targets}) as c`,
      );
      const runs = await judgeLowDays(
        tx,
        sql`select * from (${targets}) as c where c.from_date is not null`,
      );
      await storeLowDays(tx, runs);
      judged += runs.length;
      return ids.rows[0]?.id ?? null;
    });
    if (last === null) break;
    after = last;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  progress(`bulk: low days of ${judged} current steps judged in ${seconds} s`);
}

/**
 * Tells the database triggers that keep the clients list's rows (`db/clientList.sql` in the server) to leave them to
 * the load, which builds every one once at its end ({@link buildListEntries}) instead of once per
 * row written. For the transaction only.
 */
const bulkLoadSetting = sql`set local coach.bulk_load = 'on'`;

/**
 * Builds every client's row of the clients list (`client_list_refresh`, the function the triggers
 * call), {@link listEntriesChunkClients} clients per transaction.
 */
async function buildListEntries(
  database: DatabaseHandle,
  progress: (message: string) => void,
): Promise<void> {
  const started = performance.now();
  let after = '00000000-0000-0000-0000-000000000000';
  let built = 0;
  for (;;) {
    const last = await database.transaction(async (tx) => {
      const chunk = await tx.execute<{ last: string | null; n: number }>(sql`
        select max(c.id::text) as last, count(*)::int as n, client_list_refresh(array_agg(c.id))
        from (select p.id from persons p
          where p.organisation_id = ${database.organisationId}::uuid and p.type = 'user'
            and p.id > ${after}::uuid
          order by p.id limit ${listEntriesChunkClients}) c`);
      built += chunk.rows[0]?.n ?? 0;
      return chunk.rows[0]?.last ?? null;
    });
    if (last === null) break;
    after = last;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  progress(`bulk: clients list rows of ${built} clients built in ${seconds} s`);
}

async function writeMarker(database: DatabaseHandle, details: Record<string, unknown>) {
  await database.db.execute(sql`insert into audit_log (organisation_id, action, subject, details)
    values (${database.organisationId}::uuid, ${bulkMarkerAction}, ${bulkCoachEmail(1)},
      ${JSON.stringify(details)}::jsonb)`);
}

/**
 * Brings a finished load of an older layout up to {@link bulkLayout} without loading it again:
 * fills in what the newer layout stores, then marks the load with the new layout.
 */
export async function upgradeBulkLoad(
  database: DatabaseHandle,
  onProgress: (message: string) => void = () => {},
): Promise<void> {
  const marker = await readBulkMarker(database);
  if (marker === null) throw new Error('no bulk load to upgrade');
  if (marker.layout === bulkLayout) return;
  await judgeCurrentLowDays(database, onProgress);
  await buildListEntries(database, onProgress);
  await database.db.execute(sql.raw('vacuum (analyze) client_phase_totals'));
  await database.db.execute(sql.raw('vacuum (analyze) client_list_entries'));
  await writeMarker(database, { ...marker, layout: bulkLayout });
}

/** The options of the finished bulk load of this database (its marker row), or null. */
export async function readBulkMarker(
  database: DatabaseHandle,
): Promise<
  (Omit<BulkLoadOptions, 'onProgress' | 'now'> & { now: string; layout?: number }) | null
> {
  const result = await database.db.execute<{ details: unknown }>(
    sql`select details from audit_log where organisation_id = ${database.organisationId}::uuid
      and action = ${bulkMarkerAction} order by id desc limit 1`,
  );
  const details = result.rows[0]?.details;
  if (!details || typeof details !== 'object') return null;
  return details as Omit<BulkLoadOptions, 'onProgress' | 'now'> & {
    now: string;
    layout?: number;
  };
}
