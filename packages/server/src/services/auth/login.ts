import type { SecondStep } from '@coach/api';
import { messages, type SessionProof } from '@coach/domain';
import { recordAudit } from '../../audit.ts';
import { normalizeEmail } from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import type { MailQueue } from '../../mail/outbox.ts';
import { factorsOf, hasSecondFactor, isCoach } from './factors/accountFactors.ts';
import { startSecondStep } from './factors/secondSteps.ts';
import { beginSignInAttempt, clearSignInFailures } from './loginThrottle.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import type { RequestMeta } from './requestMeta.ts';
import { queueSecurityNotice } from './securityNotices.ts';
import { type SessionDeps, startAuditedSession, type Tokens } from './sessions.ts';
import { mailSignInCode, tellOwnerOfPasswordGuessing, useSignInCode } from './signInCodes.ts';
import { findUserByEmail } from './users.ts';

/** Tokens (and whose), or the second step an account with a second factor passes next. */
export type SignInAnswer =
  | { status: 200; body: Tokens; userId: string }
  | { status: 202; body: SecondStep };

/**
 * Signs in with email and password. An unknown email costs one argon2 verification too, and
 * gets the same answer (and the same throttling) as a wrong password. Throttled per (account,
 * client address) and per account, counting failures only (see `beginSignInAttempt`).
 *
 * Past the account's ceiling of failures, a sign-in needs the code mailed to the owner as well:
 * an attempt without one is answered `sign_in_code_required` whatever its password (a code is
 * mailed only when the password is right), and one with a code succeeds only when both are right,
 * else one answer for every failure. So nothing tells a guesser whether a password was right, and
 * the owner, who gets the code, is never kept out.
 *
 * An account with a second factor gets a second step (202) instead of tokens (decision 73); a
 * coach without one under REQUIRE_MFA, a session that may only enrol one.
 */
export async function signIn(
  deps: SessionDeps,
  input: { email: string; password: string; code?: string | undefined },
  meta: RequestMeta,
  mail: MailQueue,
): Promise<SignInAnswer> {
  const now = deps.options.now();
  const email = normalizeEmail(input.email);
  const { database, organisationId } = deps;
  const subject = { ...meta, account: email };
  const attempt = await beginSignInAttempt(
    database,
    organisationId,
    deps.options.loginThrottle,
    subject,
    now,
  );
  const user = await findUserByEmail(database.db, organisationId, email);
  const isValid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (user && attempt.reachedAccountCeiling) {
    await tellOwnerOfPasswordGuessing(deps, user, attempt.reachedAccountCeiling, mail);
  }
  const fail = async (reason: string, error: DomainError): Promise<never> => {
    await recordAudit(database.db, {
      organisationId,
      action: 'sign_in_failed',
      actorUserId: user?.id ?? null,
      subject: email,
      ip: meta.ip,
      requestId: meta.requestId,
      outcome: 'failure',
      details: { reason },
    });
    throw error;
  };
  const passwordReason = user ? 'wrong_password' : 'unknown_email';
  if (attempt.needsMailedCode) {
    if (input.code === undefined) {
      if (user && isValid) await mailSignInCode(deps, user, meta, mail, now);
      await fail(
        user && isValid ? 'mailed_code_required' : passwordReason,
        new DomainError('sign_in_code_required', messages.signInCodeRequired),
      );
    }
    const isCodeRight =
      user !== undefined && isValid && (await useSignInCode(deps, user.id, input.code ?? '', now));
    if (!isCodeRight) {
      await fail(
        user && isValid ? 'wrong_mailed_code' : passwordReason,
        new DomainError('invalid_credentials', messages.wrongSignInCode),
      );
    }
  } else if (!user || !isValid) {
    await fail(passwordReason, new DomainError('invalid_credentials', messages.wrongCredentials));
  }
  if (!user) throw new DomainError('invalid_credentials', messages.wrongCredentials);
  const proofs: SessionProof[] = attempt.needsMailedCode
    ? ['password', 'mailedCode']
    : ['password'];
  const factors = await factorsOf(database.db, user.id);
  if (hasSecondFactor(factors)) {
    const step = await startSecondStep(database.db, deps, user, proofs, factors, meta, now);
    await clearSignInFailures(database, organisationId, subject, attempt);
    return { status: 202, body: step };
  }
  const mustEnrol =
    deps.options.isSecondFactorRequired && (await isCoach(database.db, organisationId, user.id));
  const issued = await startAuditedSession(
    deps,
    user.id,
    now,
    { proofs, mustEnrol },
    (sessionId) => ({
      organisationId,
      action: 'sign_in',
      actorUserId: user.id,
      subject: email,
      ip: meta.ip,
      requestId: meta.requestId,
      outcome: 'success',
      details: { sessionId, proofs, browser: meta.browser ?? null },
    }),
  );
  await clearSignInFailures(database, organisationId, subject, attempt);
  if (attempt.needsMailedCode) {
    // Past the failure ceiling, a sign-in with the password and a mailed code: the owner is told.
    await database.transaction((tx) =>
      queueSecurityNotice(tx, deps, mail, user, 'signedInWithMailedCode', meta, now),
    );
    mail.wake();
  }
  return {
    status: 200,
    body: { accessToken: issued.accessToken, refreshToken: issued.refreshToken },
    userId: user.id,
  };
}
