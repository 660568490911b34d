import { eq } from 'drizzle-orm';
import { recordAudit } from '../../audit.ts';
import { schema } from '../../db/index.ts';
import type { MailQueue } from '../../mail/outbox.ts';
import type { SessionEndingTransaction } from './liveSessions.ts';
import type { RequestMeta } from './requestMeta.ts';
import { queueSecurityNotice } from './securityNotices.ts';
import { revokeAllSessionsOfUser, type SessionDeps } from './sessions.ts';

/**
 * Sets a password reset's new password (`passwordHash`) in `tx`: every session of the account
 * ends (with the request's address in each `session_ended` row, like a logout's), the reset is
 * audited and the owner told (a security notice, sent once `tx` commits: `mail.wake()` after).
 * Answers the account's email.
 */
export async function setResetPassword(
  tx: SessionEndingTransaction,
  deps: SessionDeps,
  mail: MailQueue,
  userId: string,
  passwordHash: string,
  meta: RequestMeta,
  now: Date,
): Promise<string> {
  const { organisationId } = deps;
  const [user] = await tx
    .update(schema.users)
    .set({ passwordHash, passwordChangedAt: now })
    .where(eq(schema.users.id, userId))
    .returning({ id: schema.users.id, email: schema.users.email });
  if (!user) throw new Error('the account of a password reset is gone');
  await revokeAllSessionsOfUser(tx, organisationId, userId, 'password_reset', now, meta);
  await recordAudit(tx, {
    organisationId,
    action: 'password_reset',
    actorUserId: userId,
    subject: user.email,
    ip: meta.ip,
    requestId: meta.requestId,
    details: { browser: meta.browser ?? null },
  });
  await queueSecurityNotice(tx, deps, mail, user, 'passwordChanged', meta, now);
  return user.email;
}
