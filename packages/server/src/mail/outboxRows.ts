import { sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { schema } from '../db/index.ts';

// The sender's statements over `mail_outbox` (see outbox.ts): claiming a due mail under a lease,
// marking it sent or failed, purging old rows, and when the next one is due. All times are the
// database's.

const table = schema.mailOutbox;

/** `ms` milliseconds as an SQL interval. */
const millis = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`;

/** A mail claimed for sending. */
export type ClaimedMail = {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
};

/** Claims the organisation's most overdue mail for `leaseMs`, counting the attempt. */
export async function claimDueMail(
  db: Database,
  organisationId: string,
  leaseMs: number,
): Promise<ClaimedMail | null> {
  const { rows } = await db.execute<ClaimedMail>(sql`
    update ${table} set attempts = attempts + 1,
      next_attempt_at = now() + ${millis(leaseMs)}
    where id = (
      select id from ${table}
      where organisation_id = ${organisationId} and sent_at is null and dead_at is null
        and next_attempt_at <= now()
      order by next_attempt_at
      limit 1
      for update skip locked
    )
    returning id, recipient, subject, text, html, attempts`);
  return rows[0] ?? null;
}

/** Marks a mail sent, keeping nothing of what it said. */
export async function markMailSent(db: Database, id: string) {
  await db.execute(sql`
    update ${table} set sent_at = now(), recipient = null, subject = null, text = null,
      html = null, last_error_kind = null
    where id = ${id}`);
}

/**
 * Records a failed send: retried after `delayMs`, or dead when `isDead` or when the retry would
 * pass the mail's `maxAgeMs`. Answers whether it is dead.
 */
export async function markMailFailed(
  db: Database,
  id: string,
  failure: { kind: string; isDead: boolean; delayMs: number; maxAgeMs: number },
): Promise<boolean> {
  const { kind, isDead, delayMs, maxAgeMs } = failure;
  const { rows } = await db.execute<{ isDead: boolean }>(sql`
    update ${table} set last_error_kind = ${kind},
      next_attempt_at = now() + ${millis(delayMs)},
      dead_at = case
        when ${isDead}::boolean
          or created_at + ${millis(maxAgeMs)} < now() + ${millis(delayMs)}
        then now() end
    where id = ${id}
    returning dead_at is not null as "isDead"`);
  return rows[0]?.isDead === true;
}

/** Deletes the organisation's mails sent or dead more than `retentionMs` ago. */
export async function purgeOldMail(db: Database, organisationId: string, retentionMs: number) {
  const cutoff = sql`now() - ${millis(retentionMs)}`;
  await db.execute(sql`
    delete from ${table}
    where organisation_id = ${organisationId}
      and (sent_at < ${cutoff} or dead_at < ${cutoff})`);
}

/** Milliseconds until the organisation's next pending mail is due (negative when overdue). */
export async function msUntilNextMail(
  db: Database,
  organisationId: string,
): Promise<number | null> {
  const { rows } = await db.execute<{ ms: number | string | null }>(sql`
    select extract(epoch from (min(next_attempt_at) - now())) * 1000 as ms from ${table}
    where organisation_id = ${organisationId} and sent_at is null and dead_at is null`);
  const due = rows[0]?.ms;
  return due === null || due === undefined ? null : Number(due);
}

/** What the outbox holds now, for the operator's metrics: no recipient, subject or text. */
export type OutboxFigures = {
  /** Mails waiting to go (due or not). */
  pending: number;
  /** Of those, the ones that failed at least once and wait for a retry. */
  retrying: number;
  /** Mails given up on, kept until an operator requeues or deletes them (or 7 days pass). */
  dead: number;
  /** Seconds since the oldest waiting mail was queued; 0 when none waits. */
  oldestPendingSeconds: number;
};

/** Counts the organisation's outbox by state, in one statement. */
export async function outboxFigures(db: Database, organisationId: string): Promise<OutboxFigures> {
  const { rows } = await db.execute<Record<keyof OutboxFigures, number | string | null>>(sql`
    select
      count(*) filter (where sent_at is null and dead_at is null) as "pending",
      count(*) filter (where sent_at is null and dead_at is null and attempts > 0) as "retrying",
      count(*) filter (where dead_at is not null) as "dead",
      coalesce(extract(epoch from (now() - min(created_at)
        filter (where sent_at is null and dead_at is null))), 0) as "oldestPendingSeconds"
    from ${table}
    where organisation_id = ${organisationId}`);
  const row = rows[0];
  return {
    pending: Number(row?.pending ?? 0),
    retrying: Number(row?.retrying ?? 0),
    dead: Number(row?.dead ?? 0),
    oldestPendingSeconds: Number(row?.oldestPendingSeconds ?? 0),
  };
}
