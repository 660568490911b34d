import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { AuthError } from './errors.ts';
import type { RateLimit, RateLimitedAction, RateLimitPair } from './options.ts';

type BucketRow = { count: number; retry_after: number | string };

/**
 * Counts one attempt in the fixed-window bucket `key` (shared by every server process through
 * PostgreSQL) and answers whether it is over the limit. One atomic upsert: parallel attempts can
 * never both read the same count. An expired window restarts at 1, so nothing locks forever.
 */
export async function hitBucket(
  db: Database,
  organisationId: string,
  key: string,
  limit: RateLimit,
  now: Date,
): Promise<{ isLimited: boolean; retryAfterSeconds: number }> {
  const at = now.toISOString();
  const window = limit.windowSeconds;
  const expired = sql`rate_limit_buckets.window_start <= ${at}::timestamptz - make_interval(secs => ${window}::double precision)`;
  const result = await db.execute<BucketRow>(sql`
    insert into rate_limit_buckets (organisation_id, key, window_start, count)
    values (${organisationId}::uuid, ${key}, ${at}::timestamptz, 1)
    on conflict (organisation_id, key) do update set
      count = case when ${expired} then 1 else rate_limit_buckets.count + 1 end,
      window_start = case when ${expired} then ${at}::timestamptz else rate_limit_buckets.window_start end
    returning count,
      ceil(extract(epoch from (window_start + make_interval(secs => ${window}::double precision)
        - ${at}::timestamptz)))::int as retry_after`);
  const row = result.rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  return {
    isLimited: Number(row.count) > limit.max,
    retryAfterSeconds: Math.max(1, Number(row.retry_after)),
  };
}

/**
 * Counts an attempt of `action` against both the caller's IP and the account (when known) and
 * throws `rate_limited` when either is over its limit.
 */
export async function enforceRateLimit(
  db: Database,
  organisationId: string,
  action: RateLimitedAction,
  limits: RateLimitPair,
  subject: { ip: string; account?: string | null },
  now: Date,
): Promise<void> {
  const checks = [hitBucket(db, organisationId, `${action}:ip:${subject.ip}`, limits.perIp, now)];
  if (subject.account) {
    checks.push(
      hitBucket(db, organisationId, `${action}:account:${subject.account}`, limits.perAccount, now),
    );
  }
  const results = await Promise.all(checks);
  // Now and then, drop buckets idle for a day, so random emails and IPs do not pile up.
  if (Math.random() < 0.01) {
    await db.execute(sql`
      delete from rate_limit_buckets
      where organisation_id = ${organisationId}::uuid
        and window_start < ${now.toISOString()}::timestamptz - interval '1 day'`);
  }
  const limited = results.filter((result) => result.isLimited);
  if (limited.length > 0) {
    const seconds = Math.max(...limited.map((result) => result.retryAfterSeconds));
    throw new AuthError(
      'rate_limited',
      `Too many attempts. Try again in ${seconds} seconds.`,
      seconds,
    );
  }
}
