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

/** A failure's code for a log line (the database's, under drizzle's wrapper), never its message. */
function codeOf(error: unknown): string {
  let cause = error;
  for (let depth = 0; depth < 5 && cause !== null && typeof cause === 'object'; depth += 1) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string') return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return 'unknown';
}

/** An audit row of an {@link AuditBatch}, with the instant it happened. */
type BatchedEntry = Omit<AuditEntry, 'organisationId'> & { at: Date };

/** Rows a batch holds at most while the database is slow; further rows are counted, not kept. */
const maxPendingAuditRows = 20_000;

/**
 * Audit rows written together: those added within `delayMs` of each other (or `maxRows` of them)
 * go in one INSERT, and one INSERT at most is under way. For the rows written after their answer
 * has gone (the reads of a client's data, one per coach's call): one row a call cost a round trip
 * a call. Each row keeps the instant it was added as `at`. A row waits `delayMs` at most, plus
 * the INSERT before it; `flush` (the server's close) writes what is waiting. A failed INSERT is
 * logged (its error code, never a row) and its rows are lost, as a failed single insert's was.
 */
export class AuditBatch {
  readonly #db: Database;
  readonly #organisationId: string;
  readonly #onError: (reason: string, rows: number) => void;
  readonly #delayMs: number;
  readonly #maxRows: number;
  #pending: BatchedEntry[] = [];
  #dropped = 0;
  #timer: NodeJS.Timeout | null = null;
  #writing: Promise<void> = Promise.resolve();

  constructor(options: {
    db: Database;
    organisationId: string;
    onError: (reason: string, rows: number) => void;
    delayMs?: number;
    maxRows?: number;
  }) {
    this.#db = options.db;
    this.#organisationId = options.organisationId;
    this.#onError = options.onError;
    this.#delayMs = options.delayMs ?? 20;
    this.#maxRows = options.maxRows ?? 500;
  }

  /** Adds a row, written within `delayMs` (or at once when `maxRows` are waiting). */
  add(entry: Omit<AuditEntry, 'organisationId'>, at = new Date()): void {
    if (this.#pending.length >= maxPendingAuditRows) {
      this.#dropped += 1;
      return;
    }
    this.#pending.push({ ...entry, at });
    if (this.#pending.length >= this.#maxRows) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), this.#delayMs);
  }

  /** Writes every waiting row (after the INSERT under way); resolves once they are written. */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const rows = this.#pending;
    this.#pending = [];
    const dropped = this.#dropped;
    this.#dropped = 0;
    if (dropped > 0) this.#onError('too_many_waiting', dropped);
    if (rows.length === 0) return this.#writing;
    this.#writing = this.#writing.then(() =>
      this.#insert(rows).catch((error: unknown) => this.#onError(codeOf(error), rows.length)),
    );
    return this.#writing;
  }

  /** One INSERT of `rows`: one array a column (one parameter each, whatever the count). */
  async #insert(rows: BatchedEntry[]): Promise<void> {
    const column = <T>(type: string, value: (row: BatchedEntry) => T) =>
      sql`${sql.param(rows.map(value))}::${sql.raw(type)}[]`;
    await this.#db.execute(sql`
      insert into audit_log
        (organisation_id, at, actor_user_id, action, subject, ip, request_id, outcome, details)
      select ${this.#organisationId}::uuid, r.at, r.actor_user_id, r.action, r.subject, r.ip,
        r.request_id, r.outcome, r.details::jsonb
      from unnest(
        ${column('timestamptz', (row) => row.at.toISOString())},
        ${column('uuid', (row) => row.actorUserId ?? null)},
        ${column('text', (row) => row.action)},
        ${column('text', (row) => row.subject ?? null)},
        ${column('text', (row) => row.ip ?? null)},
        ${column('text', (row) => row.requestId ?? null)},
        ${column('text', (row) => row.outcome ?? null)},
        ${column('text', (row) => JSON.stringify(row.details ?? {}))}
      ) as r(at, actor_user_id, action, subject, ip, request_id, outcome, details)`);
  }
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
