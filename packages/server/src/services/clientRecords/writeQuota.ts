import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../../db/index.ts';
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

/** The client whose write is counted. */
export type QuotaClient = { id: string; userId: string | null };

/** What one write stored, by counter (zero or absent: nothing to charge). */
export type DailyCharges = Partial<Record<DailyCounter, number>>;

/** The context's quotas, defaults filled in (read per request, so a test may change them). */
function writeQuotasOf(context: ServiceContext): ClientWriteQuotas {
  return resolveClientWriteQuotas(context.clientWriteQuotas);
}

export type BucketRow = { key: string; count: number | string; retry_after: number | string };

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
  const key = `clientWrite:${kind}:${client.id}`;
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

/** The daily ceilings' charge of a write, as part of the write's own statement. */
export type DailyCeilingCharge = {
  /**
   * The charge of `amounts` (any integer expression of the statement, such as a count of the
   * rows its other parts inserted) as a data-modifying `with` part: {@link bucketChargeSql}.
   */
  sql(amounts: Partial<Record<DailyCounter, SQL | number>>): SQL;
  /** Throws past a ceiling, given the rows that part returned, so the transaction rolls back. */
  check(rows: readonly BucketRow[]): void;
};

/**
 * The daily ceilings' charge for a write whose statement also charges what it stored, in one
 * round trip (the device batch's). The statement runs in a transaction that
 * {@link withDailyCeilings} wraps, as for {@link chargeDailyCeilings}.
 */
export function dailyCeilingCharge(
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
