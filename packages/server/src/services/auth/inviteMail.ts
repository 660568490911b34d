import { fullName, mailSafeName } from '@coach/domain';
import type { MailMessage } from '../../mail/mailer.ts';
import type { AuthOptions } from './options.ts';
import { addSeconds, randomToken, sha256Hex } from './secrets.ts';

/** An invite mail and what it leaves to store: the hash of its link's token and its expiry. */
export type InviteMail = { message: MailMessage; tokenHash: string; expiresAt: Date };

/**
 * Writes an invite mail (plain text from a template, the names in it as plain text: see
 * `mailSafeName`) with a link holding a new random token (only its hash is ever stored)
 * valid for `inviteTtlSeconds` from `now`. The caller stores the hash and queues the mail in one
 * transaction, so a link is never live without its mail, nor mailed without being stored.
 */
export function writeInviteMail(
  deps: { appUrl: string; options: AuthOptions },
  invite: { email: string; firstName?: string | undefined },
  coach: { firstName: string; lastName: string },
  now: Date,
): InviteMail {
  const { inviteTtlSeconds } = deps.options;
  const token = randomToken();
  const link = `${deps.appUrl.replace(/\/+$/, '')}/invite?token=${encodeURIComponent(token)}`;
  // Names are the coach's words: plain text on one line, left out when they look like a link, so
  // a mail from the product's address holds no line or link of the coach's choosing.
  const inviteeName = invite.firstName ? mailSafeName(invite.firstName) : null;
  const greeting = inviteeName ? `Hello ${inviteeName},` : 'Hello,';
  const coachName = mailSafeName(fullName(coach)) ?? 'Your coach';
  return {
    message: {
      to: invite.email,
      subject: 'You are invited to Coach',
      text:
        `${greeting}\n\n${coachName} invites you to join Coach.\n\n` +
        `Open this link to set your password: ${link}\n\n` +
        `The link is valid for ${Math.round(inviteTtlSeconds / 86_400)} days.`,
    },
    tokenHash: sha256Hex(token),
    expiresAt: addSeconds(now, inviteTtlSeconds),
  };
}
