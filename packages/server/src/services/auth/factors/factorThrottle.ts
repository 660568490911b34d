import { messages, type SecondStepMethod } from '@coach/domain';
import { recordAudit } from '../../../audit.ts';
import type { Database, Transaction } from '../../../db/index.ts';
import { DomainError } from '../../../domainError.ts';
import { clientAddressKey } from '../../../http/clientAddress.ts';
import { enforceRateLimit, takeBackHit } from '../rateLimit.ts';
import type { RequestMeta } from '../requestMeta.ts';
import type { SessionDeps } from '../sessions.ts';

// Wrong second-factor answers (app codes, recovery codes, passkey assertions) are throttled like
// reset codes: each answer counts first in the account's and the address's buckets (so parallel
// guesses cannot slip between a check and its count), a right one is taken back. Refusals are
// audited in aggregate (refuseThrottled); wrong answers one row each, bounded by the throttle,
// never with the code. The account's bucket is the browser's own in a browser known to the
// account (knownBrowsers.ts): strangers' answers never refuse the owner's there.

/**
 * Whose bucket an answer of `userId`'s factor counts in: the account's, or a known browser's own.
 */
export function factorBucketOwner(userId: string, knownBrowser: string | null): string {
  return knownBrowser === null ? userId : `${userId}|browser:${knownBrowser}`;
}

/**
 * Audits a wrong answer in `db` (how, never what; `details` beside the method): one row, which
 * the year's budget of unknown browsers counts (codes.ts).
 */
export function auditWrongFactorAnswer(
  db: Database | Transaction,
  deps: SessionDeps,
  userId: string | null,
  method: SecondStepMethod | 'enrolment',
  meta: RequestMeta,
  details: Record<string, unknown> = {},
): Promise<void> {
  return recordAudit(db, {
    organisationId: deps.organisationId,
    action: 'second_factor_failed',
    actorUserId: userId,
    subject: userId,
    ip: meta.ip,
    requestId: meta.requestId,
    outcome: 'failure',
    details: { method, ...details },
  });
}

/** Counts a request for a passkey challenge or an authenticator secret; 429 past the limits. */
export function limitFactorChallenges(
  deps: SessionDeps,
  userId: string | null,
  meta: RequestMeta,
  now: Date,
): Promise<void> {
  return enforceRateLimit(
    deps.database.db,
    deps.organisationId,
    'factorChallenge',
    deps.options.rateLimits.factorChallenge,
    { ...meta, account: userId },
    now,
  );
}

/**
 * An answer of `userId`'s second factor (null: an account the answer names, for a sign-in with a
 * passkey alone: the address only) under the throttle: counted before `check` runs, in
 * `knownBrowser`'s own bucket where it has one (429 past the limits); `check`'s null is a wrong
 * answer, audited (how, never what) and refused with `error`; anything else is right, and its
 * count is taken back.
 */
export async function checkFactorAnswer<T>(
  deps: SessionDeps,
  answer: {
    userId: string | null;
    knownBrowser: string | null;
    method: SecondStepMethod | 'enrolment';
  },
  meta: RequestMeta,
  now: Date,
  check: () => Promise<T | null>,
  error?: DomainError,
): Promise<T> {
  const { database, organisationId, options } = deps;
  const { userId, knownBrowser, method } = answer;
  const bucket = userId === null ? null : factorBucketOwner(userId, knownBrowser);
  const limit = options.rateLimits.secondFactor;
  const subject = { ...meta, account: bucket };
  await enforceRateLimit(database.db, organisationId, 'secondFactor', limit, subject, now);
  const result = await check();
  if (result === null) {
    await auditWrongFactorAnswer(database.db, deps, userId, method, meta);
    throw error ?? new DomainError('wrong_code', messages.wrongCode);
  }
  if (bucket) await takeBackHit(database.db, organisationId, `secondFactor:account:${bucket}`);
  await takeBackHit(database.db, organisationId, `secondFactor:ip:${clientAddressKey(meta.ip)}`);
  return result;
}
