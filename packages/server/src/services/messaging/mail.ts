import { type CoachLanguage, fullName, mailSafeName, messagingLimits } from '@coach/domain';
import { eq, sql } from 'drizzle-orm';
import { schema, type Transaction } from '../../db/index.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { MailQueue } from '../../mail/outbox.ts';
import { wordingOf } from '../../texts/serverTexts.ts';

// The mail that tells a client their coach wrote: never the text (a message may be about their
// health), only that there is something to read and where; at most one per client per
// `messagingLimits.mailEverySeconds`, however many messages the coach sends.

/**
 * The client's mail in the language of their mails, their coach's (as their invite and their
 * reset codes are, see `mailLanguageOfUser`), naming the coach as plain text (see `mailSafeName`).
 */
function writeMessageMail(
  client: { email: string; firstName: string },
  coach: { firstName: string; lastName: string; language: CoachLanguage },
): MailMessage {
  const { texts, fill } = wordingOf(coach.language);
  const words = texts.messageMail;
  const clientName = mailSafeName(client.firstName);
  const coachName = mailSafeName(fullName(coach)) ?? words.someCoach;
  return {
    to: client.email,
    subject: words.subject,
    text: [
      clientName ? fill(words.greetingNamed, { name: clientName }) : words.greeting,
      fill(words.wrote, { coach: coachName }),
      words.openApp,
    ].join('\n\n'),
  };
}

/**
 * In the coach's send transaction `tx`: queues the client's mail unless one was queued in the
 * last `mailEverySeconds` (the time is kept in `message_mails`, one row per client, so two
 * processes sending at once queue one mail: the second waits for the first's row).
 */
export async function mailClientSometimes(
  tx: Transaction,
  mail: MailQueue,
  organisationId: string,
  client: { id: string; userId: string; firstName: string },
  coach: { firstName: string; lastName: string; language: CoachLanguage },
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const window = sql`make_interval(secs => ${messagingLimits.mailEverySeconds}::double precision)`;
  const claimed = await tx.execute<{ client_person_id: string }>(sql`
    insert into message_mails (client_person_id, organisation_id, mailed_at)
    values (${client.id}::uuid, ${organisationId}::uuid, ${at}::timestamptz)
    on conflict (client_person_id) do update set mailed_at = excluded.mailed_at
      where message_mails.mailed_at <= ${at}::timestamptz - ${window}
        or message_mails.mailed_at > ${at}::timestamptz
    returning client_person_id`);
  if (claimed.rows.length === 0) return false;
  const [user] = await tx
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.id, client.userId));
  if (!user) return false;
  await mail.add(tx, writeMessageMail({ ...client, email: user.email }, coach));
  return true;
}
