import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type AuditAction, recordAudit } from '../../audit.ts';
import { normalizeEmail, schema } from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import type { MailQueue } from '../../mail/outbox.ts';
import { transactionEndingSessions } from './liveSessions.ts';
import { hashPassword } from './passwords.ts';
import { enforceRateLimit, hitBucket, refuseThrottled } from './rateLimit.ts';
import { addSeconds, hmacHex, sameDigest } from './secrets.ts';
import {
  issueTokens,
  type RequestMeta,
  revokeAllSessionsOfUser,
  type SessionDeps,
  type Tokens,
} from './sessions.ts';
import { findUserByEmail } from './users.ts';

const codes = schema.passwordResetCodes;

const wrongCode = () => new DomainError('wrong_code', 'Wrong code');

/** Six digits from the CSPRNG, leading zeros kept. */
export function newResetCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The stored form of a code: HMAC-SHA-256 under the server's key, bound to the user. */
function codeDigest(deps: SessionDeps, userId: string, code: string): string {
  return hmacHex(deps.options.codeSecret, `${userId}:${code}`);
}

/** Runs work once the answer has gone out. */
export type AfterAnswer = (work: () => Promise<void>) => void;

/**
 * Asks for a reset code. Only the rate limit (the same for every address) runs before the
 * answer; the account lookup, the code and the mail come after it, through `afterAnswer`, so
 * known and unknown addresses get the same answer in the same time: no enumeration by either.
 */
export async function requestPasswordReset(
  deps: SessionDeps,
  input: { email: string },
  meta: RequestMeta,
  mail: MailQueue,
  afterAnswer: AfterAnswer,
): Promise<void> {
  const email = normalizeEmail(input.email);
  await enforceRateLimit(
    deps.database.db,
    deps.organisationId,
    'resetRequest',
    deps.options.rateLimits.resetRequest,
    { ...meta, account: email },
    deps.options.now(),
  );
  afterAnswer(() => issueResetCode(deps, email, meta, mail));
}

/**
 * Mails a new code when `email` has an account (voiding the previous one); audits either way. The
 * code and its mail are stored in one transaction (the outbox sends it), so neither is ever
 * stored without the other.
 */
async function issueResetCode(
  deps: SessionDeps,
  email: string,
  meta: RequestMeta,
  mail: MailQueue,
): Promise<void> {
  const now = deps.options.now();
  const { database, organisationId, options } = deps;
  const user = await findUserByEmail(database.db, organisationId, email);
  const requested = {
    organisationId,
    action: 'password_reset_requested' as const,
    actorUserId: user?.id ?? null,
    subject: email,
    ip: meta.ip,
    requestId: meta.requestId,
    outcome: user ? ('success' as const) : ('failure' as const),
    details: { isKnownAccount: Boolean(user) },
  };
  if (!user) {
    await recordAudit(database.db, requested);
    return;
  }
  const code = newResetCode();
  await database.transaction(async (tx) => {
    // Serialises parallel requests of one user: only one live code may exist (unique index).
    await tx
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.id, user.id))
      .for('update');
    await tx
      .update(codes)
      .set({ voidedAt: now })
      .where(and(eq(codes.userId, user.id), isNull(codes.usedAt), isNull(codes.voidedAt)));
    await tx.insert(codes).values({
      organisationId,
      userId: user.id,
      codeHash: codeDigest(deps, user.id, code),
      createdAt: now,
      expiresAt: addSeconds(now, options.resetCodeTtlSeconds),
    });
    await recordAudit(tx, requested);
    const minutes = Math.round(options.resetCodeTtlSeconds / 60);
    await mail.add(tx, {
      to: user.email,
      subject: 'Your Coach password reset code',
      text:
        `Your password reset code is ${code}\n\n` +
        `It is valid for ${minutes} minutes and can be used once. ` +
        'If you did not ask to reset your password, ignore this mail.',
    });
  });
  mail.wake();
}

type CheckedCode = { userId: string; codeId: string };

/**
 * Checks a code. Every try first takes one attempt in a single atomic UPDATE
 * (`failed_attempts + 1 ... WHERE failed_attempts < max`), so parallel guesses can never exceed
 * the limit; a right code gives its attempt back. At the limit the code is void, and the one
 * request that voids it tells the owner by mail. Every wrong try is audited.
 */
async function checkCode(
  deps: SessionDeps,
  email: string,
  code: string,
  meta: RequestMeta,
  mail: MailQueue,
): Promise<CheckedCode | null> {
  const now = deps.options.now();
  const { database } = deps;
  const { db } = database;
  const user = await findUserByEmail(db, deps.organisationId, email);
  const digest = codeDigest(deps, user?.id ?? 'unknown', code);
  const audit = (action: AuditAction, details: Record<string, unknown>) =>
    recordAudit(db, {
      organisationId: deps.organisationId,
      action,
      actorUserId: user?.id ?? null,
      subject: email,
      ip: meta.ip,
      requestId: meta.requestId,
      outcome: 'failure',
      details,
    });
  if (!user) {
    await audit('password_reset_code_wrong', { reason: 'unknown_account' });
    return null;
  }
  const max = deps.options.resetCodeMaxAttempts;
  const [row] = await db
    .update(codes)
    .set({ failedAttempts: sql`${codes.failedAttempts} + 1` })
    .where(
      and(
        eq(codes.organisationId, deps.organisationId),
        eq(codes.userId, user.id),
        isNull(codes.usedAt),
        isNull(codes.voidedAt),
        gt(codes.expiresAt, now),
        lt(codes.failedAttempts, max),
      ),
    )
    .returning({ id: codes.id, codeHash: codes.codeHash, failedAttempts: codes.failedAttempts });
  if (!row) {
    await audit('password_reset_code_wrong', { reason: 'no_live_code' });
    return null;
  }
  if (sameDigest(digest, row.codeHash)) {
    await db
      .update(codes)
      .set({ failedAttempts: sql`greatest(${codes.failedAttempts} - 1, 0)` })
      .where(eq(codes.id, row.id));
    return { userId: user.id, codeId: row.id };
  }
  await audit('password_reset_code_wrong', {
    reason: 'wrong_code',
    codeId: row.id,
    failedAttempts: row.failedAttempts,
  });
  if (row.failedAttempts >= max) {
    // Of parallel wrong guesses, only the one that voids the code reports and mails.
    const isVoided = await database.transaction(async (tx) => {
      const [voided] = await tx
        .update(codes)
        .set({ voidedAt: now })
        .where(and(eq(codes.id, row.id), isNull(codes.voidedAt)))
        .returning({ id: codes.id });
      if (!voided) return false;
      await mail.add(tx, {
        to: user.email,
        subject: 'Wrong password reset codes for your Coach account',
        text:
          `Someone entered ${max} wrong password reset codes for your Coach account, so the ` +
          'code is no longer valid. Your password has not changed.\n\n' +
          'If it was you, ask for a new code. If it was not, you need do nothing, but tell your ' +
          'coach or the Coach team if it happens again.',
      });
      return true;
    });
    if (isVoided) {
      mail.wake();
      await audit('password_reset_code_voided', { codeId: row.id, failedAttempts: max });
    }
  }
  return null;
}

/**
 * Limits code checks per IP and per account, plus a daily ceiling per account
 * (`resetCodeDailyMaxChecks`): new codes restart the five tries of a code, the ceiling does not
 * restart, so slow guessing across many codes stays below one chance in a thousand a month.
 */
async function limitCodeChecks(deps: SessionDeps, email: string, meta: RequestMeta) {
  const { database, organisationId, options } = deps;
  const now = options.now();
  await enforceRateLimit(
    database.db,
    organisationId,
    'verifyCode',
    options.rateLimits.verifyCode,
    { ...meta, account: email },
    now,
  );
  const daily = await hitBucket(
    database.db,
    organisationId,
    `reset-daily:${email}`,
    { max: options.resetCodeDailyMaxChecks, windowSeconds: 24 * 60 * 60 },
    now,
  );
  if (daily.isLimited) {
    const { retryAfterSeconds } = daily;
    const throttled = { action: 'resetCodeDaily', scope: 'account', account: email } as const;
    await refuseThrottled(database.db, organisationId, { ...throttled, retryAfterSeconds }, meta);
  }
}

/** Whether a reset code is right, without using it; a wrong one counts as a try. */
export async function verifyResetCode(
  deps: SessionDeps,
  input: { email: string; resetPasswordCode: string },
  meta: RequestMeta,
  mail: MailQueue,
): Promise<void> {
  const email = normalizeEmail(input.email);
  await limitCodeChecks(deps, email, meta);
  if (!(await checkCode(deps, email, input.resetPasswordCode, meta, mail))) throw wrongCode();
}

/**
 * Sets a new password with a reset code: the code is used up (once only), every session of the
 * user is revoked, and a fresh session starts.
 */
export async function resetPassword(
  deps: SessionDeps,
  input: { email: string; password: string; resetPasswordCode: string },
  meta: RequestMeta,
  mail: MailQueue,
): Promise<Tokens> {
  const email = normalizeEmail(input.email);
  await limitCodeChecks(deps, email, meta);
  const checked = await checkCode(deps, email, input.resetPasswordCode, meta, mail);
  if (!checked) throw wrongCode();
  const passwordHash = await hashPassword(input.password);
  const now = deps.options.now();
  const tokens = await transactionEndingSessions(deps.database, async (tx) => {
    const [used] = await tx
      .update(codes)
      .set({ usedAt: now })
      .where(
        and(
          eq(codes.id, checked.codeId),
          isNull(codes.usedAt),
          isNull(codes.voidedAt),
          gt(codes.expiresAt, now),
        ),
      )
      .returning({ id: codes.id });
    // A parallel reset used it first.
    if (!used) throw wrongCode();
    await tx
      .update(schema.users)
      .set({ passwordHash, passwordChangedAt: now })
      .where(eq(schema.users.id, checked.userId));
    // With the request's address and id in each `session_ended` row, like a logout's.
    await revokeAllSessionsOfUser(
      tx,
      deps.organisationId,
      checked.userId,
      'password_reset',
      now,
      meta,
    );
    const issued = await issueTokens(tx, deps, checked.userId, now);
    await recordAudit(tx, {
      organisationId: deps.organisationId,
      action: 'password_reset',
      actorUserId: checked.userId,
      subject: email,
      ip: meta.ip,
      requestId: meta.requestId,
    });
    return issued;
  });
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}
