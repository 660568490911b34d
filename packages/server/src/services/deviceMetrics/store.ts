import { type MetricBatch, metricKindNames } from '@coach/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/index.ts';

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
 * Stores the new samples (a sample id already stored for the client is skipped) and folds them
 * into `client_daily` in the same statement: per local date of the client, the count and the
 * running average of each kind. Only the rows this insert returned are folded in, so a batch
 * sent twice changes nothing the second time. Returns how many samples were new.
 */
async function insertSamples(
  tx: Transaction,
  owner: MetricOwner,
  samples: MetricBatch['samples'],
): Promise<number> {
  if (samples.length === 0) return 0;
  const rows = JSON.stringify(
    samples.map((sample) => ({
      id: sample.id,
      kind: sample.kind,
      value: sample.value,
      measured_at: sample.measuredAt.toISOString(),
    })),
  );
  const perKind = metricKindNames.map(
    (kind) => sql`, count(*) filter (where kind = ${kind})::int as ${countColumn(kind)},
      avg(value) filter (where kind = ${kind}) as ${averageColumn(kind)}`,
  );
  const columns = metricKindNames.map(
    (kind) => sql`, ${countColumn(kind)}, ${averageColumn(kind)}`,
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
  const result = await tx.execute<{ accepted: number }>(sql`
    with inserted as (
      insert into metric_samples
        (organisation_id, client_person_id, client_sample_id, kind, value, measured_at)
      select ${owner.organisationId}::uuid, ${owner.clientPersonId}::uuid,
        s.id, s.kind, s.value, s.measured_at
      from jsonb_to_recordset(${rows}::jsonb)
        as s(id uuid, kind text, value double precision, measured_at timestamptz)
      on conflict (client_person_id, client_sample_id) do nothing
      returning kind, value, measured_at
    ),
    daily as (
      select (measured_at at time zone ${owner.timezone}::text)::date as local_date${sql.join(perKind)}
      from inserted
      group by 1
    ),
    folded as (
      insert into client_daily (organisation_id, client_person_id, local_date${sql.join(columns)})
      select ${owner.organisationId}::uuid, ${owner.clientPersonId}::uuid,
        local_date${sql.join(columns)}
      from daily
      on conflict (client_person_id, local_date) do update set
        updated_at = now()${sql.join(folds)}
    )
    select count(*)::int as accepted from inserted`);
  return Number(result.rows[0]?.accepted ?? 0);
}

/**
 * Stores the new usage sessions and adds their seconds to `client_daily`: a session is split at
 * the client's local midnights (computed as instants, so a 23 h or 25 h DST day counts right)
 * and each piece counts on its own local date. Returns how many sessions were new.
 */
async function insertSessions(
  tx: Transaction,
  owner: MetricOwner,
  sessions: MetricBatch['sessions'],
): Promise<number> {
  if (sessions.length === 0) return 0;
  const rows = JSON.stringify(
    sessions.map((session) => ({
      id: session.id,
      started_at: session.startedAt.toISOString(),
      ended_at: session.endedAt.toISOString(),
    })),
  );
  const zone = owner.timezone;
  const result = await tx.execute<{ accepted: number }>(sql`
    with inserted as (
      insert into usage_sessions
        (organisation_id, client_person_id, client_session_id, started_at, ended_at)
      select ${owner.organisationId}::uuid, ${owner.clientPersonId}::uuid,
        s.id, s.started_at, s.ended_at
      from jsonb_to_recordset(${rows}::jsonb)
        as s(id uuid, started_at timestamptz, ended_at timestamptz)
      on conflict (client_person_id, client_session_id) do nothing
      returning started_at, ended_at
    ),
    pieces as (
      select day::date as local_date,
        extract(epoch from
          least(i.ended_at, (day + interval '1 day') at time zone ${zone}::text)
          - greatest(i.started_at, day at time zone ${zone}::text)) as seconds
      from inserted i,
        generate_series(
          (i.started_at at time zone ${zone}::text)::date::timestamp,
          (i.ended_at at time zone ${zone}::text)::date::timestamp,
          interval '1 day') as day
    ),
    daily as (
      select local_date, least(round(sum(seconds)), ${maxUsageSecondsPerDay})::int as usage_seconds
      from pieces
      where seconds > 0
      group by local_date
    ),
    folded as (
      insert into client_daily (organisation_id, client_person_id, local_date, usage_seconds)
      select ${owner.organisationId}::uuid, ${owner.clientPersonId}::uuid, local_date, usage_seconds
      from daily
      on conflict (client_person_id, local_date) do update set
        usage_seconds = least(client_daily.usage_seconds + excluded.usage_seconds,
          ${maxUsageSecondsPerDay}),
        updated_at = now()
    )
    select count(*)::int as accepted from inserted`);
  return Number(result.rows[0]?.accepted ?? 0);
}

/**
 * Stores a validated batch for its client and rolls it up per local date, in the caller's
 * transaction: idempotent by the app's ids, so a batch retried after a lost answer is stored once.
 */
export async function storeMetricBatch(
  tx: Transaction,
  owner: MetricOwner,
  batch: MetricBatch,
): Promise<StoredBatchCounts> {
  const samples = await insertSamples(tx, owner, batch.samples);
  const sessions = await insertSessions(tx, owner, batch.sessions);
  return {
    accepted: { samples, sessions },
    duplicates: {
      samples: batch.samples.length - samples,
      sessions: batch.sessions.length - sessions,
    },
  };
}
