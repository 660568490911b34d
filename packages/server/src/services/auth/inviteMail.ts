import { fullName, inviteMessages } from '@coach/api';
import { DomainError } from '../../domainError.ts';
import type { Mailer } from '../context.ts';
import type { AuthOptions } from './options.ts';
import { addSeconds, randomToken, sha256Hex } from './secrets.ts';

/** What a mailed invite leaves to store: the hash of its link's token and the link's expiry. */
export type MailedInvite = { tokenHash: string; expiresAt: Date };

/**
 * Mails an invite link with a new random token (only its hash is ever stored) valid for
 * `inviteTtlSeconds` from `now`. A failed mail is audited through `onFailure` and answered 503
 * with the spec's text; the caller stores nothing then, so a link sent before keeps working.
 */
export async function mailInvite(
  deps: { mailer: Mailer; appUrl: string; options: AuthOptions },
  invite: { email: string; firstName?: string | undefined },
  coach: { firstName: string; lastName: string },
  now: Date,
  onFailure: () => Promise<void>,
): Promise<MailedInvite> {
  const { inviteTtlSeconds } = deps.options;
  const token = randomToken();
  const link = `${deps.appUrl.replace(/\/+$/, '')}/invite?token=${encodeURIComponent(token)}`;
  const greeting = invite.firstName ? `Hello ${invite.firstName},` : 'Hello,';
  const coachName = fullName(coach) || 'Your coach';
  try {
    await deps.mailer.send({
      to: invite.email,
      subject: 'You are invited to Coach',
      text:
        `${greeting}\n\n${coachName} invites you to join Coach.\n\n` +
        `Open this link to set your password: ${link}\n\n` +
        `The link is valid for ${Math.round(inviteTtlSeconds / 86_400)} days.`,
    });
  } catch {
    await onFailure();
    throw new DomainError('mail_failed', inviteMessages.mailFailed);
  }
  return { tokenHash: sha256Hex(token), expiresAt: addSeconds(now, inviteTtlSeconds) };
}
