import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Database, databaseErrorOf, type Transaction } from '../../db/index.ts';
import type { RateLimit } from '../auth/index.ts';
import { refuseThrottled, sweepIdleBucketsSometimes } from '../auth/index.ts';
import type { ServiceContext } from '../core/index.ts';
import {
  type ClientWriteKind,
  type ClientWriteQuotas,
  type DailyCounter,
  resolveClientWriteQuotas,
} from './writeQuotaOptions.ts';

// Per-client write quotas on the routes a client's app writes through (never on the store
// functions: the demo seed writes weeks of history through them). Two checks per write, each one
// statement on the shared `rate_limit_buckets` (fixed windows, every process alike):
// - the rate: the request is counted before anything else runs, refused past the kind's rate;
// - the daily ceilings: what the write stored (new rows, answer bytes) is charged in the write's
//   own transaction, after the write; past a ceiling the transaction rolls back (nothing stored,
//   the charge included), then the refusal is audited.
// A write that is one statement (the device batch) charges both in that statement instead, which
// needs no transaction: `withQuotaInStatement`.

/** The client whose write is counted. */
export type QuotaClient = { id: string; userId: string | null };

/** What one write stored, by counter (zero or absent: nothing to charge). */
export type DailyCharges = Partial<Record<DailyCounter, number>>;

/** The context's quotas, defaults filled in (read per request, so a test may change them). */
function writeQuotasOf(context: ServiceContext): ClientWriteQuotas {
  return resolveClientWriteQuotas(context.clientWriteQuotas);
}

type BucketRow = { key: string; count: number | string; retry_after: number | string };

/** A bucket's count in its window, and the seconds left in that window. */
type Bucket = { count: number; retryAfterSeconds: number };

/**
 * The statement (or a data-modifying `with` part of a larger one) that adds each charge's
 * `amount` to its bucket in fixed windows of `windowSeconds`, returning each charged bucket's
 * `key`, `count` and `retry_after` (the seconds left in its window). An amount may be any
 * integer expression of the statement (what its other parts stored); a charge of 0 or less
 * charges nothing. A window restarts when it has passed, or when the clock went back by more
 * than a window (a simulation run again from an earlier instant); a small skew between
 * processes does not.
 */
function bucketChargeSql(
  organisationId: string,
  charges: readonly { key: string; amount: SQL | number }[],
  windowSeconds: number,
  now: Date,
): SQL {
  const at = now.toISOString();
  const window = sql`make_interval(secs => ${windowSeconds}::double precision)`;
  const expired = sql`(rate_limit_buckets.window_start <= ${at}::timestamptz - ${window}
    or rate_limit_buckets.window_start > ${at}::timestamptz + ${window})`;
  const values = charges.map((charge) => sql`(${charge.key}, (${charge.amount})::int)`);
  return sql`
    insert into rate_limit_buckets (organisation_id, key, window_start, count)
    select ${organisationId}::uuid, charge.key, ${at}::timestamptz, charge.amount
    from (values ${sql.join(values, sql`, `)}) as charge(key, amount)
    where charge.amount > 0
    on conflict (organisation_id, key) do update set
      count = case when ${expired} then excluded.count
        else rate_limit_buckets.count + excluded.count end,
      window_start = case when ${expired} then excluded.window_start
        else rate_limit_buckets.window_start end
    returning key, count,
      ceil(extract(epoch from (window_start + ${window} - ${at}::timestamptz)))::int as retry_after`;
}

/** The rows of {@link bucketChargeSql}, by key. */
function bucketsOf(rows: readonly BucketRow[]): Map<string, Bucket> {
  return new Map(
    rows.map((row) => [
      row.key,
      { count: Number(row.count), retryAfterSeconds: Math.max(1, Number(row.retry_after)) },
    ]),
  );
}

/**
 * Adds `amount` to each bucket of `charges` (one statement, whatever their number): see
 * {@link bucketChargeSql}. Answers each charged bucket's count and the seconds left in its window.
 */
export async function chargeBuckets(
  db: Database | Transaction,
  organisationId: string,
  charges: readonly { key: string; amount: number }[],
  windowSeconds: number,
  now: Date,
): Promise<Map<string, Bucket>> {
  const result = await db.execute<BucketRow>(
    bucketChargeSql(organisationId, charges, windowSeconds, now),
  );
  return bucketsOf(result.rows);
}

/** The key of the client's bucket for a kind's rate. */
const rateKey = (client: QuotaClient, kind: ClientWriteKind) => `clientWrite:${kind}:${client.id}`;

/** Refuses a write over a quota: audited, then `rate_limited` (429 with Retry-After). */
function refuseWrite(
  context: ServiceContext,
  request: FastifyRequest,
  client: QuotaClient,
  action: `${ClientWriteKind}Rate` | `${DailyCounter}Daily`,
  retryAfterSeconds: number,
): Promise<never> {
  return refuseThrottled(
    context.database.db,
    context.organisationId,
    { action, scope: 'account', account: client.userId ?? client.id, retryAfterSeconds },
    { ip: request.ip, requestId: request.id },
  );
}

/**
 * Counts one write of `kind` by the client against the kind's rate, before the write, and
 * refuses it (429, audited) past it.
 */
export async function checkWriteRate(
  context: ServiceContext,
  request: FastifyRequest,
  client: QuotaClient,
  kind: ClientWriteKind,
  now: Date,
): Promise<void> {
  const limit: RateLimit = writeQuotasOf(context).rates[kind];
  const { db } = context.database;
  const key = rateKey(client, kind);
  const buckets = await chargeBuckets(
    db,
    context.organisationId,
    [{ key, amount: 1 }],
    limit.windowSeconds,
    now,
  );
  await sweepIdleBucketsSometimes(db, context.organisationId, now);
  const bucket = buckets.get(key);
  if (bucket && bucket.count > limit.max) {
    await refuseWrite(context, request, client, `${kind}Rate`, bucket.retryAfterSeconds);
  }
}

/** Thrown in a write's transaction past a daily ceiling, so it rolls back; refused after it. */
class DailyCeilingReached extends Error {
  readonly counter: DailyCounter;
  readonly retryAfterSeconds: number;

  constructor(counter: DailyCounter, retryAfterSeconds: number) {
    super(`daily ceiling ${counter} reached`);
    this.counter = counter;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The key of the client's bucket for a daily counter. */
const dailyKey = (client: QuotaClient, counter: DailyCounter) =>
  `clientDaily:${counter}:${client.id}`;

/**
 * Charges what a write stored to the client's daily ceilings, in the write's transaction `tx`
 * (one statement; none when nothing new was stored, so a retry is never charged twice). Past a
 * ceiling it throws, and the transaction rolls back: see {@link withDailyCeilings}.
 */
export async function chargeDailyCeilings(
  tx: Transaction,
  context: ServiceContext,
  client: QuotaClient,
  charges: DailyCharges,
  now: Date,
): Promise<void> {
  const counters = (Object.keys(charges) as DailyCounter[]).filter(
    (counter) => (charges[counter] ?? 0) > 0,
  );
  if (counters.length === 0) return;
  const charge = dailyCeilingCharge(context, client, now);
  const amounts = Object.fromEntries(counters.map((counter) => [counter, charges[counter] ?? 0]));
  const result = await tx.execute<BucketRow>(charge.sql(amounts));
  charge.check(result.rows);
}

/** The daily ceilings' charge of a write (see {@link chargeDailyCeilings}). */
type DailyCeilingCharge = {
  /**
   * The charge of `amounts` (any integer expression of the statement, such as a count of the
   * rows its other parts inserted) as a statement or a data-modifying `with` part:
   * {@link bucketChargeSql}.
   */
  sql(amounts: Partial<Record<DailyCounter, SQL | number>>): SQL;
  /** Throws past a ceiling, given the rows that part returned, so the transaction rolls back. */
  check(rows: readonly BucketRow[]): void;
};

/** The daily ceilings' charge for a write of `client` at `now`. */
function dailyCeilingCharge(
  context: ServiceContext,
  client: QuotaClient,
  now: Date,
): DailyCeilingCharge {
  const { daily } = writeQuotasOf(context);
  return {
    sql: (amounts) =>
      bucketChargeSql(
        context.organisationId,
        (Object.keys(amounts) as DailyCounter[]).map((counter) => ({
          key: dailyKey(client, counter),
          amount: amounts[counter] ?? 0,
        })),
        daily.windowSeconds,
        now,
      ),
    check: (rows) => {
      const buckets = bucketsOf(rows);
      for (const counter of Object.keys(daily.ceilings) as DailyCounter[]) {
        const bucket = buckets.get(dailyKey(client, counter));
        if (bucket && bucket.count > daily.ceilings[counter]) {
          throw new DailyCeilingReached(counter, bucket.retryAfterSeconds);
        }
      }
    },
  };
}

/** SQLSTATE of `refuse_over_quota` (migration 0024_quota_refusal). */
const overQuotaCode = 'CQ429';
const overQuotaMessage = /^over quota: (\w+) (\d+)$/;

/** A refusal `refuse_over_quota` raised: the quota's audit action and the seconds to wait. */
type OverQuota = { action: `${ClientWriteKind}Rate` | `${DailyCounter}Daily`; retryAfter: number };

/** The refusal in `error` (under drizzle's wrapper) when `refuse_over_quota` raised it. */
function overQuotaOf(error: unknown): OverQuota | undefined {
  const refusal = databaseErrorOf(error);
  if (refusal?.code !== overQuotaCode) return undefined;
  const match = overQuotaMessage.exec(refusal.message);
  if (!match?.[1] || !match[2]) return undefined;
  return { action: match[1] as OverQuota['action'], retryAfter: Number(match[2]) };
}

/**
 * A write's quotas charged in the write's own statement, which then needs no transaction around
 * it (the device batch's; decision 80). Each part is a data-modifying `with` part of that
 * statement; the statement may not run them in any other order than this:
 * - `rate`, named `quota_rate`: the request counted against its kind's rate, first;
 * - `withinRate`: a condition every insert of the write adds, so that nothing is stored past the
 *   rate (a flood costs one bucket update a request, not the write);
 * - `daily(amounts)`, named `quota_daily`: what the statement stored, charged to the ceilings;
 * - `check`: an expression of the final select that raises past the rate or a ceiling
 *   (`refuse_over_quota`), which aborts the statement: nothing it stored or charged stays.
 * Run it through {@link withQuotaInStatement}, which answers that refusal.
 */
export type QuotaInStatement = {
  rate: SQL;
  withinRate: SQL;
  daily(amounts: Partial<Record<DailyCounter, SQL>>): SQL;
  check: SQL;
};

/** The quotas of a write of `kind` by `client` at `now`, to charge in its own statement. */
function quotaInStatement(
  context: ServiceContext,
  client: QuotaClient,
  kind: ClientWriteKind,
  now: Date,
): QuotaInStatement {
  const { rates, daily } = writeQuotasOf(context);
  const rate = rates[kind];
  const limits = [
    sql`(${rateKey(client, kind)}, ${`${kind}Rate`}, ${rate.max}::int, 0)`,
    ...(Object.keys(daily.ceilings) as DailyCounter[]).map(
      (counter) =>
        sql`(${dailyKey(client, counter)}, ${`${counter}Daily`}, ${daily.ceilings[counter]}::int, 1)`,
    ),
  ];
  const charge = dailyCeilingCharge(context, client, now);
  return {
    rate: sql`quota_rate as (${bucketChargeSql(
      context.organisationId,
      [{ key: rateKey(client, kind), amount: 1 }],
      rate.windowSeconds,
      now,
    )})`,
    withinRate: sql`(select count from quota_rate) <= ${rate.max}::int`,
    daily: (amounts) => sql`quota_daily as (${charge.sql(amounts)})`,
    check: sql`(select refuse_over_quota(over.action, over.retry_after)
      from (select limits.action, charged.retry_after, limits.rank
        from (select key, count, retry_after from quota_rate
          union all select key, count, retry_after from quota_daily) as charged
        join (values ${sql.join(limits, sql`, `)}) as limits(key, action, ceiling, rank)
          on limits.key = charged.key
        where charged.count > limits.ceiling
        order by limits.rank
        limit 1) as over)`,
  };
}

/**
 * Runs `write`, one statement built with the quotas of {@link quotaInStatement}, and answers its
 * refusal past a quota (429, audited). A write refused past a ceiling is then counted against
 * the rate as every request is (its statement's count rolled back with it); one refused past the
 * rate is not counted again: it stays refused until the window ends, as it would be.
 */
export async function withQuotaInStatement<T>(
  context: ServiceContext,
  request: FastifyRequest,
  client: QuotaClient,
  kind: ClientWriteKind,
  now: Date,
  write: (quota: QuotaInStatement) => Promise<T>,
): Promise<T> {
  await sweepIdleBucketsSometimes(context.database.db, context.organisationId, now);
  try {
    return await write(quotaInStatement(context, client, kind, now));
  } catch (error) {
    const over = overQuotaOf(error);
    if (!over) throw error;
    if (over.action !== `${kind}Rate`) await checkWriteRate(context, request, client, kind, now);
    return refuseWrite(context, request, client, over.action, Math.max(1, over.retryAfter));
  }
}

/**
 * Runs `write` (a transaction that calls {@link chargeDailyCeilings}) and, when it rolled back
 * past a daily ceiling, refuses the request (429, audited outside the rolled-back transaction).
 */
export async function withDailyCeilings<T>(
  context: ServiceContext,
  request: FastifyRequest,
  client: QuotaClient,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof DailyCeilingReached)) throw error;
    return refuseWrite(context, request, client, `${error.counter}Daily`, error.retryAfterSeconds);
  }
}
