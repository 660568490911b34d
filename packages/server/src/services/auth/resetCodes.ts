import { randomInt } from 'node:crypto';
import { messages } from '@coach/domain';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { recordAudit, recordRefusal } from '../../audit.ts';
import type { AuditAction } from '../../db/auditActions.ts';
import { normalizeEmail, schema } from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import type { MailQueue } from '../../mail/outbox.ts';
import { wordingOf } from '../../texts/serverTexts.ts';
import { clientAddressKey } from '../../http/clientAddress.ts';
import { transactionEndingSessions } from './liveSessions.ts';
import { clearAccountSignInLock } from './loginThrottle.ts';
import { hashPassword } from './passwords.ts';
import {
  enforceBucket,
  hitBucket,
  refuseThrottled,
  sweepIdleBucketsSometimes,
  takeBackHit,
} from './rateLimit.ts';
import type { RequestMeta } from './requestMeta.ts';
import { addSeconds, hmacHex, sameDigest } from './secrets.ts';
import { issueTokens, revokeAllSessionsOfUser, type SessionDeps, type Tokens } from './sessions.ts';
import { findUserByEmail, mailLanguageOfUser } from './users.ts';

const codes = schema.passwordResetCodes;

const wrongCode = () => new DomainError('wrong_code', messages.wrongCode);

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
 * Asks for a reset code. Only the rate limits (per address, and per email and address: a
 * stranger's requests never refuse the owner's) run before the answer; the account lookup, the
 * per-email ceiling of mails, the code and the mail come after it, through `afterAnswer`, so known
 * and unknown addresses get the same answer in the same time: no enumeration by either.
 */
export async function requestPasswordReset(
  deps: SessionDeps,
  input: { email: string },
  meta: RequestMeta,
  mail: MailQueue,
  afterAnswer: AfterAnswer,
): Promise<void> {
  const email = normalizeEmail(input.email);
  const now = deps.options.now();
  await limitPerAddressAndPair(deps, 'resetRequest', email, meta, now);
  afterAnswer(() => issueResetCode(deps, email, meta, mail));
}

/**
 * Counts an attempt of `action` against the caller's address (an IPv6 one by its /64) and the
 * (email, address) pair, refusing it (audited in aggregate) when either is over its limit:
 * `rateLimits[action].perIp` and `.perAccount` (counted per pair here).
 */
async function limitPerAddressAndPair(
  deps: SessionDeps,
  action: 'resetRequest' | 'verifyCode',
  email: string,
  meta: RequestMeta,
  now: Date,
): Promise<void> {
  const { database, organisationId, options } = deps;
  const address = clientAddressKey(meta.ip);
  const limits = options.rateLimits[action];
  const [byAddress, byPair] = await Promise.all([
    hitBucket(database.db, organisationId, `${action}:ip:${address}`, limits.perIp, now),
    hitBucket(database.db, organisationId, pairKey(action, address, email), limits.perAccount, now),
  ]);
  await sweepIdleBucketsSometimes(database.db, organisationId, now);
  const limited = byAddress.isLimited ? byAddress : byPair.isLimited ? byPair : null;
  if (limited) {
    const scope = byAddress.isLimited ? 'address' : 'pair';
    const { retryAfterSeconds } = limited;
    await refuseThrottled(
      database.db,
      organisationId,
      { action, scope, account: email, retryAfterSeconds, at: now },
      meta,
    );
  }
}

// '|' never occurs in an address key, so no two (address, email) pairs share a key.
const pairKey = (prefix: string, address: string, email: string) =>
  `${prefix}:pair:${address}|${email}`;
const wrongCodesKey = (email: string) => `reset-wrong:${email}`;
const day = 24 * 60 * 60;

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
  // Per email, whoever asks: a ceiling of code mails (no mail bombing from many addresses). Over
  // it, the last code mailed stays the live one; the request was answered alike anyway.
  const mails = await hitBucket(
    database.db,
    organisationId,
    `reset-mail:${email}`,
    options.resetCodeMailsPerAccount,
    now,
  );
  if (mails.isLimited) {
    await recordRefusal(
      database.db,
      {
        organisationId,
        limitedAction: 'resetRequest',
        scope: 'account',
        subject: email,
        ip: meta.ip,
        requestId: meta.requestId,
        retryAfterSeconds: mails.retryAfterSeconds,
        at: now,
      },
      clientAddressKey(meta.ip),
    );
    return;
  }
  const code = newResetCode();
  const { texts, fill, plural } = wordingOf(
    await mailLanguageOfUser(database.db, organisationId, user.id),
  );
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
      subject: texts.passwordReset.subject,
      text: [
        fill(texts.passwordReset.code, { code }),
        plural(texts.passwordReset.validity, minutes),
      ].join('\n\n'),
    });
  });
  mail.wake();
}

type CheckedCode = { userId: string; codeId: string };

/**
 * Checks a code (see `checkCode`) under the per-email ceiling of wrong codes: every check is
 * counted first (one atomic upsert, so parallel guesses cannot slip past it) and a right code
 * takes its count back, so only wrong codes stay counted. Over the ceiling, checks of every
 * address are refused until its day ends; the check that reaches it mails the owner, once.
 */
async function checkCodeUnderCeiling(
  deps: SessionDeps,
  email: string,
  code: string,
  meta: RequestMeta,
  mail: MailQueue,
): Promise<CheckedCode | null> {
  const { database, organisationId, options } = deps;
  const now = options.now();
  const limit = { max: options.resetCodeAccountDailyMaxWrong, windowSeconds: day };
  const key = wrongCodesKey(email);
  const refusal = { action: 'resetCodeDaily', scope: 'account', account: email } as const;
  const counted = await enforceBucket(database.db, organisationId, key, limit, refusal, meta, now);
  const checked = await checkCode(deps, email, code, meta, mail);
  if (checked) {
    await takeBackHit(database.db, organisationId, key);
    return checked;
  }
  if (counted.count === limit.max) await tellOwnerOfCeiling(deps, email, limit.max, now, mail);
  return null;
}

/** Mails the owner (when `email` has an account) that the ceiling of wrong codes tripped. */
async function tellOwnerOfCeiling(
  deps: SessionDeps,
  email: string,
  max: number,
  now: Date,
  mail: MailQueue,
): Promise<void> {
  const { database, organisationId } = deps;
  const user = await findUserByEmail(database.db, organisationId, email);
  if (!user) return;
  const language = await mailLanguageOfUser(database.db, organisationId, user.id);
  const { texts, fill } = wordingOf(language);
  const until = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(now.getTime() + day * 1000));
  await database.transaction(async (tx) => {
    await mail.add(tx, {
      to: user.email,
      subject: texts.passwordReset.guessedSubject,
      text: [
        fill(texts.passwordReset.guessed, { max }),
        fill(texts.passwordReset.guessedUntil, { until: `${until} UTC` }),
      ].join('\n\n'),
    });
  });
  mail.wake();
}

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
    const { texts, fill } = wordingOf(await mailLanguageOfUser(db, deps.organisationId, user.id));
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
        subject: texts.passwordReset.voidedSubject,
        text: [fill(texts.passwordReset.voided, { max }), texts.passwordReset.voidedAdvice].join(
          '\n\n',
        ),
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
 * Limits code checks per address and per (email, address) pair, in 15-minute windows and per day
 * (`resetCodeDailyMaxChecks` a pair); the per-email ceiling of wrong codes comes with the check
 * (`checkCodeUnderCeiling`). No limit but that ceiling is keyed by the email alone, so a
 * stranger's wrong codes never refuse the owner's own checks from another address; each code is
 * void after its 5 wrong tries, whoever made them, and a fresh code has fresh tries.
 */
async function limitCodeChecks(deps: SessionDeps, email: string, meta: RequestMeta) {
  const { database, organisationId, options } = deps;
  const now = options.now();
  await limitPerAddressAndPair(deps, 'verifyCode', email, meta, now);
  await enforceBucket(
    database.db,
    organisationId,
    pairKey('reset-daily', clientAddressKey(meta.ip), email),
    { max: options.resetCodeDailyMaxChecks, windowSeconds: day },
    { action: 'resetCodeDaily', scope: 'pair', account: email },
    meta,
    now,
  );
}

/**
 * Checks a reset code under the limits, without using it (a wrong one counts as a try), and
 * answers the email it was checked for with the code; refuses a wrong code.
 */
async function checkResetCode(
  deps: SessionDeps,
  input: { email: string; resetPasswordCode: string },
  meta: RequestMeta,
  mail: MailQueue,
): Promise<{ email: string; checked: CheckedCode }> {
  const email = normalizeEmail(input.email);
  await limitCodeChecks(deps, email, meta);
  const checked = await checkCodeUnderCeiling(deps, email, input.resetPasswordCode, meta, mail);
  if (!checked) throw wrongCode();
  return { email, checked };
}

/** Whether a reset code is right, without using it; a wrong one counts as a try. */
export async function verifyResetCode(
  deps: SessionDeps,
  input: { email: string; resetPasswordCode: string },
  meta: RequestMeta,
  mail: MailQueue,
): Promise<void> {
  await checkResetCode(deps, input, meta, mail);
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
  const { email, checked } = await checkResetCode(deps, input, meta, mail);
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
  // The owner proved they hold the mailbox: a stranger's sign-in failures no longer lock them out.
  await clearAccountSignInLock(deps.database, deps.organisationId, email);
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}
