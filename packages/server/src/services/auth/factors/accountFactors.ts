import {
  type SecondStepMethod,
  type SessionProof,
  signInFactorLimits,
  signInFactorMessages,
} from '@coach/domain';
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/index.ts';
import { schema } from '../../../db/index.ts';
import { DomainError } from '../../../domainError.ts';
import { addSeconds } from '../secrets.ts';

type Db = Database | Transaction;

/** What second factors an account has. */
export type AccountFactors = {
  passkeys: number;
  hasAuthenticator: boolean;
  recoveryCodesLeft: number;
};

/** The account's second factors, counted. */
export async function factorsOf(db: Db, userId: string): Promise<AccountFactors> {
  const result = await db.execute<{
    passkeys: number;
    has_authenticator: boolean;
    recovery_codes_left: number;
  }>(sql`select
      (select count(*)::int from passkeys where user_id = ${userId}::uuid) as passkeys,
      exists (select 1 from authenticator_apps
        where user_id = ${userId}::uuid and confirmed_at is not null) as has_authenticator,
      (select count(*)::int from recovery_codes
        where user_id = ${userId}::uuid and used_at is null) as recovery_codes_left`);
  const row = result.rows[0];
  return {
    passkeys: Number(row?.passkeys ?? 0),
    hasAuthenticator: Boolean(row?.has_authenticator),
    recoveryCodesLeft: Number(row?.recovery_codes_left ?? 0),
  };
}

/** Whether the account has a second factor (a passkey or a confirmed authenticator app). */
export function hasSecondFactor(factors: AccountFactors): boolean {
  return factors.passkeys > 0 || factors.hasAuthenticator;
}

/** The ways a second step of the account can be passed. */
export function methodsOf(factors: AccountFactors): SecondStepMethod[] {
  return [
    ...(factors.passkeys > 0 ? (['passkey'] as const) : []),
    ...(factors.hasAuthenticator ? (['totp'] as const) : []),
    ...(factors.hasAuthenticator && factors.recoveryCodesLeft > 0 ? (['recovery'] as const) : []),
  ];
}

/** Whether the user is a coach (only coaches have second factors). */
export async function isCoach(db: Db, organisationId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ type: schema.persons.type })
    .from(schema.persons)
    .where(
      and(eq(schema.persons.userId, userId), eq(schema.persons.organisationId, organisationId)),
    )
    .limit(1);
  return row?.type === 'coach';
}

/** Refuses a caller who is not a coach: 403 `forbidden`. */
export async function requireCoach(db: Db, organisationId: string, userId: string) {
  if (!(await isCoach(db, organisationId, userId))) {
    throw new DomainError('forbidden', signInFactorMessages.onlyCoaches);
  }
}

const sessions = schema.sessionFactors;

/** The session's factors row (undefined for a session made before decision 73, or by a test). */
export async function sessionFactorsOf(db: Db, sessionId: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.sessionId, sessionId)).limit(1);
  return row;
}

/** Until when the session may do what needs a recent second factor; null: not now. */
export function recentSecondFactorUntil(
  secondFactorAt: Date | null | undefined,
  now: Date,
): Date | null {
  if (!secondFactorAt) return null;
  const until = addSeconds(secondFactorAt, signInFactorLimits.recentSecondFactorSeconds);
  return until > now ? until : null;
}

/**
 * Refuses (403 `second_factor_needed`) when the account has a second factor and this session used
 * none in the last 5 minutes: removing a factor, turning codes off, new recovery codes, and the
 * password or email changes ask for one (decision 73).
 */
export async function requireRecentSecondFactor(
  db: Db,
  caller: { userId: string; sessionId: string },
  now: Date,
): Promise<void> {
  if (!hasSecondFactor(await factorsOf(db, caller.userId))) return;
  const session = await sessionFactorsOf(db, caller.sessionId);
  if (!recentSecondFactorUntil(session?.secondFactorAt, now)) {
    throw new DomainError('second_factor_needed', signInFactorMessages.secondFactorNeeded);
  }
}

/**
 * Records in the session that a second factor was used now (`proof`): the step-up's 5 minutes
 * start, and a session that had to enrol one no longer has to.
 */
export async function markSecondFactorUsed(
  db: Db,
  caller: { userId: string; sessionId: string; organisationId: string },
  proof: SessionProof,
  now: Date,
): Promise<void> {
  await db
    .insert(sessions)
    .values({
      sessionId: caller.sessionId,
      organisationId: caller.organisationId,
      userId: caller.userId,
      proofs: [proof],
      secondFactorAt: now,
      mustEnrol: false,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: sessions.sessionId,
      set: {
        secondFactorAt: now,
        mustEnrol: false,
        proofs: sql`case when ${sessions.proofs} @> ${JSON.stringify([proof])}::jsonb
          then ${sessions.proofs} else ${sessions.proofs} || ${JSON.stringify([proof])}::jsonb end`,
      },
      // Only the caller's own session.
      setWhere: eq(sessions.userId, caller.userId),
    });
}

/** The account's passkeys, oldest first. */
export function passkeysOf(db: Db, userId: string) {
  return db
    .select()
    .from(schema.passkeys)
    .where(eq(schema.passkeys.userId, userId))
    .orderBy(asc(schema.passkeys.createdAt), asc(schema.passkeys.id));
}

/** The confirmed authenticator app of the account, if any. */
export async function confirmedAuthenticatorOf(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(schema.authenticatorApps)
    .where(
      and(
        eq(schema.authenticatorApps.userId, userId),
        isNotNull(schema.authenticatorApps.confirmedAt),
      ),
    )
    .limit(1);
  return row;
}

/** The pending (unconfirmed) authenticator app of the account, if any. */
export async function pendingAuthenticatorOf(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(schema.authenticatorApps)
    .where(
      and(
        eq(schema.authenticatorApps.userId, userId),
        isNull(schema.authenticatorApps.confirmedAt),
      ),
    )
    .limit(1);
  return row;
}

/** How many passkeys the account has (`count` for a limit check). */
export async function passkeyCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(schema.passkeys)
    .where(eq(schema.passkeys.userId, userId));
  return Number(row?.value ?? 0);
}
