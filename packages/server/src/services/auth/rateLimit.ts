import { sql } from 'drizzle-orm';
import { recordRefusal, sweepOldRefusalsSometimes } from '../../audit.ts';
import type { Database } from '../../db/index.ts';
import { sweepOldWindowsSometimes } from '../../db/sweep.ts';
import { DomainError } from '../../domainError.ts';
import { clientAddressKey } from '../../http/clientAddress.ts';
import type { RateLimit, RateLimitedAction, RateLimitPair } from './options.ts';
import type { RequestMeta } from './requestMeta.ts';

/** Which limit refused an attempt: the (account, address) pair, the account or the address. */
type RateLimitScope = 'pair' | 'account' | 'address';

/** What a throttle limits: the rate-limited actions, sign-in, and the daily reset-code checks. */
type ThrottledAction =
  | RateLimitedAction
  | 'login'
  | 'resetCodeDaily'
  | 'signInCodeMail'
  | 'reflectionRate'
  | 'assessmentRate'
  | 'exerciseRate'
  | 'deviceBatchRate'
  | 'reflectionsDaily'
  | 'assessmentsDaily'
  | 'assessmentBytesDaily'
  | 'exercisesDaily'
  | 'samplesDaily'
  | 'sessionsDaily'
  | 'messagesRate'
  | 'messagesDaily'
  | 'messageCharactersDaily'
  | 'notesDaily'
  | 'followUpsDaily'
  | 'reviewsRate'
  | 'reviewsDaily';

/** One throttled attempt: what was limited, for whom, and for how long. */
type Throttled = {
  action: ThrottledAction;
  scope: RateLimitScope;
  /** The account the attempt was for (an email or a user id), when known. */
  account: string | null;
  retryAfterSeconds: number;
  /** When it was refused: the service's clock; the process's by default. */
  at?: Date;
  /** The refusal's words; 'Too many attempts...' with the wait by default. */
  message?: string;
};

/**
 * Refuses a throttled attempt: counts the refusal in the audit log's aggregate (per address,
 * action, limit and hour; the first of each also one `rate_limited` row: who, from where, which
 * limit; never the password or code that was tried, see `recordRefusal`), then throws
 * `rate_limited` (429 with Retry-After). Every throttle of the auth service refuses through here,
 * so every 429 it answers is audited, and a flood of them costs a bounded number of rows.
 */
export async function refuseThrottled(
  db: Database,
  organisationId: string,
  throttled: Throttled,
  meta: RequestMeta,
): Promise<never> {
  const now = throttled.at ?? new Date();
  await recordRefusal(
    db,
    {
      organisationId,
      limitedAction: throttled.action,
      scope: throttled.scope,
      subject: throttled.account,
      ip: meta.ip,
      requestId: meta.requestId,
      retryAfterSeconds: throttled.retryAfterSeconds,
      at: now,
    },
    clientAddressKey(meta.ip),
  );
  await sweepOldRefusalsSometimes(db, organisationId, now);
  const seconds = throttled.retryAfterSeconds;
  throw new DomainError('rate_limited', throttled.message ?? tooManyAttemptsMessage(seconds), {
    retryAfterSeconds: seconds,
  });
}

/**
 * 'Too many attempts. Try again in 30 seconds.', '... in 15 minutes.' or, past 90 minutes (a
 * daily ceiling), '... in 24 hours.': rounded up, in the units the app uses for the same refusal
 * (app/src/errors/tooManyAttempts.ts).
 */
export function tooManyAttemptsMessage(seconds: number): string {
  const count = (amount: number, unit: string) => `${amount} ${amount === 1 ? unit : `${unit}s`}`;
  const wait =
    seconds < 60
      ? count(Math.max(1, seconds), 'second')
      : seconds <= 90 * 60
        ? count(Math.ceil(seconds / 60), 'minute')
        : count(Math.ceil(seconds / 3600), 'hour');
  return `Too many attempts. Try again in ${wait}.`;
}

type BucketRow = { key: string; count: number | string; retry_after: number | string };

/** One attempt to count: the bucket's key and its limit. */
type BucketHit = { key: string; limit: RateLimit };

/** A bucket's count after an attempt, whether it is over its limit, and its window's rest. */
type BucketCount = { isLimited: boolean; retryAfterSeconds: number; count: number };

/**
 * Counts one attempt in each fixed-window bucket of `hits` (shared by every server process
 * through PostgreSQL) and answers, in the same order, whether each is over its limit. One
 * statement, an atomic upsert per bucket: parallel attempts can never both read the same count.
 * An expired window restarts at 1, so nothing locks forever. The statement reads the upserts'
 * answers in the order given, so it takes the buckets' locks in that order, the same for every
 * call of one kind (the address first): no two calls wait on each other in a circle.
 */
export async function hitBuckets<const Hits extends readonly BucketHit[]>(
  db: Database,
  organisationId: string,
  hits: Hits,
  now: Date,
): Promise<{ [Index in keyof Hits]: BucketCount }> {
  // Two parts of one statement cannot both change one row.
  if (new Set(hits.map((hit) => hit.key)).size !== hits.length) {
    throw new Error('A bucket is counted once per statement');
  }
  const at = now.toISOString();
  const upserts = hits.map(({ key, limit }, index) => {
    const window = limit.windowSeconds;
    const expired = sql`rate_limit_buckets.window_start <= ${at}::timestamptz - make_interval(secs => ${window}::double precision)`;
    return sql`${sql.raw(`hit_${index}`)} as (
      insert into rate_limit_buckets (organisation_id, key, window_start, count)
      values (${organisationId}::uuid, ${key}, ${at}::timestamptz, 1)
      on conflict (organisation_id, key) do update set
        count = case when ${expired} then 1 else rate_limit_buckets.count + 1 end,
        window_start = case when ${expired} then ${at}::timestamptz else rate_limit_buckets.window_start end
      returning key, count,
        ceil(extract(epoch from (window_start + make_interval(secs => ${window}::double precision)
          - ${at}::timestamptz)))::int as retry_after)`;
  });
  const answers = hits.map((_, index) => sql`select * from ${sql.raw(`hit_${index}`)}`);
  const result = await db.execute<BucketRow>(
    sql`with ${sql.join(upserts, sql`, `)} ${sql.join(answers, sql` union all `)}`,
  );
  const counts = hits.map(({ key, limit }): BucketCount => {
    const row = result.rows.find((candidate) => candidate.key === key);
    if (!row) throw new Error('rate limit upsert returned no row');
    return {
      isLimited: Number(row.count) > limit.max,
      retryAfterSeconds: Math.max(1, Number(row.retry_after)),
      count: Number(row.count),
    };
  });
  // One count per hit, in the order of `hits`.
  return counts as { [Index in keyof Hits]: BucketCount };
}

/** Counts one attempt in the bucket `key`: {@link hitBuckets} for one bucket. */
export async function hitBucket(
  db: Database,
  organisationId: string,
  key: string,
  limit: RateLimit,
  now: Date,
): Promise<BucketCount> {
  const [count] = await hitBuckets(db, organisationId, [{ key, limit }], now);
  return count;
}

/** Takes one attempt back from bucket `key` (an attempt counted first that turned out right). */
export async function takeBackHit(db: Database, organisationId: string, key: string) {
  await db.execute(sql`
    update rate_limit_buckets set count = greatest(count - 1, 0)
    where organisation_id = ${organisationId}::uuid and key = ${key}`);
}

/**
 * Counts one attempt in the bucket `key` (see `hitBucket`) and refuses it (audited, see
 * `refuseThrottled`) when the bucket is over `limit`; answers the bucket's count otherwise.
 */
export async function enforceBucket(
  db: Database,
  organisationId: string,
  key: string,
  limit: RateLimit,
  refusal: Omit<Throttled, 'retryAfterSeconds' | 'at'>,
  meta: RequestMeta,
  now: Date,
): Promise<{ count: number }> {
  const { isLimited, retryAfterSeconds, count } = await hitBucket(
    db,
    organisationId,
    key,
    limit,
    now,
  );
  if (isLimited) {
    await refuseThrottled(db, organisationId, { ...refusal, retryAfterSeconds, at: now }, meta);
  }
  return { count };
}

/**
 * Counts an attempt of `action` against both the caller's address (an IPv6 one by its /64) and
 * the account (when known), and refuses it (audited, see `refuseThrottled`) when either is over
 * its limit.
 */
export async function enforceRateLimit(
  db: Database,
  organisationId: string,
  action: RateLimitedAction,
  limits: RateLimitPair,
  subject: RequestMeta & { account?: string | null },
  now: Date,
): Promise<void> {
  const address = clientAddressKey(subject.ip);
  const byAddressHit = { key: `${action}:ip:${address}`, limit: limits.perIp };
  const [byAddress, byAccount] = subject.account
    ? await hitBuckets(
        db,
        organisationId,
        [byAddressHit, { key: `${action}:account:${subject.account}`, limit: limits.perAccount }],
        now,
      )
    : [await hitBucket(db, organisationId, byAddressHit.key, byAddressHit.limit, now), undefined];
  await sweepIdleBucketsSometimes(db, organisationId, now);
  const limited = [byAddress, byAccount].filter((result) => result?.isLimited);
  if (limited.length > 0) {
    const seconds = Math.max(...limited.map((result) => result?.retryAfterSeconds ?? 1));
    const scope = byAccount?.isLimited ? 'account' : 'address';
    const account = subject.account ?? null;
    await refuseThrottled(
      db,
      organisationId,
      { action, scope, account, retryAfterSeconds: seconds, at: now },
      subject,
    );
  }
}

/**
 * Now and then (one call in a hundred), drops the buckets idle for a day, so random emails and
 * addresses do not pile up. Every limit here forgets within a day.
 */
export function sweepIdleBucketsSometimes(
  db: Database,
  organisationId: string,
  now: Date,
): Promise<void> {
  return sweepOldWindowsSometimes(db, 'rate_limit_buckets', organisationId, now, 1);
}
