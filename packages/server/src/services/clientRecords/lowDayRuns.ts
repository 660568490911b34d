// The low days of a client's current step (`lowDays` of the clients list), judged when the
// step's daily averages change instead of on every read of the list.
//
// The write side judges the step's days newest first with the rule (`lowDayCount`) and stores per
// indicator the run's length and its oldest date, with the newest date that has a figure. A read
// at an instant whose local today is on or after that date, with the run starting inside its
// window (greatest(step start, today - 365)), gets the same count as the rule over the window's
// days: every day the rule reads is one the write side read. Otherwise (a figure dated after the
// reader's today, a run longer than the window) the reader counts the daily rows itself.

import {
  addDays,
  type Indicator,
  indicatorNames,
  laggingLimitPercent,
  lowDayCount,
  maxLowDays,
} from '@coach/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/index.ts';

/** A client's step whose low days are judged: the step's first date (an open-ended step). */
export type LowDayTarget = { clientId: string; step: string; from: string };

/** One indicator's run: how many of the latest days with a figure were low, the oldest of them. */
type LowDayRun = { days: number; from: string | null };

/** What is stored for a judged step. */
export type LowDayRuns = LowDayTarget & {
  /** The newest date with any figure, null when none. */
  through: string | null;
  runs: Record<Indicator, LowDayRun>;
};

/** The `client_daily` average column of an indicator (constants, never input). */
const averageColumn = (indicator: Indicator) => sql.raw(`${indicator}_average`);

/**
 * The days the rule may read, per indicator newest first as [date, average] pairs: from the
 * latest day at or over the lagging limit unrounded (a day the rule finds not low too, since
 * rounding never lowers a value under the limit) on, and no older than a year and a day before
 * the newest figure (no window reaches further). Short backward ranges on client_daily_pkey,
 * a longer one only for a client whose indicator has stayed low.
 */
function tailsOf(targets: SQL): SQL {
  const stop = (indicator: Indicator) => sql`(select d.local_date from client_daily d
      where d.client_person_id = t.client_id and d.local_date >= t.from_date
        and d.${averageColumn(indicator)} >= ${laggingLimitPercent}
      order by d.local_date desc limit 1)`;
  const anyFigure = sql.join(
    indicatorNames.map((indicator) => sql`d.${averageColumn(indicator)} is not null`),
    sql` or `,
  );
  const tail = (indicator: Indicator) => sql`(select coalesce(json_agg(
        json_build_array(d.local_date, d.${averageColumn(indicator)}) order by d.local_date desc),
        '[]'::json)
      from client_daily d
      where d.client_person_id = b.client_id
        and d.local_date >= greatest(b.from_date, b.through - ${maxLowDays - 1}::int,
          b.${sql.raw(`${indicator}_stop`)})
        and d.${averageColumn(indicator)} is not null)`;
  // Materialised so that each bound is looked up once per client, not once per use.
  return sql`
    with b as materialized (
      select t.client_id, t.step, t.from_date,
        (select d.local_date from client_daily d
          where d.client_person_id = t.client_id and d.local_date >= t.from_date and (${anyFigure})
          order by d.local_date desc limit 1) as through,
        ${sql.join(
          indicatorNames.map(
            (indicator) => sql`${stop(indicator)} as ${sql.raw(`${indicator}_stop`)}`,
          ),
          sql`, `,
        )}
      from (${targets}) as t(client_id, step, from_date)
    )
    select b.client_id::text as "clientId", b.step, b.from_date::text as "from",
      b.through::text as through,
      json_build_object(${sql.join(
        indicatorNames.map((indicator) => sql`${indicator}::text, ${tail(indicator)}`),
        sql`, `,
      )}) as tails
    from b`;
}

type TailRow = {
  clientId: string;
  step: string;
  from: string;
  through: string | null;
  tails: Record<Indicator, [string, number][]>;
};

/** The runs of one step from its tails, newest first: the rule counts, the dates follow. */
function judgeTails(row: TailRow): LowDayRuns {
  const run = (indicator: Indicator): LowDayRun => {
    const tail = row.tails[indicator];
    const days = lowDayCount(tail.map(([, value]) => value));
    return { days, from: days > 0 ? (tail[days - 1]?.[0] ?? null) : null };
  };
  return {
    clientId: row.clientId,
    step: row.step,
    from: row.from,
    through: row.through,
    runs: { productivity: run('productivity'), mental: run('mental'), physical: run('physical') },
  };
}

/** Judges the low days of `targets` (a select of client id, step and first date) as stored. */
export async function judgeLowDays(tx: Transaction, targets: SQL): Promise<LowDayRuns[]> {
  const result = await tx.execute<TailRow>(tailsOf(targets));
  return result.rows.map(judgeTails);
}

/** Stores judged runs on their `client_phase_totals` rows (which must exist). */
export async function storeLowDays(tx: Transaction, judged: readonly LowDayRuns[]): Promise<void> {
  if (judged.length === 0) return;
  const rows = JSON.stringify(
    judged.map((entry) => ({
      client_id: entry.clientId,
      step: entry.step,
      from_date: entry.from,
      through: entry.through,
      productivity_days: entry.runs.productivity.days,
      productivity_from: entry.runs.productivity.from,
      mental_days: entry.runs.mental.days,
      mental_from: entry.runs.mental.from,
      physical_days: entry.runs.physical.days,
      physical_from: entry.runs.physical.from,
    })),
  );
  await tx.execute(sql`
    update client_phase_totals t set
      low_days_judged_from = r.from_date, low_days_through = r.through,
      productivity_low_days = r.productivity_days, productivity_low_from = r.productivity_from,
      mental_low_days = r.mental_days, mental_low_from = r.mental_from,
      physical_low_days = r.physical_days, physical_low_from = r.physical_from
    from jsonb_to_recordset(${rows}::jsonb) as r(client_id uuid, step text, from_date date,
      through date, productivity_days int, productivity_from date, mental_days int,
      mental_from date, physical_days int, physical_from date)
    where t.client_person_id = r.client_id and t.step = r.step`);
}

/** Judges and stores the low days of one client's open-ended step starting on `from`. */
export async function recomputeLowDays(tx: Transaction, target: LowDayTarget): Promise<void> {
  const judged = await judgeLowDays(
    tx,
    sql`values (${target.clientId}::uuid, ${target.step}::text, ${target.from}::date)`,
  );
  await storeLowDays(tx, judged);
}

/** A step's stored low days as the list reads them (its `client_phase_totals` row). */
export type StoredLowDays = {
  /** The step start they were judged from; null: not judged. */
  judgedFrom: string | null;
  /** The newest date with a figure when judged; null: none. */
  through: string | null;
} & Record<Indicator, LowDayRun>;

/**
 * Whether a current step's stored low days hold at a reader's local today (see the top of this
 * file): judged from this step start, no figure dated after today, and every run starting inside
 * the window the rule reads (the step start, at most a year and a day back). Else the reader
 * counts the daily rows itself.
 */
export function storedLowDaysHold(
  stored: StoredLowDays,
  stepStart: string,
  localToday: string,
): boolean {
  if (stored.judgedFrom !== stepStart) return false;
  if (stored.through !== null && stored.through > localToday) return false;
  const windowStart = lowDaysWindowStart(stepStart, localToday);
  // ISO dates compare as text; a run without days starts nowhere (it always holds).
  return indicatorNames.every((indicator) => {
    const from = stored[indicator].from;
    return from === null || from >= windowStart;
  });
}

/** `maxLowDays - 1` days before a local today, by today. */
const yearsBack = new Map<string, string>();

/** The first date `lowDays` reads: the step start, at most `maxLowDays` days back from today. */
function lowDaysWindowStart(stepStart: string, localToday: string): string {
  let yearBack = yearsBack.get(localToday);
  if (yearBack === undefined) {
    yearBack = addDays(localToday, -(maxLowDays - 1));
    // A list asks for a handful of todays (its clients' zones); a long-running process, a few a day.
    if (yearsBack.size >= 1000) yearsBack.clear();
    yearsBack.set(localToday, yearBack);
  }
  return stepStart > yearBack ? stepStart : yearBack;
}
