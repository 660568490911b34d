import { signInFactorMessages } from '@coach/domain';
import { recordAudit } from '../../../audit.ts';
import type { AuditAction } from '../../../db/auditActions.ts';
import type { Transaction } from '../../../db/index.ts';
import { DomainError } from '../../../domainError.ts';
import type { AuthRouteDeps, CoachCall } from '../routeDeps.ts';
import { queueSecurityNotice, type SecurityNoticeKind } from '../securityNotices.ts';
import { factorsOf, hasSecondFactor, lockAccount, requireRecentProof } from './accountFactors.ts';

// Every change of a coach's sign-in factors is audited and told to the owner (issue 64), in the
// change's own transaction.

/** The changes of the factors, each with its audit row's action (the owner's notice is named so). */
const actionOf = {
  passkeyAdded: 'passkey_added',
  passkeyRemoved: 'passkey_removed',
  authenticatorAdded: 'authenticator_added',
  authenticatorRemoved: 'authenticator_removed',
  recoveryCodesRegenerated: 'recovery_codes_regenerated',
} as const satisfies Partial<Record<SecurityNoticeKind, AuditAction>>;
type FactorChange = keyof typeof actionOf;

/** Records `change` of `subject` in `tx`; its notice is sent once `tx` commits (`mail.wake()`). */
export async function recordFactorChange(
  tx: Transaction,
  { deps, mail }: AuthRouteDeps,
  { caller, now, meta }: CoachCall,
  change: FactorChange,
  subject: string,
): Promise<void> {
  await recordAudit(tx, {
    organisationId: deps.organisationId,
    action: actionOf[change],
    actorUserId: caller.userId,
    subject,
    ip: meta.ip,
    requestId: meta.requestId,
    details: { browser: meta.browser ?? null },
  });
  const owner = { id: caller.userId, email: caller.email };
  await queueSecurityNotice(tx, deps, mail, owner, change, meta, now);
}

/**
 * Makes a change of the factors that needs recent proof (`work`) and records it, in one
 * transaction under the account's lock: one removal at a time per account, so the last factor is
 * kept whatever the concurrency.
 */
export async function lockedFactorChange<T>(
  auth: AuthRouteDeps,
  call: CoachCall,
  change: FactorChange,
  subject: string,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const result = await auth.deps.database.transaction(async (tx) => {
    await lockAccount(tx, call.caller.userId);
    await requireRecentProof(tx, call.caller, call.now);
    const done = await work(tx);
    await recordFactorChange(tx, auth, call, change, subject);
    return done;
  });
  auth.mail.wake();
  return result;
}

/** Refuses a removal that leaves no second factor where one is required (`last_second_factor`). */
export async function requireSecondFactorLeft(
  tx: Transaction,
  { deps }: AuthRouteDeps,
  userId: string,
): Promise<void> {
  if (deps.options.isSecondFactorRequired && !hasSecondFactor(await factorsOf(tx, userId))) {
    throw new DomainError('last_second_factor', signInFactorMessages.lastSecondFactor);
  }
}
