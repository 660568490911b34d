import type { SendMessageBody } from '@coach/api';
import {
  addDays,
  daysBetween,
  localDateOf,
  quickReplyFirstName,
  zonedLocalToUtc,
} from '@coach/domain';
import type { Persona, SimulatedClient } from './generator.ts';
import { deterministicUuid, type Random, randomFor } from './random.ts';

// The simulated practice's messages: when the coach writes, when a client opens their thread or
// writes first, and whether (and when) a client answers what they read. Pure and deterministic
// like the generator: the same seed gives the same messages, instants and ids. A client writes a
// few messages a day at most, the coach a few per client a week: far below messagingQuotas.

/** One messaging action of the simulated practice, at the instant it is made. */
export type MessageAction =
  /** The coach writes in the client's thread. */
  | { type: 'coachMessage'; at: Date; body: SendMessageBody }
  /** The client writes first (a question about an exercise, a sleep note). */
  | { type: 'clientMessage'; at: Date; body: SendMessageBody }
  /** The client opens their thread: lists it and marks the coach's messages read. */
  | { type: 'readMessages'; at: Date }
  /** The client answers the coach's message `replyTo`, a while after reading it. */
  | { type: 'clientReply'; at: Date; body: SendMessageBody; replyTo: string };

/** [min, max], both included. */
type Range = readonly [number, number];

/** How a persona uses their messages. */
type MessagingTraits = {
  /** Chance that the client opens their thread on a day. */
  readsPerDay: number;
  /** Days between two messages the client writes first, [min, max]. */
  writesFirstEveryDays: Range;
  /** Share of the coach's messages read that the client answers. */
  replyShare: number;
  /** Minutes between reading a message and answering it. */
  replyAfterMinutes: Range;
};

const messagingTraits: Readonly<Record<Persona, MessagingTraits>> = {
  engaged: {
    readsPerDay: 0.9,
    writesFirstEveryDays: [2, 5],
    replyShare: 0.7,
    replyAfterMinutes: [3, 60],
  },
  steady: {
    readsPerDay: 0.6,
    writesFirstEveryDays: [4, 9],
    replyShare: 0.45,
    replyAfterMinutes: [10, 180],
  },
  lagging: {
    readsPerDay: 0.3,
    writesFirstEveryDays: [8, 16],
    replyShare: 0.15,
    replyAfterMinutes: [60, 480],
  },
};

/** Days between two check-ins of the coach, [min, max]. */
const checkInEveryDays: Range = [3, 5];

/**
 * What the simulated clients write. English only: a client has no language of their own in the
 * product (the persons' language is the coach's screens' and mails').
 */
export const simulatedMessageTexts = {
  /** The coach's first message, the day after the client joined. */
  welcome: [
    `Hi ${quickReplyFirstName}, welcome! Write to me here whenever something comes up.`,
    `Welcome aboard, ${quickReplyFirstName}. How did the first exercise go?`,
  ],
  /** The coach's check-ins. */
  checkIn: [
    `Hi ${quickReplyFirstName}, how are the exercises going this week?`,
    `How did you sleep the last few nights, ${quickReplyFirstName}?`,
    `Nice consistency this week, ${quickReplyFirstName}. Keep it up!`,
    `${quickReplyFirstName}, try the evening exercise a little earlier tonight.`,
  ],
  /** A client's short answers. */
  reply: [
    'Thanks, will do!',
    'Going well, thank you.',
    'Sounds good, I will try that tomorrow.',
    'Busy week, but I am keeping up.',
    'Slept better, thanks for asking.',
    'Thank you!',
  ],
  /** What a client writes first. */
  firstWrite: [
    'Should I do the breathing exercise before or after breakfast?',
    'Is it fine to do the evening exercise lying down?',
    'The pace of the exercise felt too fast today. Can I slow it down?',
    'Slept badly last night, woke up at 4 and could not fall asleep again.',
    'Slept really well after the evening exercise.',
  ],
} as const;

/** A local wall time between 08:00 and 21:59, 'HH:MM'. */
function messagingTime(random: Random): string {
  const hour = random.int(8, 21);
  const minute = random.int(0, 59);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** A text of the list with the client's first name in it. */
const personal = (text: string, client: SimulatedClient) =>
  text.replaceAll(quickReplyFirstName, client.firstName);

/**
 * The planned messaging of a client from the acceptance to `until`, in time order: the coach's
 * welcome the day after the acceptance and a check-in every few days, the days the client opens
 * their thread, and the messages they write first. Answers are not planned: they depend on what
 * the client reads (see {@link replyTo}).
 */
export function messageTimeline(
  client: SimulatedClient,
  options: { seed: number; acceptedAt: Date; until: Date },
): MessageAction[] {
  const { seed, acceptedAt, until } = options;
  const traits = messagingTraits[client.persona];
  const firstDate = localDateOf(acceptedAt, client.timeZone);
  const days = daysBetween(firstDate, localDateOf(until, client.timeZone));
  const actions: MessageAction[] = [];
  const at = (localDate: string, random: Random) =>
    new Date(
      zonedLocalToUtc(localDate, messagingTime(random), client.timeZone).getTime() +
        random.int(0, 59) * 1000,
    );
  let coachMessages = 0;
  let nextCoachDay = 1;
  let nextFirstWriteDay = randomFor(seed, `${client.key}|messages`).int(
    ...traits.writesFirstEveryDays,
  );
  for (let day = 0; day <= days; day += 1) {
    const localDate = addDays(firstDate, day);
    const random = randomFor(seed, `${client.key}|messages|${localDate}`);
    if (day === nextCoachDay) {
      const texts =
        coachMessages === 0 ? simulatedMessageTexts.welcome : simulatedMessageTexts.checkIn;
      actions.push({
        type: 'coachMessage',
        at: at(localDate, random),
        body: {
          id: deterministicUuid(seed, `${client.key}|coachMessage|${coachMessages}`),
          text: personal(random.pick(texts), client),
        },
      });
      coachMessages += 1;
      nextCoachDay = day + random.int(...checkInEveryDays);
    }
    if (random.chance(traits.readsPerDay)) {
      actions.push({ type: 'readMessages', at: at(localDate, random) });
    }
    if (day === nextFirstWriteDay) {
      nextFirstWriteDay = day + random.int(...traits.writesFirstEveryDays);
      actions.push({
        type: 'clientMessage',
        at: at(localDate, random),
        body: {
          id: deterministicUuid(seed, `${client.key}|clientMessage|${localDate}`),
          text: random.pick(simulatedMessageTexts.firstWrite),
        },
      });
    }
  }
  return actions
    .filter((action) => action.at > acceptedAt && action.at <= until)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The id of a client's answer to the coach's message `coachMessageId`: one answer per message. */
export const replyIdOf = (seed: number, client: SimulatedClient, coachMessageId: string) =>
  deterministicUuid(seed, `${client.key}|reply|${coachMessageId}`);

/**
 * Whether the client answers the coach's message `coachMessageId` they read at `readAt`: for a
 * share of the messages by persona, a short plain text a while later; null when they do not.
 */
export function replyTo(
  seed: number,
  client: SimulatedClient,
  coachMessageId: string,
  readAt: Date,
): Extract<MessageAction, { type: 'clientReply' }> | null {
  const traits = messagingTraits[client.persona];
  const random = randomFor(seed, `${client.key}|reply|${coachMessageId}`);
  if (!random.chance(traits.replyShare)) return null;
  const delayMinutes = random.int(...traits.replyAfterMinutes);
  return {
    type: 'clientReply',
    at: new Date(readAt.getTime() + delayMinutes * 60_000 + random.int(0, 59) * 1000),
    body: {
      id: replyIdOf(seed, client, coachMessageId),
      text: random.pick(simulatedMessageTexts.reply),
    },
    replyTo: coachMessageId,
  };
}
