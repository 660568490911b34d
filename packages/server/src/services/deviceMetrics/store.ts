import { type MetricBatch, metricKindNames } from '@coach/domain';
import { sql } from 'drizzle-orm';
import type { Database, StatementNotice, Transaction } from '../../db/index.ts';
import type { QuotaInStatement } from '../clientRecords/index.ts';

/** Whose data a batch is: the client, in their organisation and timezone. */
export type MetricOwner = { organisationId: string; clientPersonId: string; timezone: string };

/** How many records of a batch were new, and how many had been stored before (same id). */
export type StoredBatchCounts = {
  accepted: { samples: number; sessions: number };
  duplicates: { samples: number; sessions: number };
};

/** The most a day can hold: 25 h, a day when clocks go back (the table's check). */
const maxUsageSecondsPerDay = 90_000;

// Column names are constants of this module, never input: safe to write raw.
const countColumn = (kind: string) => sql.raw(`${kind}_count`);
const averageColumn = (kind: string) => sql.raw(`${kind}_average`);

/**
 * What the device route adds to a batch's statement, which then commits on its own: the client's
 * write quotas (the rate charged first, nothing stored past it; the new rows charged to the daily
 * ceilings; refused past either, the statement raising) and the live notice, published when the
 * statement stored something new.
 */
export type BatchExtras = { quota?: QuotaInStatement; notice?: StatementNotice | null };

const noPart = sql``;

/**
 * Stores a validated batch for its client and rolls it up per local date, in one statement run
 * in the caller's transaction: idempotent by the app's ids, so a batch retried after a lost
 * answer is stored once.
 * - The client's person is read once and locked against deletion (FOR KEY SHARE) until the
 *   statement commits; the samples have no reference to check each row (migration 0025). With no
 *   such person, nothing is stored (the sessions' and the roll-up's references refuse theirs) and
 *   the call throws.
 * - The new samples (a sample id already stored for the client is skipped) and the new app-use
 *   sessions are inserted; only the rows these inserts returned are folded in, so a batch sent
 *   twice changes nothing the second time.
 * - They are folded into `client_daily` in one upsert per local date of the client: the count and
 *   the running average of each kind, and the seconds of use. A session is split at the client's
 *   local midnights (computed as instants, so a 23 h or 25 h DST day counts right) and each piece
 *   counts on its own local date.
 * - `extras` (the route's quotas and live notice) run in the same statement: see
 *   {@link BatchExtras}. A statement runs as a transaction of its own: `db` need not be one.
 */
export async function storeMetricBatch(
  db: Database | Transaction,
  owner: MetricOwner,
  batch: MetricBatch,
  { quota, notice }: BatchExtras = {},
): Promise<StoredBatchCounts> {
  const { organisationId, clientPersonId, timezone: zone } = owner;
  const samples = JSON.stringify(
    batch.samples.map((sample) => ({
      id: sample.id,
      kind: sample.kind,
      value: sample.value,
      measured_at: sample.measuredAt.toISOString(),
    })),
  );
  const sessions = JSON.stringify(
    batch.sessions.map((session) => ({
      id: session.id,
      started_at: session.startedAt.toISOString(),
      ended_at: session.endedAt.toISOString(),
    })),
  );
  const perKind = metricKindNames.map(
    (kind) => sql`, count(*) filter (where kind = ${kind})::int as ${countColumn(kind)},
      avg(value) filter (where kind = ${kind}) as ${averageColumn(kind)}`,
  );
  const columns = metricKindNames.map(
    (kind) => sql`, ${countColumn(kind)}, ${averageColumn(kind)}`,
  );
  const merged = metricKindNames.map(
    (kind) => sql`, coalesce(s.${countColumn(kind)}, 0) as ${countColumn(kind)},
      s.${averageColumn(kind)}`,
  );
  const folds = metricKindNames.map((kind) => {
    const count = countColumn(kind);
    const average = averageColumn(kind);
    return sql`, ${count} = client_daily.${count} + excluded.${count},
      ${average} = case when excluded.${count} = 0 then client_daily.${average}
        else (coalesce(client_daily.${average}, 0) * client_daily.${count}
          + excluded.${average} * excluded.${count})
          / (client_daily.${count} + excluded.${count}) end`;
  });
  const newSamples = sql`(select count(*) from new_samples)`;
  const newSessions = sql`(select count(*) from new_sessions)`;
  const withinRate = quota ? sql`where ${quota.withinRate}` : noPart;
  const result = await db.execute<{
    samples: number;
    sessions: number;
    client_found: boolean;
    published?: boolean;
  }>(sql`
    with ${quota ? sql`${quota.rate},` : noPart}
    client as (
      select id from persons
      where id = ${clientPersonId}::uuid and organisation_id = ${organisationId}::uuid
      for key share
    ),
    new_samples as (
      insert into metric_samples
        (organisation_id, client_person_id, client_sample_id, kind, value, measured_at)
      select ${organisationId}::uuid, client.id, s.id, s.kind, s.value, s.measured_at
      from client, jsonb_to_recordset(${samples}::jsonb)
        as s(id uuid, kind text, value double precision, measured_at timestamptz)
      ${withinRate}
      on conflict (client_person_id, client_sample_id) do nothing
      returning kind, value, measured_at
    ),
    new_sessions as (
      insert into usage_sessions
        (organisation_id, client_person_id, client_session_id, started_at, ended_at)
      select ${organisationId}::uuid, ${clientPersonId}::uuid,
        s.id, s.started_at, s.ended_at
      from jsonb_to_recordset(${sessions}::jsonb)
        as s(id uuid, started_at timestamptz, ended_at timestamptz)
      ${withinRate}
      on conflict (client_person_id, client_session_id) do nothing
      returning started_at, ended_at
    ),
    sample_days as (
      select (measured_at at time zone ${zone}::text)::date as local_date${sql.join(perKind)}
      from new_samples
      group by 1
    ),
    session_pieces as (
      select day::date as local_date,
        extract(epoch from
          least(i.ended_at, (day + interval '1 day') at time zone ${zone}::text)
          - greatest(i.started_at, day at time zone ${zone}::text)) as seconds
      from new_sessions i,
        generate_series(
          (i.started_at at time zone ${zone}::text)::date::timestamp,
          (i.ended_at at time zone ${zone}::text)::date::timestamp,
          interval '1 day') as day
    ),
    session_days as (
      select local_date, least(round(sum(seconds)), ${maxUsageSecondsPerDay})::int as usage_seconds
      from session_pieces
      where seconds > 0
      group by local_date
    ),
    days as (
      select coalesce(s.local_date, u.local_date) as local_date${sql.join(merged)},
        coalesce(u.usage_seconds, 0) as usage_seconds
      from sample_days s full join session_days u on u.local_date = s.local_date
    ),
    folded as (
      insert into client_daily
        (organisation_id, client_person_id, local_date${sql.join(columns)}, usage_seconds)
      select ${organisationId}::uuid, ${clientPersonId}::uuid,
        local_date${sql.join(columns)}, usage_seconds
      from days
      on conflict (client_person_id, local_date) do update set
        usage_seconds = least(client_daily.usage_seconds + excluded.usage_seconds,
          ${maxUsageSecondsPerDay}),
        updated_at = now()${sql.join(folds)}
    )
    ${quota ? sql`, ${quota.daily({ samples: newSamples, sessions: newSessions })}` : noPart}
    select ${newSamples}::int as samples, ${newSessions}::int as sessions,
      exists (select from client) as client_found
      ${quota ? sql`, ${quota.check} as refused` : noPart}
      ${notice ? sql`, ${notice.column(sql`${newSamples} + ${newSessions} > 0`)} as published` : noPart}`);
  const row = result.rows[0];
  notice?.ran(row?.published === true);
  if (row?.client_found === false)
    throw new Error('A device batch for a person who does not exist');
  const accepted = { samples: Number(row?.samples ?? 0), sessions: Number(row?.sessions ?? 0) };
  return {
    accepted,
    duplicates: {
      samples: batch.samples.length - accepted.samples,
      sessions: batch.sessions.length - accepted.sessions,
    },
  };
}
