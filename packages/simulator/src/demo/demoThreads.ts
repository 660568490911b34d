import { breathingCheckIn, type ThreadSeed } from '@coach/domain';
import { schema, type Transaction } from '@coach/server/db';
import { deterministicUuid } from '../random.ts';

// The demo coach's conversations: a few threads over the last days, written with each client's
// history (see demoHistory.ts). Some client messages are left unread, so the demo coach sees
// unread counts on the clients list; one thread is read to the end.

const hour = 60;
const day = 24 * hour;

/** The threads by client e-mail (demo accounts), each in time order. */
export const demoThreads: Readonly<Record<string, readonly ThreadSeed[]>> = {
  // The client account: two messages the coach has not read.
  'client@example.com': breathingCheckIn(
    'Hi Daniel, your morning check-ins look great so far. How is the breathing going?',
  ),
  // Read to the end on both sides.
  'amelia.hughes@example.com': [
    {
      author: 'client',
      text: 'Should I do the breathing exercise before or after breakfast?',
      minutesAgo: 5 * day + 3 * hour,
    },
    {
      author: 'coach',
      text: 'Before breakfast is best, Amelia: your pulse is calmer then.',
      minutesAgo: 5 * day + hour,
    },
    { author: 'client', text: 'Thanks, will do!', minutesAgo: 5 * day },
    {
      author: 'coach',
      text: 'Nice consistency this week, Amelia. Keep it up!',
      minutesAgo: 2 * day,
    },
  ],
  // One unread question.
  'noah.fischer@example.com': [
    {
      author: 'coach',
      text: 'Hi Noah, how did you sleep the last few nights?',
      minutesAgo: 2 * day + 5 * hour,
    },
    {
      author: 'client',
      text: 'Better, thanks for asking.',
      minutesAgo: 2 * day + 2 * hour,
    },
    {
      author: 'client',
      text: 'Is it fine to do the evening exercise lying down?',
      minutesAgo: 6 * hour,
      isRead: false,
    },
  ],
  // The coach wrote last; the client has not read it yet.
  'sofia.rossi@example.com': [
    {
      author: 'client',
      text: 'Slept badly last night, woke up at 4 and could not fall asleep again.',
      minutesAgo: day + 4 * hour,
    },
    {
      author: 'coach',
      text: 'Sorry to hear that, Sofia. Try the slow breathing for five minutes if it happens again.',
      minutesAgo: day + 2 * hour,
      isRead: false,
    },
  ],
  'mateo.garcia@example.com': [
    {
      author: 'coach',
      text: 'Welcome aboard, Mateo. How did the first exercise go?',
      minutesAgo: 3 * day + 4 * hour,
    },
    {
      author: 'client',
      text: 'The pace of the exercise felt too fast today. Can I slow it down?',
      minutesAgo: 3 * hour,
      isRead: false,
    },
  ],
};

/** A demo thread's client: who they are and who their coach is. */
export type DemoThreadClient = {
  organisationId: string;
  clientId: string;
  coachId: string;
  email: string;
};

/** How long after the other side's message a read one was read, when nothing answered it. */
const readAfterMinutes = 20;

/**
 * Writes the client's demo thread (if they have one) as it would stand at `now`: each message
 * sent `minutesAgo` before it; a read message read when the other side next wrote, or
 * {@link readAfterMinutes} after it was sent (never after `now`). The ids derive from the seed and
 * the client's e-mail, so the same demo gets the same thread.
 */
export async function writeDemoThread(
  tx: Transaction,
  seed: number,
  client: DemoThreadClient,
  now: Date,
): Promise<number> {
  const thread = demoThreads[client.email];
  if (!thread) return 0;
  const sentAt = (message: ThreadSeed) => new Date(now.getTime() - message.minutesAgo * 60_000);
  const rows = thread.map((message, index) => {
    const sent = sentAt(message);
    const answer = thread.slice(index + 1).find((later) => later.author !== message.author);
    const readAt =
      message.isRead === false
        ? null
        : answer
          ? sentAt(answer)
          : new Date(Math.min(sent.getTime() + readAfterMinutes * 60_000, now.getTime()));
    return {
      id: deterministicUuid(seed, `demo|${client.email}|message|${index}`),
      organisationId: client.organisationId,
      clientPersonId: client.clientId,
      coachPersonId: client.coachId,
      author: message.author,
      text: message.isDeleted ? '' : message.text,
      sentAt: sent,
      readAt,
      // Deleted a minute after sending, never after now.
      deletedAt: message.isDeleted
        ? new Date(Math.min(sent.getTime() + 60_000, now.getTime()))
        : null,
    };
  });
  await tx.insert(schema.messages).values(rows).onConflictDoNothing({ target: schema.messages.id });
  return rows.length;
}
