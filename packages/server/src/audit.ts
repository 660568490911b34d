import { type SQL, sql } from 'drizzle-orm';
import type { AuditAction, AuditOutcome } from './db/auditActions.ts';
import {
  type Database,
  databaseErrorOf,
  preparedPerHandle,
  schema,
  type Transaction,
} from './db/index.ts';
import { sweepOldWindowsSometimes } from './db/sweep.ts';

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
 * Prepared once per handle.
 */
export async function recordAudit(db: Database | Transaction, entry: AuditEntry): Promise<void> {
  await insertOf(db).execute(auditValues(entry));
}

/** The values of an audit row: what was not given is null, the details are JSON text. */
function auditValues(entry: AuditEntry) {
  return {
    organisationId: entry.organisationId,
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    subject: entry.subject ?? null,
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
    outcome: entry.outcome ?? null,
    details: JSON.stringify(entry.details ?? {}),
  };
}

/**
 * The insert of one audit row as SQL, for a statement that writes it with the rows it is about
 * (a data-modifying `with` part, or its last part): the same row {@link recordAudit} writes.
 */
export function auditInsertSql(entry: AuditEntry): SQL {
  const row = auditValues(entry);
  return sql`insert into audit_log
      (organisation_id, action, actor_user_id, subject, ip, request_id, outcome, details)
    values (${row.organisationId}::uuid, ${row.action}, ${row.actorUserId}::uuid, ${row.subject},
      ${row.ip}, ${row.requestId}, ${row.outcome}, ${row.details}::jsonb)`;
}

/** A failure's code for a log line (the database's, under drizzle's wrapper), never its message. */
function codeOf(error: unknown): string {
  return databaseErrorOf(error)?.code ?? 'unknown';
}

/**
 * One signed-in read of a client's data, as {@link AuditBatch} counts it: who read, whose data (the
 * client's person id; none for the clients list; for a refused read, whatever was asked, at most
 * 64 characters), from where, the request and how it ended.
 */
type ClientRead = {
  actorUserId: string;
  subject: string | null;
  ip: string | null;
  requestId: string | null;
  outcome: 'success' | 'refused';
  /** The route and the status; never a parameter's value but the client id. */
  details: Record<string, unknown>;
};

/** What a batch keeps of the reads of one reader, outcome, client and hour until written. */
type ReadCount = {
  /** The first read of the batch's: the audit log row, if the aggregate's row is new. */
  first: ClientRead & { at: Date };
  /** '' for the clients list and for refused reads (whatever they asked). */
  subject: string;
  windowStart: Date;
  count: number;
  lastAt: Date;
  lastSubject: string | null;
};

/** Reads a batch holds at most while the database is slow; further reads are counted, not kept. */
const maxPendingReads = 20_000;

const hourMs = 3_600_000;

/** How long the aggregate of reads keeps an hour's rows, as the aggregate of refusals. */
const clientReadRetentionDays = 400;

/**
 * The reads of a client's data, written together in aggregate: one row per reader, outcome,
 * client and hour in `audit_client_reads` (a count, the first and the last instants, the last
 * id asked), and one `client_data_read` row in the audit log for the first read of each such row
 * only, so the log grows by a bounded number of rows per reader and hour (their clients, the
 * list, one for refusals) however often they read, and every read is still counted. Refused
 * reads count in one row per reader and hour whatever was asked: made-up ids cost no row each.
 *
 * The reads added within `delayMs` of each other (or `maxRows` of them) are collapsed in memory
 * and go in one statement (the upsert and the log rows of the new aggregate rows), and one
 * statement at most is under way: a coach's every call reads a client's data, and a statement a
 * call cost a round trip a call. A read waits `delayMs` at most, plus the statement before it;
 * `flush` (the server's close) writes what is waiting. A failed write is logged (its error code
 * and the reads it held, never a row) and its reads are lost, as a failed single insert's was.
 */
export class AuditBatch {
  readonly #db: Database;
  readonly #organisationId: string;
  readonly #onError: (reason: string, rows: number) => void;
  readonly #delayMs: number;
  readonly #maxRows: number;
  #pending = new Map<string, ReadCount>();
  #pendingReads = 0;
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

  /** Counts a read, written within `delayMs` (or at once when `maxRows` reads are waiting). */
  add(read: ClientRead, at = new Date()): void {
    if (this.#pendingReads >= maxPendingReads) {
      this.#dropped += 1;
      return;
    }
    this.#pendingReads += 1;
    const subject = read.outcome === 'success' ? (read.subject ?? '') : '';
    const windowStart = Math.floor(at.getTime() / hourMs) * hourMs;
    const key = `${read.actorUserId}|${read.outcome}|${windowStart}|${subject}`;
    const counted = this.#pending.get(key);
    if (counted) {
      counted.count += 1;
      if (at >= counted.lastAt) {
        counted.lastAt = at;
        counted.lastSubject = read.subject;
      }
      if (at < counted.first.at) counted.first = { ...read, at };
    } else {
      this.#pending.set(key, {
        first: { ...read, at },
        subject,
        windowStart: new Date(windowStart),
        count: 1,
        lastAt: at,
        lastSubject: read.subject,
      });
    }
    if (this.#pendingReads >= this.#maxRows) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), this.#delayMs);
  }

  /** Writes every waiting read (after the write under way); resolves once they are written. */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const counts = [...this.#pending.values()];
    const reads = this.#pendingReads;
    this.#pending = new Map();
    this.#pendingReads = 0;
    const dropped = this.#dropped;
    this.#dropped = 0;
    if (dropped > 0) this.#onError('too_many_waiting', dropped);
    if (counts.length === 0) return this.#writing;
    this.#writing = this.#writing.then(() =>
      this.#write(counts).catch((error: unknown) => this.#onError(codeOf(error), reads)),
    );
    return this.#writing;
  }

  /**
   * One statement for `counts`: one array a column (one parameter each, whatever the count).
   * An aggregate row is new when its count is the batch's own (an update adds to a count of at
   * least 1), and only new ones write their first read to the audit log.
   */
  async #write(counts: ReadCount[]): Promise<void> {
    const column = <T>(type: string, value: (count: ReadCount) => T) =>
      sql`${sql.param(counts.map(value))}::${sql.raw(type)}[]`;
    await this.#db.execute(sql`
      with r as (
        select * from unnest(
          ${column('uuid', (count) => count.first.actorUserId)},
          ${column('text', (count) => count.first.outcome)},
          ${column('text', (count) => count.subject)},
          ${column('timestamptz', (count) => count.windowStart.toISOString())},
          ${column('int', (count) => count.count)},
          ${column('timestamptz', (count) => count.first.at.toISOString())},
          ${column('timestamptz', (count) => count.lastAt.toISOString())},
          ${column('text', (count) => count.lastSubject)},
          ${column('text', (count) => count.first.subject)},
          ${column('text', (count) => count.first.ip)},
          ${column('text', (count) => count.first.requestId)},
          ${column('text', (count) =>
            JSON.stringify({ ...count.first.details, aggregatedIn: 'audit_client_reads' }),
          )}
        ) with ordinality as r(actor_user_id, outcome, subject, window_start, count, first_at,
          last_at, last_subject, first_subject, ip, request_id, details, position)
      ), counted as (
        insert into audit_client_reads
          (organisation_id, actor_user_id, outcome, subject, window_start, count, first_at,
           last_at, last_subject)
        select ${this.#organisationId}::uuid, actor_user_id, outcome, subject, window_start,
          count, first_at, last_at, last_subject
        from r
        on conflict (organisation_id, actor_user_id, window_start, outcome, subject) do update set
          count = audit_client_reads.count + excluded.count,
          first_at = least(audit_client_reads.first_at, excluded.first_at),
          last_at = greatest(audit_client_reads.last_at, excluded.last_at),
          last_subject = case when excluded.last_at >= audit_client_reads.last_at
            then excluded.last_subject else audit_client_reads.last_subject end
        returning actor_user_id, outcome, subject, window_start, count
      )
      insert into audit_log
        (organisation_id, at, actor_user_id, action, subject, ip, request_id, outcome, details)
      select ${this.#organisationId}::uuid, r.first_at, r.actor_user_id, 'client_data_read',
        r.first_subject, r.ip, r.request_id, r.outcome, r.details::jsonb
      from r join counted using (actor_user_id, outcome, subject, window_start)
      where counted.count = r.count
      order by r.position`);
    await sweepOldClientReadsSometimes(this.#db, this.#organisationId, new Date());
  }
}

/** Now and then, drops the read aggregate's rows past their retention. */
function sweepOldClientReadsSometimes(
  db: Database,
  organisationId: string,
  now: Date,
): Promise<void> {
  return sweepOldWindowsSometimes(
    db,
    'audit_client_reads',
    organisationId,
    now,
    clientReadRetentionDays,
  );
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
const refusalRetentionDays = 400;

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

/** Now and then, drops the refusals aggregate's rows past their retention. */
export function sweepOldRefusalsSometimes(
  db: Database,
  organisationId: string,
  now: Date,
): Promise<void> {
  return sweepOldWindowsSometimes(db, 'audit_refusals', organisationId, now, refusalRetentionDays);
}
