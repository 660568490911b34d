import type { MessageAuthor } from './values/messagingValues.ts';

// Sample conversations: what the demo seed writes into the demo coach's threads and what the
// stories' mocks show, from one source. Each message is a seed: the writer makes its id, its
// instants and its read mark.

/** A message of a sample thread. */
export type ThreadSeed = {
  author: MessageAuthor;
  /** Stored as written: never HTML or markdown. */
  text: string;
  /** Minutes before the writer's now it was sent. */
  minutesAgo: number;
  /** Whether the other side has read it (true by default). */
  isRead?: boolean;
  /** Whether its author deleted it (its text is then empty). */
  isDeleted?: boolean;
};

const hour = 60;
const day = 24 * hour;

/**
 * A check-in about breathing and sleep over four days, opened by the coach with `opening`: the
 * client answers, the coach advises, and the client's last two messages (14 h and 40 min ago)
 * wait unread for the coach.
 */
export function breathingCheckIn(opening: string): ThreadSeed[] {
  return [
    { author: 'coach', text: opening, minutesAgo: 4 * day + 2 * hour },
    {
      author: 'client',
      text: 'Thanks! The breathing exercise before bed really helps.',
      minutesAgo: 4 * day + hour,
    },
    {
      author: 'coach',
      text: 'Glad to hear it. Try it after lunch too when the afternoon dip comes.',
      minutesAgo: 3 * day,
    },
    {
      author: 'client',
      text: 'Work has been stressful this week, my sleep is off again.',
      minutesAgo: 14 * hour,
      isRead: false,
    },
    {
      author: 'client',
      text: 'Could we talk about it on Thursday?',
      minutesAgo: 40,
      isRead: false,
    },
  ];
}
