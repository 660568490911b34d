import type { SecondStepMethod } from '@coach/domain';
import { messages } from '@coach/domain';
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
 * Counts an answer of `userId`'s second factor (null: an account the answer names, for a sign-in
 * with a passkey alone: the address only) before it is checked; 429 past the limits.
 */
export async function beginFactorAnswer(
  deps: SessionDeps,
  userId: string | null,
  meta: RequestMeta,
  now: Date,
): Promise<void> {
  await enforceRateLimit(
    deps.database.db,
    deps.organisationId,
    'secondFactor',
    deps.options.rateLimits.secondFactor,
    { ...meta, account: userId },
    now,
  );
}

/** A right answer: its count taken back from the buckets it was counted in. */
export async function rightFactorAnswer(
  deps: SessionDeps,
  userId: string | null,
  meta: RequestMeta,
): Promise<void> {
  const { db } = deps.database;
  if (userId) await takeBackHit(db, deps.organisationId, `secondFactor:account:${userId}`);
  await takeBackHit(db, deps.organisationId, `secondFactor:ip:${clientAddressKey(meta.ip)}`);
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

/** A wrong answer: audited (how, never what), then refused with `error`. */
export async function wrongFactorAnswer(
  deps: SessionDeps,
  userId: string | null,
  method: SecondStepMethod | 'enrolment',
  meta: RequestMeta,
  error: DomainError = new DomainError('wrong_code', messages.wrongCode),
): Promise<never> {
  await auditWrongFactorAnswer(deps.database.db, deps, userId, method, meta);
  throw error;
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
