import { type CoachLanguage, fullName, mailSafeName } from '@coach/domain';
import type { MailMessage } from '../../mail/mailer.ts';
import { wordingOf } from '../../texts/serverTexts.ts';
import type { AuthOptions } from './options.ts';
import { addSeconds, randomToken, sha256Hex } from './secrets.ts';

/** An invite mail and what it leaves to store: the hash of its link's token and its expiry. */
export type InviteMail = { message: MailMessage; tokenHash: string; expiresAt: Date };

/**
 * Writes an invite mail in the inviting coach's language (plain text from the server's texts, the
 * names in it as plain text: see `mailSafeName`) with a link holding a new random token (only its hash is ever stored)
 * valid for `inviteTtlSeconds` from `now`. The caller stores the hash and queues the mail in one
 * transaction, so a link is never live without its mail, nor mailed without being stored.
 */
export function writeInviteMail(
  deps: { appUrl: string; options: AuthOptions },
  invite: { email: string; firstName?: string | undefined },
  coach: { firstName: string; lastName: string; language: CoachLanguage },
  now: Date,
): InviteMail {
  const { inviteTtlSeconds } = deps.options;
  const token = randomToken();
  const link = `${deps.appUrl.replace(/\/+$/, '')}/invite?token=${encodeURIComponent(token)}`;
  // Names are the coach's words: plain text on one line, left out when they look like a link, so
  // a mail from the product's address holds no line or link of the coach's choosing.
  const { texts, fill, plural } = wordingOf(coach.language);
  const words = texts.invite;
  const inviteeName = invite.firstName ? mailSafeName(invite.firstName) : null;
  const greeting = inviteeName ? fill(words.greetingNamed, { name: inviteeName }) : words.greeting;
  const coachName = mailSafeName(fullName(coach)) ?? words.someCoach;
  return {
    message: {
      to: invite.email,
      subject: words.subject,
      text: [
        greeting,
        fill(words.invitation, { coach: coachName }),
        fill(words.openLink, { link }),
        plural(words.validity, Math.round(inviteTtlSeconds / 86_400)),
      ].join('\n\n'),
    },
    tokenHash: sha256Hex(token),
    expiresAt: addSeconds(now, inviteTtlSeconds),
  };
}
