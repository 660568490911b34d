import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/index.ts';
import { schema } from '../../db/index.ts';
import { clientAddressKey } from '../../http/clientAddress.ts';
import type { LoginThrottle } from './options.ts';
import { refuseThrottled, sweepIdleBucketsSometimes } from './rateLimit.ts';
import type { RequestMeta } from './requestMeta.ts';

/** Who is signing in: the normalised email (known or not), the client address, the request. */
export type SignInSubject = RequestMeta & { account: string };

const buckets = schema.rateLimitBuckets;

// '|' never occurs in an address key, so no two (address, account) pairs share a key.
const pairKey = (subject: SignInSubject) =>
  `login:pair:${clientAddressKey(subject.ip)}|${subject.account}`;
const accountKey = (subject: SignInSubject) => `login:account:${subject.account}`;
const addressKey = (subject: SignInSubject) => `login:address:${clientAddressKey(subject.ip)}`;

/**
 * Lets a sign-in attempt through or refuses it: `rate_limited` (429 with Retry-After), audited.
 *
 * An attempt that passes is counted as a failure at once, before its password is checked, and
 * `clearSignInFailures` takes it back when the password was right. Counting first, under a row
 * lock of both buckets, is what holds against parallel guesses: a burst cannot slip through
 * between the check and the count. So only failures stay counted:
 * - the (account, address) pair's `count` is its failures since the last success; `window_start`
 *   is the time of the last one (forgotten `forgetAfterSeconds` later), `blocked_until` when the
 *   pair may try again;
 * - the account's bucket is a fixed window of failures from any address;
 * - the address's bucket (an IPv6 one by its /64) is a fixed window of failures on any account,
 *   against password spraying: from its `freeFailures`-th failure in the window on, the address
 *   waits before each next try, doubling (`blocked_until`).
 * A refused attempt counts nowhere, so a blocked stranger cannot push the account's total up.
 */
export async function beginSignInAttempt(
  database: DatabaseHandle,
  organisationId: string,
  throttle: LoginThrottle,
  subject: SignInSubject,
  now: Date,
): Promise<void> {
  const keys = {
    account: accountKey(subject),
    address: addressKey(subject),
    pair: pairKey(subject),
  };
  const refusal = await database.transaction(async (tx) => {
    await tx
      .insert(buckets)
      .values(
        Object.values(keys).map((key) => ({
          organisationId,
          key,
          windowStart: now,
          count: 0,
        })),
      )
      .onConflictDoNothing();
    // Locked in key order ('login:account:', 'login:address:', 'login:pair:') by every attempt:
    // no deadlock.
    const rows = await tx
      .select()
      .from(buckets)
      .where(
        and(eq(buckets.organisationId, organisationId), inArray(buckets.key, Object.values(keys))),
      )
      .orderBy(buckets.key)
      .for('update');
    const accountRow = rows.find((row) => row.key === keys.account);
    const pairRow = rows.find((row) => row.key === keys.pair);
    const addressRow = rows.find((row) => row.key === keys.address);
    if (!accountRow || !pairRow || !addressRow)
      throw new Error('sign-in throttle buckets are missing');

    const windowMs = throttle.perAccount.windowSeconds * 1000;
    const isWindowOver = now.getTime() - accountRow.windowStart.getTime() >= windowMs;
    const account = isWindowOver ? { count: 0, windowStart: now } : accountRow;
    const isPairForgotten =
      now.getTime() - pairRow.windowStart.getTime() >= throttle.forgetAfterSeconds * 1000;
    const pair = isPairForgotten ? { count: 0, blockedUntil: null } : pairRow;
    const perAddress = throttle.perAddress;
    const isAddressWindowOver =
      now.getTime() - addressRow.windowStart.getTime() >= perAddress.windowSeconds * 1000;
    const address = isAddressWindowOver
      ? { count: 0, windowStart: now, blockedUntil: null }
      : addressRow;

    if (pair.blockedUntil && pair.blockedUntil > now) {
      return { scope: 'pair' as const, seconds: secondsUntil(pair.blockedUntil, now) };
    }
    if (address.blockedUntil && address.blockedUntil > now) {
      return { scope: 'address' as const, seconds: secondsUntil(address.blockedUntil, now) };
    }
    if (account.count >= throttle.perAccount.max) {
      const windowEnd = new Date(account.windowStart.getTime() + windowMs);
      return { scope: 'account' as const, seconds: secondsUntil(windowEnd, now) };
    }
    const failures = pair.count + 1;
    await tx
      .update(buckets)
      .set({ count: account.count + 1, windowStart: account.windowStart })
      .where(and(eq(buckets.organisationId, organisationId), eq(buckets.key, keys.account)));
    await tx
      .update(buckets)
      .set({
        count: failures,
        windowStart: now,
        blockedUntil: blockedUntil(throttle, failures, now),
      })
      .where(and(eq(buckets.organisationId, organisationId), eq(buckets.key, keys.pair)));
    await tx
      .update(buckets)
      .set({
        count: address.count + 1,
        windowStart: address.windowStart,
        blockedUntil: blockedUntil(perAddress, address.count + 1, now),
      })
      .where(and(eq(buckets.organisationId, organisationId), eq(buckets.key, keys.address)));
    return null;
  });
  await sweepIdleBucketsSometimes(database.db, organisationId, now);
  if (refusal) {
    const { scope, seconds } = refusal;
    await refuseThrottled(
      database.db,
      organisationId,
      { action: 'login', scope, account: subject.account, retryAfterSeconds: seconds, at: now },
      subject,
    );
  }
}

/**
 * After a right password: forgets that pair's failures and takes back the attempt's count on the
 * account and the address (only its own: a success of one's own account must not wipe the
 * address's failures on others). One statement at a time, so no lock is held while waiting for
 * another.
 */
export async function clearSignInFailures(
  database: DatabaseHandle,
  organisationId: string,
  subject: SignInSubject,
): Promise<void> {
  await database.db
    .update(buckets)
    .set({ count: sql`greatest(${buckets.count} - 1, 0)` })
    .where(
      and(
        eq(buckets.organisationId, organisationId),
        inArray(buckets.key, [accountKey(subject), addressKey(subject)]),
      ),
    );
  await database.db
    .delete(buckets)
    .where(and(eq(buckets.organisationId, organisationId), eq(buckets.key, pairKey(subject))));
}

/**
 * After a password reset by mailed code: forgets every sign-in failure on the account (its
 * ceiling and the pairs of every address), so the owner who proved they hold the mailbox is not
 * kept out by a stranger's guesses. The addresses' own budgets stay.
 */
export async function clearAccountSignInLock(
  database: DatabaseHandle,
  organisationId: string,
  account: string,
): Promise<void> {
  await database.db
    .delete(buckets)
    .where(
      and(
        eq(buckets.organisationId, organisationId),
        or(
          eq(buckets.key, `login:account:${account}`),
          and(
            like(buckets.key, 'login:pair:%'),
            eq(sql`right(${buckets.key}, ${account.length + 1})`, `|${account}`),
          ),
        ),
      ),
    );
}

type Delays = Pick<LoginThrottle, 'freeFailures' | 'firstDelaySeconds' | 'maxDelaySeconds'>;

/** From the `freeFailures`-th failure on: the first delay, doubled by each further failure. */
function blockedUntil(throttle: Delays, failures: number, now: Date): Date | null {
  if (failures < throttle.freeFailures) return null;
  const doublings = Math.min(failures - throttle.freeFailures, 30);
  const seconds = Math.min(throttle.firstDelaySeconds * 2 ** doublings, throttle.maxDelaySeconds);
  return new Date(now.getTime() + seconds * 1000);
}

function secondsUntil(instant: Date, now: Date): number {
  return Math.max(1, Math.ceil((instant.getTime() - now.getTime()) / 1000));
}
