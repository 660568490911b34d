import { messages, type SecondStepCodeMethod } from '@coach/domain';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { schema, type Transaction } from '../../../db/index.ts';
import { DomainError } from '../../../domainError.ts';
import type { MailQueue } from '../../../mail/outbox.ts';
import { refuseThrottled } from '../rateLimit.ts';
import type { RequestMeta } from '../requestMeta.ts';
import { queueSecurityNotice } from '../securityNotices.ts';
import type { SessionDeps } from '../sessions.ts';
import { confirmedAuthenticatorOf, lockAccount } from './accountFactors.ts';
import { auditWrongFactorAnswer, checkFactorAnswer } from './factorThrottle.ts';
import { type UseFactorCode, useRecoveryCode } from './recoveryCodes.ts';
import { openSecret } from './sealing.ts';
import { stepOfCode } from './totp.ts';

const apps = schema.authenticatorApps;

/**
 * Wrong app codes from browsers the account does not know, in any 365 days since its password
 * last changed: past this, such codes are refused unheard. With a code valid over three time
 * steps (one of drift either way), 31 tries at most a year give a guesser with the password at
 * most 31 x 3 / 10^6 = 9.3 x 10^-5 a year (decision 88).
 */
export const unknownBrowserWrongCodesMax = 30;

/** The counts of wrong codes from unknown browsers at which the owner is mailed a notice. */
const noticeAt = new Set([3, 10, 20, unknownBrowserWrongCodesMax]);

const yearSeconds = 365 * 24 * 60 * 60;

/**
 * Uses an app code of `userId`'s confirmed authenticator: true when it is a code of the secret
 * around `now` for a later time step than the last one used (kept, so no code works twice).
 */
const useAppCode: UseFactorCode = async (db, deps, userId, code, now) => {
  if (!/^[0-9]+$/.test(code)) return false;
  const app = await confirmedAuthenticatorOf(db, userId);
  if (!app) return false;
  const step = stepOfCode(openSecret(deps.options.factorKey, userId, app.secretSealed), code, now);
  if (step === null) return false;
  const used = await db
    .update(apps)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(apps.userId, userId),
        isNotNull(apps.confirmedAt),
        or(isNull(apps.lastUsedStep), lt(apps.lastUsedStep, step)),
      ),
    )
    .returning({ userId: apps.userId });
  return used.length > 0;
};

/**
 * The wrong app codes from unknown browsers on `userId` in the last 365 days since the password
 * last changed (the audit log's rows are the count), and when the oldest of them leaves the year.
 */
async function unknownBrowserWrongCodes(tx: Transaction, userId: string, now: Date) {
  const result = await tx.execute<{ wrong: number | string; oldest: string | Date | null }>(sql`
    select count(*) as wrong, min(audit_log.at) as oldest
    from audit_log, users
    where users.id = ${userId}::uuid
      and audit_log.actor_user_id = users.id
      and audit_log.action = 'second_factor_failed'
      and audit_log.details->>'method' = 'totp'
      and audit_log.details->>'isKnownBrowser' = 'false'
      and audit_log.at > greatest(users.password_changed_at,
        ${now.toISOString()}::timestamptz - make_interval(secs => ${yearSeconds}))`);
  const row = result.rows[0];
  const oldest = row?.oldest ? new Date(row.oldest) : now;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((oldest.getTime() + yearSeconds * 1000 - now.getTime()) / 1000),
  );
  return { wrong: Number(row?.wrong ?? 0), retryAfterSeconds };
}

/**
 * An app code from a browser the account does not know: under the account's row lock, refused
 * unheard past the year's budget (429), else checked, a wrong one audited in the same
 * transaction (the budget's count) and the owner told at the counts of `noticeAt`.
 */
async function useAppCodeFromUnknownBrowser(
  deps: SessionDeps,
  mail: MailQueue,
  userId: string,
  code: string,
  meta: RequestMeta,
  now: Date,
): Promise<'right' | 'wrong'> {
  const outcome = await deps.database.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const { wrong, retryAfterSeconds } = await unknownBrowserWrongCodes(tx, userId, now);
    if (wrong >= unknownBrowserWrongCodesMax) return { refusedFor: retryAfterSeconds };
    if (await useAppCode(tx, deps, userId, code, now)) return 'right' as const;
    await auditWrongFactorAnswer(tx, deps, userId, 'totp', meta, {
      isKnownBrowser: false,
      browser: meta.browser ?? null,
    });
    if (noticeAt.has(wrong + 1)) {
      const [owner] = await tx
        .select({ id: schema.users.id, email: schema.users.email })
        .from(schema.users)
        .where(eq(schema.users.id, userId));
      if (owner) {
        await queueSecurityNotice(
          tx,
          deps,
          mail,
          owner,
          'wrongSecondStepCodes',
          meta,
          now,
          wrong + 1,
        );
      }
    }
    return 'wrong' as const;
  });
  mail.wake();
  if (typeof outcome === 'object') {
    const refusal = {
      action: 'secondFactor' as const,
      scope: 'account' as const,
      account: userId,
      retryAfterSeconds: outcome.refusedFor,
      at: now,
    };
    return refuseThrottled(deps.database.db, deps.organisationId, refusal, meta);
  }
  return outcome;
}

/**
 * Checks (and uses up) a code of `userId`'s second factor under the throttle: an app code or a
 * recovery code. A wrong one is audited and refused (400 `wrong_code`); past the limits, 429. In
 * a browser known to the account (`knownBrowser`, its bucket's key) the answer counts in that
 * browser's own bucket; from any other, app codes also come under the year's budget.
 */
export async function useSecondFactorCode(
  deps: SessionDeps,
  mail: MailQueue,
  userId: string,
  method: SecondStepCodeMethod,
  code: string,
  meta: RequestMeta,
  now: Date,
  knownBrowser: string | null,
): Promise<void> {
  await checkFactorAnswer(deps, { userId, knownBrowser, method }, meta, now, async () => {
    if (method === 'totp' && knownBrowser === null) {
      // Audited in its own transaction, where the year's budget counts it.
      if ((await useAppCodeFromUnknownBrowser(deps, mail, userId, code, meta, now)) === 'wrong') {
        throw new DomainError('wrong_code', messages.wrongCode);
      }
      return true;
    }
    const isRight =
      method === 'totp'
        ? await useAppCode(deps.database.db, deps, userId, code, now)
        : await useRecoveryCode(deps.database.db, deps, userId, code, now);
    return isRight || null;
  });
}
