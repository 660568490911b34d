import type { SecondStep } from '@coach/api';
import { type SessionProof, signInFactorLimits, signInFactorMessages } from '@coach/domain';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { recordAudit } from '../../../audit.ts';
import type { Database, Transaction } from '../../../db/index.ts';
import { schema } from '../../../db/index.ts';
import { sometimes } from '../../../db/sweep.ts';
import { DomainError } from '../../../domainError.ts';
import type { MailQueue } from '../../../mail/outbox.ts';
import type { SessionEndingTransaction } from '../liveSessions.ts';
import { setResetPassword } from '../passwordChange.ts';
import type { RequestMeta } from '../requestMeta.ts';
import { addSeconds, randomToken, sha256Hex } from '../secrets.ts';
import { issueTokens, type SessionDeps, type Tokens } from '../sessions.ts';
import { type AccountFactors, methodsOf } from './accountFactors.ts';

// A sign-in's second step: after a right password (or a password reset) of an account with a
// second factor, an opaque token of 5 minutes, single use, bound to the account, instead of tokens.

const steps = schema.secondSteps;
type Db = Database | Transaction;

const expired = () =>
  new DomainError('second_step_expired', signInFactorMessages.secondStepExpired);

/**
 * Starts a second step for `userId`, whose first step gave `proofs`; audited. A password reset's
 * step keeps the new password's hash (`newPasswordHash`): it is set, and the account's sessions
 * end, only once the step is passed (the mailbox alone changes nothing, issue 64).
 */
export async function startSecondStep(
  db: Db,
  deps: SessionDeps,
  user: { id: string; email: string },
  proofs: SessionProof[],
  factors: AccountFactors,
  meta: RequestMeta,
  now: Date,
  newPasswordHash: string | null = null,
): Promise<SecondStep> {
  const token = randomToken();
  const expiresAt = addSeconds(now, signInFactorLimits.secondStepSeconds);
  await db.insert(steps).values({
    tokenHash: sha256Hex(token),
    organisationId: deps.organisationId,
    userId: user.id,
    proofs,
    newPasswordHash,
    createdAt: now,
    expiresAt,
  });
  await recordAudit(db, {
    organisationId: deps.organisationId,
    action: 'second_step_started',
    actorUserId: user.id,
    subject: user.email,
    ip: meta.ip,
    requestId: meta.requestId,
    outcome: 'success',
    details: { proofs },
  });
  // Now and then, the steps over for a day go.
  await sometimes(() =>
    db
      .delete(steps)
      .where(
        and(
          eq(steps.organisationId, deps.organisationId),
          lt(steps.expiresAt, addSeconds(now, -86_400)),
        ),
      ),
  );
  return {
    secondStep: { token, expiresAt: expiresAt.toISOString(), methods: methodsOf(factors) },
  };
}

/** The condition of `token`'s step being live: unused and not over. */
const liveStep = (deps: SessionDeps, token: string, now: Date) =>
  and(
    eq(steps.organisationId, deps.organisationId),
    eq(steps.tokenHash, sha256Hex(token)),
    isNull(steps.usedAt),
    gt(steps.expiresAt, now),
  );

/** The live (unused, not over) step of `token`; 401 `second_step_expired` otherwise. */
export async function liveSecondStep(deps: SessionDeps, token: string, now: Date) {
  const [step] = await deps.database.db
    .select()
    .from(steps)
    .where(liveStep(deps, token, now))
    .limit(1);
  if (!step) throw expired();
  return step;
}

/**
 * Ends the second step of `token` with `proof` in `tx`: the step is used (a parallel use of it
 * loses: 401), a reset's new password is set with every session of the account ended and the
 * owner told, a session starts with the first step's proofs and this one, its second factor used
 * now, and the sign-in is audited.
 */
export async function passSecondStep(
  tx: SessionEndingTransaction,
  deps: SessionDeps,
  mail: MailQueue,
  token: string,
  proof: SessionProof,
  meta: RequestMeta,
  now: Date,
): Promise<Tokens> {
  const [step] = await tx
    .update(steps)
    .set({ usedAt: now })
    .where(liveStep(deps, token, now))
    .returning();
  if (!step) throw expired();
  if (step.newPasswordHash !== null) {
    await setResetPassword(tx, deps, mail, step.userId, step.newPasswordHash, meta, now);
  }
  const proofs = [...step.proofs, proof];
  const issued = await issueTokens(tx, deps, step.userId, now, undefined, {
    proofs,
    secondFactorAt: now,
    passwordAt: step.proofs.includes('password') ? step.createdAt : null,
  });
  await recordAudit(tx, {
    organisationId: deps.organisationId,
    action: 'sign_in',
    actorUserId: step.userId,
    subject: step.userId,
    ip: meta.ip,
    requestId: meta.requestId,
    outcome: 'success',
    details: { sessionId: issued.familyId, proofs, browser: meta.browser ?? null },
  });
  return { accessToken: issued.accessToken, refreshToken: issued.refreshToken };
}
