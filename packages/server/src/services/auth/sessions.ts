import { messages, type SessionProof } from '@coach/domain';
import { and, eq, gt, isNull, ne, notExists, type SQL, sql } from 'drizzle-orm';
import { type AuditEntry, auditInsertSql, recordAudit } from '../../audit.ts';
import type { Database, DatabaseHandle, Transaction } from '../../db/index.ts';
import { schema } from '../../db/index.ts';
import { sometimes } from '../../db/sweep.ts';
import { DomainError } from '../../domainError.ts';
import type { AccessTokens } from '../../http/accessTokens.ts';
import {
  noticeSessionsEnded,
  type SessionEndingTransaction,
  sessionsEnding,
  transactionEndingSessions,
} from './liveSessions.ts';
import type { AuthOptions } from './options.ts';
import { enforceRateLimit } from './rateLimit.ts';
import type { RequestMeta } from './requestMeta.ts';
import { addSeconds, randomToken, sha256Hex } from './secrets.ts';

type Db = Database | Transaction;

export type Tokens = { accessToken: string; refreshToken: string };

/**
 * How a new session was authenticated (decision 73): its proofs, when a second factor was used in
 * it, and whether it may only enrol a second factor (REQUIRE_MFA).
 */
export type SessionStart = {
  proofs: SessionProof[];
  secondFactorAt?: Date | null;
  /** When the password was entered (default: now when `proofs` has it, else never). */
  passwordAt?: Date | null;
  mustEnrol?: boolean;
};

/** When the session's password was entered, as `start` says. */
function passwordAtOf(start: SessionStart, now: Date): Date | null {
  if (start.passwordAt !== undefined) return start.passwordAt;
  return start.proofs.includes('password') ? now : null;
}

/** What the session functions need from the service. */
export type SessionDeps = {
  database: DatabaseHandle;
  /** The app's address, for the links of the mails (a security notice's 'it was not me'). */
  appUrl: string;
  organisationId: string;
  accessTokens: AccessTokens;
  options: AuthOptions;
};

const invalidRefreshToken = () => new DomainError('invalid_refresh_token', messages.sessionExpired);

/**
 * Issues an access token and a refresh token. Without `family`, a new session (a new family,
 * with its absolute expiry) starts, authenticated as `start` says (a password alone by default);
 * with it, the token joins that family. Only the refresh token's SHA-256 is stored.
 */
export async function issueTokens(
  db: Db,
  deps: SessionDeps,
  userId: string,
  now: Date,
  family?: { id: string; expiresAt: Date },
  start: SessionStart = { proofs: ['password'] },
): Promise<Tokens & { id: string; familyId: string }> {
  const familyId = family?.id ?? crypto.randomUUID();
  const familyExpiresAt = family?.expiresAt ?? addSeconds(now, deps.options.refreshAbsoluteSeconds);
  const idleExpiry = addSeconds(now, deps.options.refreshIdleSeconds);
  const refreshToken = randomToken();
  const [row] = await db
    .insert(schema.refreshTokens)
    .values({
      organisationId: deps.organisationId,
      userId,
      familyId,
      tokenHash: sha256Hex(refreshToken),
      createdAt: now,
      expiresAt: new Date(Math.min(idleExpiry.getTime(), familyExpiresAt.getTime())),
      familyExpiresAt,
    })
    .returning({ id: schema.refreshTokens.id });
  if (!row) throw new Error('refresh token insert returned nothing');
  if (!family) {
    await db.insert(schema.sessionFactors).values({
      sessionId: familyId,
      organisationId: deps.organisationId,
      userId,
      proofs: start.proofs,
      secondFactorAt: start.secondFactorAt ?? null,
      passwordAt: passwordAtOf(start, now),
      mustEnrol: start.mustEnrol ?? false,
      createdAt: now,
    });
    await sweepEndedSessionFactorsSometimes(db, deps.organisationId, now);
  }
  const accessToken = await deps.accessTokens.sign({
    userId,
    organisationId: deps.organisationId,
    sessionId: familyId,
  });
  return { accessToken, refreshToken, id: row.id, familyId };
}

/**
 * Starts a session as {@link issueTokens} does without a family (its first refresh token and its
 * factors) and writes `audit` (the sign-in's row) with it, in one statement: all of it is stored,
 * or none, without a transaction of four statements around it.
 */
export async function startAuditedSession(
  deps: SessionDeps,
  userId: string,
  now: Date,
  start: SessionStart,
  audit: (familyId: string) => AuditEntry,
): Promise<Tokens & { familyId: string }> {
  const { organisationId } = deps;
  const familyId = crypto.randomUUID();
  const familyExpiresAt = addSeconds(now, deps.options.refreshAbsoluteSeconds);
  const idleExpiry = addSeconds(now, deps.options.refreshIdleSeconds);
  const expiresAt = new Date(Math.min(idleExpiry.getTime(), familyExpiresAt.getTime()));
  const refreshToken = randomToken();
  const at = now.toISOString();
  await deps.database.db.execute(sql`
    with token as (
      insert into refresh_tokens
        (organisation_id, user_id, family_id, token_hash, created_at, expires_at, family_expires_at)
      values (${organisationId}::uuid, ${userId}::uuid, ${familyId}::uuid,
        ${sha256Hex(refreshToken)}, ${at}::timestamptz, ${expiresAt.toISOString()}::timestamptz,
        ${familyExpiresAt.toISOString()}::timestamptz)
    ),
    factors as (
      insert into session_factors
        (session_id, organisation_id, user_id, proofs, second_factor_at, password_at, must_enrol,
          created_at)
      values (${familyId}::uuid, ${organisationId}::uuid, ${userId}::uuid,
        ${JSON.stringify(start.proofs)}::jsonb,
        ${start.secondFactorAt?.toISOString() ?? null}::timestamptz,
        ${passwordAtOf(start, now)?.toISOString() ?? null}::timestamptz, ${start.mustEnrol ?? false},
        ${at}::timestamptz)
    )
    ${auditInsertSql(audit(familyId))}`);
  await sweepEndedSessionFactorsSometimes(deps.database.db, organisationId, now);
  const accessToken = await deps.accessTokens.sign({ userId, organisationId, sessionId: familyId });
  return { accessToken, refreshToken, familyId };
}

/** How long after its last refresh token expired a session's factors are kept (see below). */
const endedSessionFactorsKeptSeconds = 86_400;

/**
 * Now and then (`sometimes`, as the unanswered challenges and the old second steps go), drops
 * the factors of the organisation's sessions that have ended: every token revoked, or expired
 * for more than a day. An access token outlives its refresh token by its own few minutes and
 * still reads its session's REQUIRE_MFA flag, hence the day.
 */
export async function sweepEndedSessionFactorsSometimes(
  db: Db,
  organisationId: string,
  now: Date,
  draw?: number,
): Promise<void> {
  const { sessionFactors: factors, refreshTokens: tokens } = schema;
  const liveToken = db
    .select({ id: tokens.id })
    .from(tokens)
    .where(
      and(
        eq(tokens.familyId, factors.sessionId),
        isNull(tokens.revokedAt),
        gt(tokens.expiresAt, addSeconds(now, -endedSessionFactorsKeptSeconds)),
      ),
    );
  await sometimes(
    () =>
      db
        .delete(factors)
        .where(and(eq(factors.organisationId, organisationId), notExists(liveToken))),
    draw,
  );
}

/**
 * Revokes every live token of one session. Its access tokens are refused from then on too
 * (`liveSessionsOf(...).isLive`).
 */
export function revokeFamily(
  db: SessionEndingTransaction,
  organisationId: string,
  familyId: string,
  reason: string,
  now: Date,
  meta?: RequestMeta,
): Promise<number> {
  return revokeLiveTokens(
    db,
    organisationId,
    eq(schema.refreshTokens.familyId, familyId),
    reason,
    now,
    meta,
  );
}

/**
 * Revokes every session of a user (after a password reset), their access tokens with them, but
 * `exceptSessionId` when given (the owner ending every other session). Pass `meta` to have the
 * request's address in the audit rows. Answers how many sessions ended.
 */
export function revokeAllSessionsOfUser(
  db: SessionEndingTransaction,
  organisationId: string,
  userId: string,
  reason: string,
  now: Date,
  meta?: RequestMeta,
  exceptSessionId?: string,
): Promise<number> {
  return revokeLiveTokens(
    db,
    organisationId,
    and(
      eq(schema.refreshTokens.userId, userId),
      exceptSessionId === undefined
        ? undefined
        : ne(schema.refreshTokens.familyId, exceptSessionId),
    ),
    reason,
    now,
    meta,
  );
}

/** Revokes the live tokens `which` selects and audits each session that ends with them. */
async function revokeLiveTokens(
  db: SessionEndingTransaction,
  organisationId: string,
  which: SQL | undefined,
  reason: string,
  now: Date,
  meta?: RequestMeta,
): Promise<number> {
  sessionsEnding(db);
  const revoked = await db
    .update(schema.refreshTokens)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(schema.refreshTokens.organisationId, organisationId),
        which,
        isNull(schema.refreshTokens.revokedAt),
      ),
    )
    .returning({ familyId: schema.refreshTokens.familyId, userId: schema.refreshTokens.userId });
  const ended = new Map(revoked.map((row) => [row.familyId, row.userId]));
  await noticeSessionsEnded(
    db,
    [...ended].map(([sessionId, userId]) => ({ userId, sessionId })),
  );
  for (const [familyId, userId] of ended) {
    await recordAudit(db, {
      organisationId,
      action: 'session_ended',
      actorUserId: userId,
      subject: familyId,
      ip: meta?.ip ?? null,
      requestId: meta?.requestId ?? null,
      outcome: 'success',
      details: { reason },
    });
  }
  return ended.size;
}

/** The user a refresh token belongs to, for the per-account rate limit (no lock, no checks). */
async function userOfRefreshToken(
  deps: SessionDeps,
  refreshToken: string,
): Promise<string | undefined> {
  const [row] = await deps.database.db
    .select({ userId: schema.refreshTokens.userId })
    .from(schema.refreshTokens)
    .where(
      and(
        eq(schema.refreshTokens.organisationId, deps.organisationId),
        eq(schema.refreshTokens.tokenHash, sha256Hex(refreshToken)),
      ),
    )
    .limit(1);
  return row?.userId;
}

/**
 * Rotates `refreshToken` in one statement when it is live and was never rotated: the row is
 * marked rotated and its successor in the same family inserted (never past the family's absolute
 * expiry), as the transaction of {@link refreshSession} does. Answers the new tokens, or null when
 * the token is unknown, revoked, expired or already rotated (that transaction decides then).
 * The update takes the row's lock: a parallel refresh of the same token waits, then finds it
 * rotated and takes the transaction's way.
 */
async function rotateLiveToken(
  deps: SessionDeps,
  refreshToken: string,
  now: Date,
): Promise<Tokens | null> {
  const nextId = crypto.randomUUID();
  const nextToken = randomToken();
  const at = now.toISOString();
  const idleExpiry = addSeconds(now, deps.options.refreshIdleSeconds).toISOString();
  const result = await deps.database.db.execute<{ user_id: string; family_id: string }>(sql`
    with rotated as (
      update refresh_tokens set rotated_at = ${at}::timestamptz, replaced_by_id = ${nextId}::uuid
      where organisation_id = ${deps.organisationId}::uuid
        and token_hash = ${sha256Hex(refreshToken)}
        and revoked_at is null and rotated_at is null
        and expires_at > ${at}::timestamptz and family_expires_at > ${at}::timestamptz
      returning user_id, family_id, family_expires_at
    ),
    successor as (
      insert into refresh_tokens
        (id, organisation_id, user_id, family_id, token_hash, created_at, expires_at,
          family_expires_at)
      select ${nextId}::uuid, ${deps.organisationId}::uuid, user_id, family_id,
        ${sha256Hex(nextToken)}, ${at}::timestamptz,
        least(${idleExpiry}::timestamptz, family_expires_at), family_expires_at
      from rotated
    )
    select user_id, family_id from rotated`);
  const [row] = result.rows;
  if (!row) return null;
  const accessToken = await deps.accessTokens.sign({
    userId: row.user_id,
    organisationId: deps.organisationId,
    sessionId: row.family_id,
  });
  return { accessToken, refreshToken: nextToken };
}

/**
 * Exchanges a refresh token for new tokens; the old one is rotated (unusable from now on).
 *
 * A live token that was never rotated (nearly every refresh) is rotated in one statement
 * ({@link rotateLiveToken}). Any other goes through a transaction that locks its row (`FOR
 * UPDATE`) for the whole exchange. Either way two parallel refreshes of one token are serialised
 * by the row's lock: the first rotates it, the second sees it rotated.
 *
 * Rotated token presented again:
 * - once within `refreshReuseGraceSeconds` of its rotation (the same token sent twice at once by
 *   two tabs without a shared lock), the session continues: one extra successor of the same
 *   family is issued and remembered (`grace_successor_id`). Answering 401 instead would sign the
 *   second tab, and through the shared storage the first, out.
 * - any other time (a third presentation within the grace, or any after it): that is token theft
 *   or a replay; the whole family (its successors too) is revoked, an audit row
 *   'refresh_token_reuse' is written, and the answer is 401. So a stolen token replayed in
 *   parallel yields at most one successor before the session ends for everyone.
 *
 * Unknown, revoked, idle-expired (`refreshIdleSeconds`) or past the family's absolute expiry:
 * 401 `invalid_refresh_token`.
 */
export async function refreshSession(
  deps: SessionDeps,
  refreshToken: string,
  meta: RequestMeta,
): Promise<Tokens> {
  const now = deps.options.now();
  const userId = await userOfRefreshToken(deps, refreshToken);
  await enforceRateLimit(
    deps.database.db,
    deps.organisationId,
    'refresh',
    deps.options.rateLimits.refresh,
    { ...meta, account: userId ?? null },
    now,
  );
  const rotated = await rotateLiveToken(deps, refreshToken, now);
  if (rotated) return rotated;
  const outcome = await transactionEndingSessions(deps.database, async (tx) => {
    const [row] = await tx
      .select()
      .from(schema.refreshTokens)
      .where(
        and(
          eq(schema.refreshTokens.organisationId, deps.organisationId),
          eq(schema.refreshTokens.tokenHash, sha256Hex(refreshToken)),
        ),
      )
      .for('update');
    if (!row || row.revokedAt) return null;
    if (now >= row.familyExpiresAt || now >= row.expiresAt) return null;
    const family = { id: row.familyId, expiresAt: row.familyExpiresAt };
    if (row.rotatedAt) {
      const graceEnds = addSeconds(row.rotatedAt, deps.options.refreshReuseGraceSeconds);
      if (now <= graceEnds && !row.graceSuccessorId) {
        const extra = await issueTokens(tx, deps, row.userId, now, family);
        await tx
          .update(schema.refreshTokens)
          .set({ graceSuccessorId: extra.id })
          .where(eq(schema.refreshTokens.id, row.id));
        return extra;
      }
      await revokeFamily(tx, deps.organisationId, row.familyId, 'reuse', now, meta);
      await recordAudit(tx, {
        organisationId: deps.organisationId,
        action: 'refresh_token_reuse',
        actorUserId: row.userId,
        subject: row.familyId,
        ip: meta.ip,
        requestId: meta.requestId,
        outcome: 'refused',
        details: {
          tokenId: row.id,
          rotatedAt: row.rotatedAt.toISOString(),
          isWithinGrace: now <= graceEnds,
        },
      });
      return null;
    }
    const next = await issueTokens(tx, deps, row.userId, now, family);
    await tx
      .update(schema.refreshTokens)
      .set({ rotatedAt: now, replacedById: next.id })
      .where(eq(schema.refreshTokens.id, row.id));
    return next;
  });
  if (!outcome) throw invalidRefreshToken();
  return { accessToken: outcome.accessToken, refreshToken: outcome.refreshToken };
}

/**
 * Signs out: revokes the session of the refresh token and, when the caller's access token was
 * valid, the session it was issued for; the access tokens of both stop working at once. Each
 * sign-out of a known user is audited. Unknown or already revoked tokens are fine (idempotent).
 */
export async function logout(
  deps: SessionDeps,
  input: { refreshToken?: string; session?: { userId: string; sessionId: string } | null },
  meta: RequestMeta,
): Promise<void> {
  const now = deps.options.now();
  const { organisationId } = deps;
  await transactionEndingSessions(deps.database, async (tx) => {
    // Session id -> its user.
    const sessions = new Map<string, string>();
    if (input.refreshToken) {
      const [row] = await tx
        .select({ familyId: schema.refreshTokens.familyId, userId: schema.refreshTokens.userId })
        .from(schema.refreshTokens)
        .where(
          and(
            eq(schema.refreshTokens.organisationId, organisationId),
            eq(schema.refreshTokens.tokenHash, sha256Hex(input.refreshToken)),
          ),
        )
        .limit(1);
      if (row) sessions.set(row.familyId, row.userId);
    }
    if (input.session) sessions.set(input.session.sessionId, input.session.userId);
    for (const [familyId, userId] of sessions) {
      await revokeLiveTokens(
        tx,
        organisationId,
        and(eq(schema.refreshTokens.familyId, familyId), eq(schema.refreshTokens.userId, userId)),
        'logout',
        now,
        meta,
      );
      await recordAudit(tx, {
        organisationId,
        action: 'sign_out',
        actorUserId: userId,
        subject: familyId,
        ip: meta.ip,
        requestId: meta.requestId,
        outcome: 'success',
      });
    }
  });
}
