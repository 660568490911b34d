import { sql } from 'drizzle-orm';
import type { AuditAction, AuditOutcome } from './db/auditActions.ts';
import { type Database, preparedPerHandle, schema, type Transaction } from './db/index.ts';
import { sweepSometimes } from './db/sweep.ts';

/**
 * What the audit log records: sign-ins and their failures, sign-outs, ended sessions, throttled
 * attempts, resets, token reuse, profile changes... Who (`actorUserId`, or the account tried in
 * `subject`), what (`action`), when (`at`, set by the database), from where (`ip`, `requestId`)
 * and how it ended (`outcome`).
 */
export type AuditEntry = {
  organisationId: string;
  action: AuditAction;
  actorUserId?: string | null;
  subject?: string | null;
  ip?: string | null;
  requestId?: string | null;
  outcome?: AuditOutcome | null;
  /** Never a password, a code or a token. */
  details?: Record<string, unknown>;
};

/** The audit log's insert, prepared once per database handle (or transaction). */
function insertStatement(db: Database | Transaction) {
  const value = (name: string) => sql.placeholder(name);
  return db
    .insert(schema.auditLog)
    .values({
      organisationId: value('organisationId'),
      action: value('action'),
      actorUserId: value('actorUserId'),
      subject: value('subject'),
      ip: value('ip'),
      requestId: value('requestId'),
      outcome: value('outcome'),
      details: sql`${value('details')}::jsonb`,
    })
    .prepare('audit_insert');
}

const insertOf = preparedPerHandle(insertStatement);

/**
 * Appends one row to the audit log, inside the caller's transaction when given one. The table is
 * append-only: the database refuses every UPDATE, DELETE and TRUNCATE of it (migration 0003).
 * Prepared once per handle: every coach's read of a client's data writes one (clientReadAudit.ts).
 */
export async function recordAudit(db: Database | Transaction, entry: AuditEntry): Promise<void> {
  await insertOf(db).execute({
    organisationId: entry.organisationId,
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    subject: entry.subject ?? null,
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
    outcome: entry.outcome ?? null,
    details: JSON.stringify(entry.details ?? {}),
  });
}

/** One refused (throttled) attempt, as {@link recordRefusal} counts it. */
export type Refusal = {
  organisationId: string;
  /** The throttled action ('login', 'verifyCode'...). */
  limitedAction: string;
  /** Which limit refused it ('pair', 'account', 'address'). */
  scope: string;
  /** The account tried (an email or a user id), when known; never a password, code or token. */
  subject: string | null;
  ip: string;
  requestId: string;
  retryAfterSeconds: number;
  at: Date;
};

/** How long the aggregate of refusals keeps an hour's rows. */
export const refusalRetentionDays = 400;

/**
 * Records a refused attempt in aggregate, so a flood of refusals costs a bounded number of rows:
 * one upsert counts it in `audit_refusals` (one row per address, action, limit and hour, with the
 * count, the first and last instants and the last account tried). The first refusal of such a row
 * also appends one `rate_limited` row to the audit log (who, from where, which limit, its request
 * id), so the log still shows every address and limit that refused, once an hour at most.
 */
export async function recordRefusal(
  db: Database | Transaction,
  refusal: Refusal,
  addressKey: string,
): Promise<void> {
  const at = refusal.at.toISOString();
  const result = await db.execute<{ count: number | string }>(sql`
    insert into audit_refusals
      (organisation_id, address_key, action, scope, window_start, count, first_at, last_at,
       last_subject)
    values (${refusal.organisationId}::uuid, ${addressKey}, ${refusal.limitedAction},
      ${refusal.scope}, date_trunc('hour', ${at}::timestamptz, 'UTC'), 1, ${at}::timestamptz,
      ${at}::timestamptz, ${refusal.subject})
    on conflict (organisation_id, address_key, action, scope, window_start) do update set
      count = audit_refusals.count + 1,
      first_at = least(audit_refusals.first_at, excluded.first_at),
      last_at = greatest(audit_refusals.last_at, excluded.last_at),
      last_subject = excluded.last_subject
    returning count`);
  if (Number(result.rows[0]?.count) !== 1) return;
  await recordAudit(db, {
    organisationId: refusal.organisationId,
    action: 'rate_limited',
    subject: refusal.subject,
    ip: refusal.ip,
    requestId: refusal.requestId,
    outcome: 'refused',
    details: {
      limitedAction: refusal.limitedAction,
      scope: refusal.scope,
      retryAfterSeconds: refusal.retryAfterSeconds,
      // Further refusals of this address, action and limit this hour: counted in audit_refusals.
      aggregatedIn: 'audit_refusals',
    },
  });
}

/** Now and then (one call in a hundred), drops the aggregate's rows past their retention. */
export function sweepOldRefusalsSometimes(
  db: Database,
  organisationId: string,
  now: Date,
): Promise<void> {
  return sweepSometimes(
    db,
    sql`
    delete from audit_refusals
    where organisation_id = ${organisationId}::uuid
      and window_start < ${now.toISOString()}::timestamptz
        - make_interval(days => ${refusalRetentionDays})`,
  );
}
