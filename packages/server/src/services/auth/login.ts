import { messages } from '@coach/domain';
import { recordAudit } from '../../audit.ts';
import { normalizeEmail } from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import { beginSignInAttempt, clearSignInFailures } from './loginThrottle.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import type { RequestMeta } from './requestMeta.ts';
import { issueTokens, type SessionDeps, type Tokens } from './sessions.ts';
import { findUserByEmail } from './users.ts';

/**
 * Signs in with email and password. An unknown email costs one argon2 verification too, and
 * gets the same answer (and the same throttling) as a wrong password. Throttled per (account,
 * client address) and per account, counting failures only (see `beginSignInAttempt`).
 */
export async function signIn(
  deps: SessionDeps,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<Tokens> {
  const now = deps.options.now();
  const email = normalizeEmail(input.email);
  const { database, organisationId } = deps;
  const subject = { ...meta, account: email };
  await beginSignInAttempt(database, organisationId, deps.options.loginThrottle, subject, now);
  const user = await findUserByEmail(database.db, organisationId, email);
  const isValid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !isValid) {
    await recordAudit(database.db, {
      organisationId,
      action: 'sign_in_failed',
      actorUserId: user?.id ?? null,
      subject: email,
      ip: meta.ip,
      requestId: meta.requestId,
      outcome: 'failure',
      details: { reason: user ? 'wrong_password' : 'unknown_email' },
    });
    throw new DomainError('invalid_credentials', messages.wrongCredentials);
  }
  const tokens = await database.transaction(async (tx) => {
    const issued = await issueTokens(tx, deps, user.id, now);
    await recordAudit(tx, {
      organisationId,
      action: 'sign_in',
      actorUserId: user.id,
      subject: email,
      ip: meta.ip,
      requestId: meta.requestId,
      outcome: 'success',
      details: { sessionId: issued.familyId },
    });
    return { accessToken: issued.accessToken, refreshToken: issued.refreshToken };
  });
  await clearSignInFailures(database, organisationId, subject);
  return tokens;
}
