import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit.ts';
import { normalizeEmail, schema } from '../../db/index.ts';
import type { MailMessage } from '../context.ts';
import { AuthError } from './errors.ts';
import { hashPassword } from './passwords.ts';
import { enforceRateLimit } from './rateLimit.ts';
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

const wrongCode = () => new AuthError('wrong_code', 'Wrong code');

/** Six digits from the CSPRNG, leading zeros kept. */
export function newResetCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The stored form of a code: HMAC-SHA-256 under the server's key, bound to the user. */
function codeDigest(deps: SessionDeps, userId: string, code: string): string {
  return hmacHex(deps.options.codeSecret, `${userId}:${code}`);
}

/**
 * Mails a reset code when the email belongs to an account. Answers the same, and does about the
 * same work (a code is drawn and hashed, an audit row written, the mail is handed off without
 * waiting for SMTP), whether the account exists or not: no enumeration by answer or by time.
 * A new code voids the previous one.
 */
export async function requestPasswordReset(
  deps: SessionDeps,
  input: { email: string },
  meta: RequestMeta,
  deliver: (message: MailMessage) => void,
): Promise<void> {
  const now = deps.options.now();
  const email = normalizeEmail(input.email);
  const { database, organisationId, options } = deps;
  await enforceRateLimit(
    database.db,
    organisationId,
    'resetRequest',
    options.rateLimits.resetRequest,
    { ip: meta.ip, account: email },
    now,
  );
  const code = newResetCode();
  const user = await findUserByEmail(database.db, organisationId, email);
  const codeHash = codeDigest(deps, user?.id ?? 'unknown', code);
  if (!user) {
    await recordAudit(database.db, {
      organisationId,
      action: 'password_reset_requested',
      subject: email,
      ip: meta.ip,
      requestId: meta.requestId,
      details: { isKnownAccount: false },
    });
    return;
  }
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
      codeHash,
      createdAt: now,
      expiresAt: addSeconds(now, options.resetCodeTtlSeconds),
    });
    await recordAudit(tx, {
      organisationId,
      action: 'password_reset_requested',
      actorUserId: user.id,
      subject: email,
      ip: meta.ip,
      requestId: meta.requestId,
      details: { isKnownAccount: true },
    });
  });
  const minutes = Math.round(options.resetCodeTtlSeconds / 60);
  deliver({
    to: user.email,
    subject: 'Your Coach password reset code',
    text:
      `Your password reset code is ${code}\n\n` +
      `It is valid for ${minutes} minutes and can be used once. ` +
      'If you did not ask to reset your password, ignore this mail.',
  });
}

/**
 * Checks a code. Every try first takes one attempt in a single atomic UPDATE
 * (`failed_attempts + 1 ... WHERE failed_attempts < max`), so parallel guesses can never exceed
 * the limit; a right code gives its attempt back. At the limit the code is void.
 */
async function checkCode(
  deps: SessionDeps,
  email: string,
  code: string,
): Promise<{ userId: string; codeId: string } | null> {
  const now = deps.options.now();
  const { db } = deps.database;
  const user = await findUserByEmail(db, deps.organisationId, email);
  const digest = codeDigest(deps, user?.id ?? 'unknown', code);
  if (!user) return null;
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
  if (!row) return null;
  if (sameDigest(digest, row.codeHash)) {
    await db
      .update(codes)
      .set({ failedAttempts: sql`greatest(${codes.failedAttempts} - 1, 0)` })
      .where(eq(codes.id, row.id));
    return { userId: user.id, codeId: row.id };
  }
  if (row.failedAttempts >= max) {
    await db
      .update(codes)
      .set({ voidedAt: now })
      .where(and(eq(codes.id, row.id), isNull(codes.voidedAt)));
  }
  return null;
}

async function limitCodeChecks(deps: SessionDeps, email: string, meta: RequestMeta) {
  await enforceRateLimit(
    deps.database.db,
    deps.organisationId,
    'verifyCode',
    deps.options.rateLimits.verifyCode,
    { ip: meta.ip, account: email },
    deps.options.now(),
  );
}

/** Whether a reset code is right, without using it; a wrong one counts as a try. */
export async function verifyResetCode(
  deps: SessionDeps,
  input: { email: string; resetPasswordCode: string },
  meta: RequestMeta,
): Promise<void> {
  const email = normalizeEmail(input.email);
  await limitCodeChecks(deps, email, meta);
  if (!(await checkCode(deps, email, input.resetPasswordCode))) throw wrongCode();
}

/**
 * Sets a new password with a reset code: the code is used up (once only), every session of the
 * user is revoked, and a fresh session starts.
 */
export async function resetPassword(
  deps: SessionDeps,
  input: { email: string; password: string; resetPasswordCode: string },
  meta: RequestMeta,
): Promise<Tokens> {
  const email = normalizeEmail(input.email);
  await limitCodeChecks(deps, email, meta);
  const checked = await checkCode(deps, email, input.resetPasswordCode);
  if (!checked) throw wrongCode();
  const passwordHash = await hashPassword(input.password);
  const now = deps.options.now();
  const tokens = await deps.database.transaction(async (tx) => {
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
    await revokeAllSessionsOfUser(tx, deps.organisationId, checked.userId, 'password_reset', now);
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
