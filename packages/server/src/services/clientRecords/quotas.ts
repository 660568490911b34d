import {
  type MessageAuthor,
  messages,
  messagingQuotas,
  notesQuotas,
  reportLimits,
  reviewQuotas,
} from '@coach/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Database, databaseErrorOf, type Transaction } from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import { type RateLimit, refuseThrottled, sweepIdleBucketsSometimes } from '../auth/index.ts';
import { nowOf, type ServiceContext } from '../core/index.ts';

// Every quota on a write of client records, one table by kind of write (`quotasOf`), the figures
// read per request (a test may change them on a running server). Three ways to count:
// - buckets on the shared `rate_limit_buckets` (fixed windows, every process alike): what a write
//   stores is charged in its own transaction, before or after storing it (the store calls
//   `charge`; a retry that stores nothing is charged nothing); past a limit the transaction rolls
//   back, the charge with it, then the refusal is audited (outside it) and answered 429 with
//   Retry-After. A client's writes have a rate besides: the request is counted before anything
//   else runs, refused ones too.
// - the same buckets charged by parts of the write's one statement, which needs no transaction
//   (the device batch, decision 80): `withQuotaInStatement`.
// - what is kept (a coach's reports): the stored rows of a sliding window, counted before the
//   work and again under the payer's lock in the write's transaction.

/** The client writes with a rate of their own: one per route a client's app writes through. */
export type ClientWriteKind = 'reflection' | 'assessment' | 'exercise' | 'deviceBatch';

/** What a write is charged as. */
type QuotaKind =
  | ClientWriteKind
  | 'note'
  | 'followUp'
  | `${MessageAuthor}Message`
  | 'report'
  | 'review';

/**
 * What a client may store per day, counted in what was stored: new reflections, exercises,
 * assessments (new ids), the bytes of assessment answers written (a new one or an in-progress
 * one rewritten), new device samples and app-use sessions.
 */
type DailyCounter =
  | 'reflections'
  | 'assessments'
  | 'assessmentBytes'
  | 'exercises'
  | 'samples'
  | 'sessions';

/** What one write stored, as its quotas count it (zero or absent: nothing to charge). */
export type Charges = Partial<
  Record<
    DailyCounter | 'notes' | 'followUps' | 'messages' | 'characters' | 'reports' | 'reviews',
    number
  >
>;

/** Who pays a write's quota (the client, the coach, the writer), and their account. */
type Payer = { id: string; userId: string | null };

/** A write's quota: its kind and who pays it. */
export type QuotaOf = { kind: QuotaKind; payer: Payer };

type ThrottledAction = Parameters<typeof refuseThrottled>[2]['action'];

/** A bucket's limit: at most `max` per window, in the payer's bucket `key`, refused as `action`. */
type BucketLimit = RateLimit & { key: string; action: ThrottledAction };

/** A kind's quotas. */
type KindQuota = {
  /** The requests, counted before the write (refused ones too). */
  rate?: BucketLimit;
  /** What the write stores, charged in its transaction, checked in this order. */
  limits: (BucketLimit & { counts: keyof Charges })[];
  /** At most `max` rows kept, made in the last `windowSeconds` (a coach's reports). */
  kept?: RateLimit;
  /** The refusal's words ('Too many attempts...' with the wait by default). */
  message?: string;
};

/** The per-client write quotas (see {@link defaultClientWriteQuotas} for the figures). */
type ClientWriteQuotas = {
  /** Requests per client and kind per window, counted before the write (refused ones too). */
  rates: Record<ClientWriteKind, RateLimit>;
  /** Ceilings per client per window (a day), counted in what is stored. */
  daily: { windowSeconds: number; ceilings: Record<DailyCounter, number> };
};

/** What a deployment or a test passes for the clients' quotas: any subset. */
export type ClientWriteQuotasInput = {
  rates?: Partial<Record<ClientWriteKind, RateLimit>>;
  daily?: { windowSeconds?: number; ceilings?: Partial<Record<DailyCounter, number>> };
};

/** What a deployment or a test passes for a coach's notes and follow-ups a day: any subset. */
export type NotesQuotasInput = Partial<Record<keyof typeof notesQuotas, number>>;

/** What a deployment or a test passes for a coach's reviews: any subset. */
export type ReviewQuotasInput = Partial<Record<keyof typeof reviewQuotas, number>>;

/** What a deployment or a test passes for the messages, per author: any subset. */
export type MessagingQuotasInput = Partial<
  Record<MessageAuthor, Partial<Record<keyof (typeof messagingQuotas)['coach'], number>>>
>;

const minute = 60;
const day = 24 * 60 * minute;

// A client's real heavy day, from the simulator's generator (packages/simulator/src/generator.ts)
// and the schedules:
// - reflections: 5 windows a day, each answered once (the store refuses a second answer);
// - exercises: learn 3 slots, sense 4, grow none but 1-2 extra practices: at most ~6;
// - assessments: one scheduled per step (3 in a whole journey), so 1-2 started on a heavy day,
//   each of at most 100 answers (~56 kB as JSON), saved in progress a few times: ~5-100 kB;
// - device samples: the generator reads every 30-60 min of a 16 h waking day, 3 measures: <= 96;
//   a device reading once a minute, all day, 3 measures: 3 x 1440 = 4,320;
// - app-use sessions: <= 6 a day in the generator; an app logging every opening: ~100;
// - device batches: 2 a day in the generator (12:00, 23:55); an app syncing every minute: 1/min.
// The daily ceilings are about 10x that; the rates let an app catch up after a day offline (a
// batch a minute, a reflection or an exercise every few seconds) yet stop one client from
// monopolising the server. Our own load tools send far more per client, with no pause, on
// databases kept from run to run (reliability/load/mix.ts: ~400 device batches a minute per
// client; bench/client-data.ts: ~140,000 samples per client per run): they lift the quotas
// (`CLIENT_WRITE_QUOTAS=0`, {@link liftedClientWriteQuotas}), as they lift the per-address caps.
// A coach's and a client's messages, a coach's notes, follow-ups, reports and reviews: the
// domain's figures (`messagingQuotas`, `notesQuotas`, `reportLimits`, `reviewQuotas`).

/** The product's figures of the clients' writes. */
export const defaultClientWriteQuotas: ClientWriteQuotas = {
  rates: {
    reflection: { max: 30, windowSeconds: minute },
    exercise: { max: 30, windowSeconds: minute },
    assessment: { max: 60, windowSeconds: minute },
    deviceBatch: { max: 120, windowSeconds: minute },
  },
  daily: {
    windowSeconds: day,
    ceilings: {
      reflections: 50,
      exercises: 60,
      assessments: 50,
      assessmentBytes: 1_000_000,
      samples: 50_000,
      sessions: 1_000,
    },
  },
};

const unbounded = 1_000_000_000;

/** Each value of `record` as `lift` makes it. */
const lifted = <Key extends string, Value>(
  record: Record<Key, Value>,
  lift: (of: Value) => Value,
) =>
  Object.fromEntries(
    Object.entries<Value>(record).map(([key, value]) => [key, lift(value)]),
  ) as Record<Key, Value>;

/**
 * No client write quota in practice: for load tests and benchmarks, whose few clients write what
 * a whole practice does (`CLIENT_WRITE_QUOTAS=0`). Never for a deployment that clients use.
 */
export const liftedClientWriteQuotas: ClientWriteQuotas = {
  rates: lifted(defaultClientWriteQuotas.rates, (rate) => ({ ...rate, max: unbounded })),
  daily: {
    windowSeconds: day,
    ceilings: lifted(defaultClientWriteQuotas.daily.ceilings, () => unbounded),
  },
};

/** A limit of {@link KindQuota}: at most `max` of `counts` per window, in the bucket `key`. */
const limit = (
  counts: keyof Charges,
  key: string,
  max: number,
  windowSeconds: number,
  action: ThrottledAction,
) => ({ counts, key, max, windowSeconds, action });

/** The quotas of every kind of write: the context's figures over the product's. */
function quotasOf(context: ServiceContext): Record<QuotaKind, KindQuota> {
  const { rates, daily } = defaultClientWriteQuotas;
  const input = context.clientWriteQuotas;
  const ceilings = { ...daily.ceilings, ...input?.daily?.ceilings };
  const dailyWindow = input?.daily?.windowSeconds ?? daily.windowSeconds;
  const clientWrite = (kind: ClientWriteKind, ...counted: DailyCounter[]): KindQuota => ({
    rate: {
      ...(input?.rates?.[kind] ?? rates[kind]),
      key: `clientWrite:${kind}`,
      action: `${kind}Rate`,
    },
    limits: counted.map((counts) =>
      limit(counts, `clientDaily:${counts}`, ceilings[counts], dailyWindow, `${counts}Daily`),
    ),
  });
  const notes = { ...notesQuotas, ...context.notesQuotas };
  const coachDay = (counts: 'notes' | 'followUps', max: number, message: string): KindQuota => ({
    limits: [limit(counts, `${counts}:day`, max, day, `${counts}Daily`)],
    message,
  });
  const messagesOf = (author: MessageAuthor): KindQuota => {
    const quota = { ...messagingQuotas[author], ...context.messagingQuotas?.[author] };
    return {
      limits: [
        limit('messages', 'messages:minute', quota.perMinute, minute, 'messagesRate'),
        limit('messages', 'messages:day', quota.perDay, day, 'messagesDaily'),
        limit(
          'characters',
          'messages:characters',
          quota.charactersPerDay,
          day,
          'messageCharactersDaily',
        ),
      ],
      message: messages.tooManyMessages,
    };
  };
  const reviews = { ...reviewQuotas, ...context.reviewQuotas };
  return {
    reflection: clientWrite('reflection', 'reflections'),
    exercise: clientWrite('exercise', 'exercises'),
    assessment: clientWrite('assessment', 'assessments', 'assessmentBytes'),
    deviceBatch: clientWrite('deviceBatch', 'samples', 'sessions'),
    note: coachDay('notes', notes.notesPerDay, messages.tooManyNotes),
    followUp: coachDay('followUps', notes.followUpsPerDay, messages.tooManyFollowUps),
    // A mark and an undo alike: each is a write, bounded per minute and per day.
    review: {
      limits: [
        limit('reviews', 'reviews:minute', reviews.perMinute, minute, 'reviewsRate'),
        limit('reviews', 'reviews:day', reviews.perDay, day, 'reviewsDaily'),
      ],
      message: messages.tooManyReviews,
    },
    coachMessage: messagesOf('coach'),
    clientMessage: messagesOf('client'),
    report: {
      limits: [],
      kept: {
        max: context.reportQuota?.max ?? reportLimits.dailyMax,
        windowSeconds: context.reportQuota?.windowSeconds ?? reportLimits.quotaWindowSeconds,
      },
      message: 'Too many reports were generated lately, please try again later',
    },
  };
}

type BucketRow = { key: string; count: number | string; retry_after: number | string };

/** A bucket's count in its window, and the seconds left in that window. */
type Bucket = { count: number; retryAfterSeconds: number };

/** The payer's bucket of a limit. */
const keyOf = (limit: BucketLimit, payer: Payer) => `${limit.key}:${payer.id}`;

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

/** A limit a write went past: its refusal's action, and the seconds left in its window. */
type Over = { action: ThrottledAction; retryAfterSeconds: number };

/**
 * Adds each limit's amount to the payer's bucket (one statement per window: see
 * {@link bucketChargeSql}), and answers the first limit it took past its `max`.
 */
async function chargeBuckets(
  db: Database | Transaction,
  organisationId: string,
  payer: Payer,
  charges: readonly { limit: BucketLimit; amount: number }[],
  now: Date,
): Promise<Over | undefined> {
  const buckets = new Map<string, Bucket>();
  for (const windowSeconds of new Set(charges.map(({ limit }) => limit.windowSeconds))) {
    const inWindow = charges.filter(({ limit }) => limit.windowSeconds === windowSeconds);
    const amounts = inWindow.map(({ limit, amount }) => ({ key: keyOf(limit, payer), amount }));
    const result = await db.execute<BucketRow>(
      bucketChargeSql(organisationId, amounts, windowSeconds, now),
    );
    for (const row of result.rows) {
      const retryAfterSeconds = Math.max(1, Number(row.retry_after));
      buckets.set(row.key, { count: Number(row.count), retryAfterSeconds });
    }
  }
  for (const { limit } of charges) {
    const bucket = buckets.get(keyOf(limit, payer));
    if (bucket && bucket.count > limit.max) {
      return { action: limit.action, retryAfterSeconds: bucket.retryAfterSeconds };
    }
  }
  return undefined;
}

/** Refuses a write over a quota: audited, then `rate_limited` (429 with Retry-After). */
function refuse(
  context: ServiceContext,
  request: FastifyRequest,
  payer: Payer,
  over: Over & { message?: string },
  now: Date,
): Promise<never> {
  return refuseThrottled(
    context.database.db,
    context.organisationId,
    { ...over, scope: 'account', account: payer.userId ?? payer.id, at: now },
    { ip: request.ip, requestId: request.id },
  );
}

/**
 * Counts one write of `kind` by `payer` against the kind's rate, before the write, and refuses it
 * (429, audited) past it; a kind without a rate is not counted.
 */
export async function checkWriteRate(
  context: ServiceContext,
  request: FastifyRequest,
  payer: Payer,
  kind: QuotaKind,
  now: Date,
): Promise<void> {
  const { db } = context.database;
  await sweepIdleBucketsSometimes(db, context.organisationId, now);
  const { rate } = quotasOf(context)[kind];
  if (!rate) return;
  const over = await chargeBuckets(
    db,
    context.organisationId,
    payer,
    [{ limit: rate, amount: 1 }],
    now,
  );
  if (over) await refuse(context, request, payer, over, now);
}

/**
 * Refuses (`rate_limited`, 429 with `message`, not audited) a report past the coach's quota
 * `kept`: `max` of the coach's stored reports made in the last `windowSeconds`, by the
 * database's clock (the one that stamps them). Retry-After is when the report that must leave
 * the window for a new one to fit (the oldest counted, once the count is at the ceiling) leaves
 * it.
 *
 * The count reads the coach's current clients' reports, one range of
 * client_reports_client_coach_created_idx each (the table has no index by coach alone); a
 * deleted report no longer counts: the quota bounds what a coach keeps stored.
 */
async function refuseOverKept(
  db: Database | Transaction,
  organisationId: string,
  coachId: string,
  { kept, message }: KindQuota,
): Promise<void> {
  if (!kept) return;
  const window = sql`make_interval(secs => ${kept.windowSeconds}::double precision)`;
  const result = await db.execute<{ retry_after: number | string }>(sql`
    select ceil(extract(epoch from (created_at + ${window} - now())))::int as retry_after
    from client_reports
    where organisation_id = ${organisationId}::uuid
      and coach_person_id = ${coachId}::uuid
      and client_person_id in (
        select id from persons
        where organisation_id = ${organisationId}::uuid and coach_person_id = ${coachId}::uuid
      )
      and created_at > now() - ${window}
    order by created_at desc
    offset ${kept.max - 1}
    limit 1`);
  const [row] = result.rows;
  if (!row) return;
  const retryAfterSeconds = Math.max(1, Number(row.retry_after));
  throw new DomainError('rate_limited', message ?? '', { retryAfterSeconds });
}

/** Thrown in a write's transaction past a limit, so it rolls back; refused after it. */
class QuotaReached extends Error {
  readonly over: Over;

  constructor(over: Over) {
    super(`quota ${over.action} reached`);
    this.over = over;
  }
}

/** Charges a write's quota what it stored, in its transaction `tx` (see {@link withQuota}). */
type ChargeWrite = (tx: Transaction, charges: Charges, now: Date) => Promise<void>;

/**
 * Runs `write` under `quota` (none: as it is). Before it, the kind's rate is counted (a client's
 * write: refused past it), or what the payer keeps is counted (a report: refused past it); then
 * `write` runs its transaction, in which it charges what it stores (`charge`): past a limit the
 * transaction rolls back and the request is refused, audited outside it.
 */
export async function withQuota<T>(
  context: ServiceContext,
  request: FastifyRequest,
  quota: QuotaOf | undefined,
  write: (charge: ChargeWrite) => Promise<T>,
): Promise<T> {
  if (!quota) return write(async () => undefined);
  const { organisationId } = context;
  const { payer, kind } = quota;
  const kindQuota = quotasOf(context)[kind];
  const now = nowOf(context);
  if (kindQuota.kept)
    await refuseOverKept(context.database.db, organisationId, payer.id, kindQuota);
  else await checkWriteRate(context, request, payer, kind, now);
  const charge: ChargeWrite = async (tx, charges, at) => {
    if (kindQuota.kept) {
      // Under the payer's lock until the end of `tx`: concurrent reports of one coach are
      // counted and stored one after the other, so they never pass the ceiling together.
      const lock = `reportQuota:${payer.id}`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lock}, 0))`);
      return refuseOverKept(tx, organisationId, payer.id, kindQuota);
    }
    const charged = kindQuota.limits
      .map((limit) => ({ limit, amount: charges[limit.counts] ?? 0 }))
      .filter(({ amount }) => amount > 0);
    if (charged.length === 0) return;
    const over = await chargeBuckets(tx, organisationId, payer, charged, at);
    if (over) throw new QuotaReached(over);
  };
  try {
    return await write(charge);
  } catch (error) {
    if (!(error instanceof QuotaReached)) throw error;
    return refuse(context, request, payer, { ...error.over, message: kindQuota.message }, now);
  }
}

/** SQLSTATE of `refuse_over_quota` (migration 0024_quota_refusal). */
const overQuotaCode = 'CQ429';
const overQuotaMessage = /^over quota: (\w+) (\d+)$/;

/** The refusal in `error` (under drizzle's wrapper) when `refuse_over_quota` raised it. */
function overQuotaOf(error: unknown): Over | undefined {
  const refusal = databaseErrorOf(error);
  if (refusal?.code !== overQuotaCode) return undefined;
  const match = overQuotaMessage.exec(refusal.message);
  if (!match?.[1] || !match[2]) return undefined;
  return {
    action: match[1] as ThrottledAction,
    retryAfterSeconds: Math.max(1, Number(match[2])),
  };
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

/** The quotas of a client's write of `kind` at `now`, to charge in its own statement. */
function quotaInStatement(
  context: ServiceContext,
  payer: Payer,
  kind: ClientWriteKind,
  now: Date,
): QuotaInStatement {
  const { rate, limits } = quotasOf(context)[kind];
  if (!rate) throw new Error(`A client's write of ${kind} has a rate`);
  const ranked = [
    sql`(${keyOf(rate, payer)}, ${rate.action}, ${rate.max}::int, 0)`,
    ...limits.map((limit) => sql`(${keyOf(limit, payer)}, ${limit.action}, ${limit.max}::int, 1)`),
  ];
  const charge = (amounts: { limit: BucketLimit; amount: SQL | number }[], window: number) =>
    bucketChargeSql(
      context.organisationId,
      amounts.map(({ limit, amount }) => ({ key: keyOf(limit, payer), amount })),
      window,
      now,
    );
  // A client's ceilings share one window (a day).
  const dailyWindow = limits[0]?.windowSeconds ?? day;
  return {
    rate: sql`quota_rate as (${charge([{ limit: rate, amount: 1 }], rate.windowSeconds)})`,
    withinRate: sql`(select count from quota_rate) <= ${rate.max}::int`,
    daily: (amounts) =>
      sql`quota_daily as (${charge(
        limits.map((limit) => ({ limit, amount: amounts[limit.counts as DailyCounter] ?? 0 })),
        dailyWindow,
      )})`,
    check: sql`(select refuse_over_quota(over.action, over.retry_after)
      from (select limits.action, charged.retry_after, limits.rank
        from (select key, count, retry_after from quota_rate
          union all select key, count, retry_after from quota_daily) as charged
        join (values ${sql.join(ranked, sql`, `)}) as limits(key, action, ceiling, rank)
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
  payer: Payer,
  kind: ClientWriteKind,
  now: Date,
  write: (quota: QuotaInStatement) => Promise<T>,
): Promise<T> {
  await sweepIdleBucketsSometimes(context.database.db, context.organisationId, now);
  try {
    return await write(quotaInStatement(context, payer, kind, now));
  } catch (error) {
    const over = overQuotaOf(error);
    if (!over) throw error;
    if (over.action !== `${kind}Rate`) await checkWriteRate(context, request, payer, kind, now);
    return refuse(context, request, payer, over, now);
  }
}
