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
 * What an attempt let through must do and undo: past the account's ceiling, prove itself with a
 * mailed code (`needsMailedCode`); the attempt that reached the ceiling tells the owner
 * (`reachedAccountCeiling`, with the instant the ceiling's window ends). A right password undoes
 * the attempt's count (`clearSignInFailures`), the address's wait it armed included.
 */
export type SignInAttempt = {
  needsMailedCode: boolean;
  reachedAccountCeiling: Date | null;
  /** The address's wait before this attempt, and the one it set (null: none). */
  addressWait: { before: Date | null; set: Date | null };
};

/** An attempt refused unheard: which limit, and for how long. */
type Refused = { scope: 'pair' | 'address'; seconds: number };

/**
 * Lets a sign-in attempt through or refuses it: `rate_limited` (429 with Retry-After), audited.
 *
 * An attempt that passes is counted as a failure at once, before its password is checked, and
 * `clearSignInFailures` takes it back when the password was right. Counting first, under a row
 * lock of the buckets, is what holds against parallel guesses: a burst cannot slip through
 * between the check and the count. So only failures stay counted:
 * - the (account, address) pair's `count` is its failures since the last success; `window_start`
 *   is the time of the last one (forgotten `forgetAfterSeconds` later), `blocked_until` when the
 *   pair may try again;
 * - the account's bucket is a fixed window of failures from any address: past its ceiling the
 *   account is not locked (strangers would keep its owner out) but every attempt must come with
 *   the code mailed to the owner (see login.ts), so guessing the password alone gains nothing;
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
): Promise<SignInAttempt> {
  const keys = {
    account: accountKey(subject),
    address: addressKey(subject),
    pair: pairKey(subject),
  };
  const attempt = await database.transaction(async (tx): Promise<Refused | SignInAttempt> => {
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
    const failures = pair.count + 1;
    const accountCount = account.count + 1;
    const addressWait = {
      before: addressRow.blockedUntil,
      set: blockedUntil(perAddress, address.count + 1, now),
    };
    await tx
      .update(buckets)
      .set({ count: accountCount, windowStart: account.windowStart })
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
        blockedUntil: addressWait.set,
      })
      .where(and(eq(buckets.organisationId, organisationId), eq(buckets.key, keys.address)));
    const max = throttle.perAccount.max;
    return {
      needsMailedCode: account.count >= max,
      reachedAccountCeiling:
        accountCount === max ? new Date(account.windowStart.getTime() + windowMs) : null,
      addressWait,
    };
  });
  await sweepIdleBucketsSometimes(database.db, organisationId, now);
  if ('scope' in attempt) {
    const { scope, seconds } = attempt;
    return refuseThrottled(
      database.db,
      organisationId,
      { action: 'login', scope, account: subject.account, retryAfterSeconds: seconds, at: now },
      subject,
    );
  }
  return attempt;
}

/**
 * After a right password: forgets that pair's failures and takes back the attempt's count on the
 * account and the address (only its own: a success of one's own account must not wipe the
 * address's failures on others), with the wait the attempt set for the address, unless a later
 * failure set another: behind a shared address (an office's NAT), a success must not make
 * everyone else wait. One statement at a time, so no lock is held while waiting for another.
 */
export async function clearSignInFailures(
  database: DatabaseHandle,
  organisationId: string,
  subject: SignInSubject,
  attempt: SignInAttempt,
): Promise<void> {
  await database.db
    .update(buckets)
    .set({ count: sql`greatest(${buckets.count} - 1, 0)` })
    .where(and(eq(buckets.organisationId, organisationId), eq(buckets.key, accountKey(subject))));
  const { before, set } = attempt.addressWait;
  await database.db
    .update(buckets)
    .set({
      count: sql`greatest(${buckets.count} - 1, 0)`,
      blockedUntil:
        set === null
          ? sql`${buckets.blockedUntil}`
          : sql`case when ${buckets.blockedUntil} = ${set.toISOString()}::timestamptz
              then ${before?.toISOString() ?? null}::timestamptz else ${buckets.blockedUntil} end`,
    })
    .where(and(eq(buckets.organisationId, organisationId), eq(buckets.key, addressKey(subject))));
  await database.db
    .delete(buckets)
    .where(and(eq(buckets.organisationId, organisationId), eq(buckets.key, pairKey(subject))));
}

/**
 * After a password reset by mailed code: forgets every sign-in failure on the account (its
 * ceiling and the pairs of every address): the owner proved they hold the mailbox. The
 * addresses' own budgets stay.
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
