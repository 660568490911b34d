import {
  accountSecurityLimits,
  type SecondStepMethod,
  type SessionProof,
  signInFactorLimits,
  signInFactorMessages,
} from '@coach/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
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

/** Until when a proof given at `at` counts as recent (5 minutes); null: not now. */
function recentUntil(at: Date | null | undefined, seconds: number, now: Date): Date | null {
  if (!at) return null;
  const until = addSeconds(at, seconds);
  return until > now ? until : null;
}

/**
 * Refuses a sensitive change unless this session proved it is its owner's lately (issue 64):
 * adding or removing a factor, new recovery codes, turning codes off, the password or the email.
 * An account with a second factor needs one used in this session in the last 5 minutes (403
 * `second_factor_needed`); one without needs the password entered in it in the last 5 minutes
 * (403 `password_needed`). Adding a factor is never itself that proof. In `tx` after
 * {@link lockAccount}, the check holds until the change commits.
 */
export async function requireRecentProof(
  db: Db,
  caller: { userId: string; sessionId: string },
  now: Date,
): Promise<void> {
  const [factors, session] = await Promise.all([
    factorsOf(db, caller.userId),
    sessionFactorsOf(db, caller.sessionId),
  ]);
  if (recentSecondFactorUntil(session?.secondFactorAt, now)) return;
  if (hasSecondFactor(factors)) {
    throw new DomainError('second_factor_needed', signInFactorMessages.secondFactorNeeded);
  }
  const seconds = accountSecurityLimits.recentPasswordSeconds;
  if (!recentUntil(session?.passwordAt, seconds, now)) {
    throw new DomainError('password_needed', signInFactorMessages.passwordNeeded);
  }
}

/**
 * Takes the account's row lock for the rest of `tx`: the changes of its factors run one at a
 * time, so two removals in parallel never both see the other's factor still there.
 */
export async function lockAccount(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId}::uuid for update`);
}

/**
 * Records in the session that `proof` was given now: a second factor starts the step-up's 5
 * minutes (and a session that had to enrol one no longer has to); the password, entered again,
 * starts its own 5 minutes (an account without a second factor adding one).
 */
export async function markProofGiven(
  db: Db,
  caller: { userId: string; sessionId: string; organisationId: string },
  proof: SessionProof,
  now: Date,
): Promise<void> {
  const given =
    proof === 'password' ? { passwordAt: now } : { secondFactorAt: now, mustEnrol: false };
  await db
    .insert(sessions)
    .values({
      sessionId: caller.sessionId,
      organisationId: caller.organisationId,
      userId: caller.userId,
      proofs: [proof],
      createdAt: now,
      ...given,
    })
    .onConflictDoUpdate({
      target: sessions.sessionId,
      set: {
        ...given,
        proofs: sql`case when ${sessions.proofs} @> ${JSON.stringify([proof])}::jsonb
          then ${sessions.proofs} else ${sessions.proofs} || ${JSON.stringify([proof])}::jsonb end`,
      },
      // Only the caller's own session.
      setWhere: eq(sessions.userId, caller.userId),
    });
}

/**
 * A factor was added in the session: a session that had to enrol one (REQUIRE_MFA) no longer
 * has to. Not a proof: the step-up's 5 minutes do not start (issue 64).
 */
export async function markEnrolled(db: Db, caller: { userId: string; sessionId: string }) {
  await db
    .update(sessions)
    .set({ mustEnrol: false })
    .where(and(eq(sessions.sessionId, caller.sessionId), eq(sessions.userId, caller.userId)));
}

/** The account's passkeys, oldest first. */
export function passkeysOf(db: Db, userId: string) {
  return db
    .select()
    .from(schema.passkeys)
    .where(eq(schema.passkeys.userId, userId))
    .orderBy(asc(schema.passkeys.createdAt), asc(schema.passkeys.id));
}

/** The account's authenticator app, confirmed or pending (one at most). */
export async function authenticatorOf(db: Db, userId: string) {
  const apps = schema.authenticatorApps;
  const [row] = await db.select().from(apps).where(eq(apps.userId, userId)).limit(1);
  return row;
}

/** The confirmed authenticator app of the account, if any. */
export async function confirmedAuthenticatorOf(db: Db, userId: string) {
  const row = await authenticatorOf(db, userId);
  return row?.confirmedAt ? row : undefined;
}

/** How many passkeys the account has (`count` for a limit check). */
export async function passkeyCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(schema.passkeys)
    .where(eq(schema.passkeys.userId, userId));
  return Number(row?.value ?? 0);
}
