import {
  compareNewestFirst,
  decodePageCursor,
  encodePageCursor,
  type MessageAuthor,
  messages,
  messagingLimits,
  messagingQuotas,
  type PageKey,
  pageNewestFirst,
} from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import type { Person } from '../contract/account.ts';
import type {
  MarkMessagesReadBody,
  MessageList,
  MessageListQuery,
  QuickReplies,
  QuickReply,
  SendMessageBody,
  ThreadMessage,
  UnreadCounts,
} from '../contract/messaging.ts';
import {
  fixtureQuickReplies,
  fixtureThreads,
  type MockMessageSeed,
} from './fixtures/messageFixtures.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { fixtureIds } from './fixtures.ts';
import { pushLiveEvent } from './liveEventHandlers.ts';
import { coachActed } from './notesHandlers.ts';
import { errorResponse as error, type MockHandlerOptions, mockService } from './route.ts';
import type { MockState } from './state.ts';

/** Options of {@link createMessagingHandlers}: failures of the messaging calls, for stories. */
export type MessagingHandlerOptions = MockHandlerOptions & {
  /**
   * Sending a message fails with 500 (nothing is stored), from the start; a story turns it on and
   * off while it runs with {@link failMessageSends}.
   */
  messageSendFails?: boolean;
};

/** A stored message: what the thread shows, and what its author wrote (kept once deleted). */
type MockMessage = ThreadMessage & { written: string };

/** The messaging service's data of one mock state. */
type MockMessaging = {
  /** Every client's thread by their person id, in no order. */
  threads: Map<string, MockMessage[]>;
  /** Each coach's quick replies by their person id, in their order. */
  quickReplies: Map<string, QuickReply[]>;
  /** Sending answers 500 while true. */
  isSendFailing: boolean;
  /** The clock of what the helpers store (the handlers' `now`, once they are made). */
  now: () => Date;
  /** Counter of the seeded messages' ids. */
  seeded: number;
};

const messagingByState = new WeakMap<MockState, MockMessaging>();

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/** Clears a client's thread and stores the seeds in it (the mocks' ids and times). */
function storeSeeds(
  store: MockMessaging,
  clientId: string,
  seeds: readonly MockMessageSeed[],
): MockMessage[] {
  const thread = seeds.map((seed): MockMessage => {
    store.seeded += 1;
    const sent = mockNow.getTime() - seed.minutesAgo * minuteMs;
    // Read and deleted a minute after sending, never after now.
    const later = new Date(Math.min(sent + minuteMs, mockNow.getTime())).toISOString();
    const isDeleted = seed.isDeleted ?? false;
    return {
      id: `5e550000-0000-4000-8000-${store.seeded.toString(16).padStart(12, '0')}`,
      clientId,
      author: seed.author,
      text: isDeleted ? '' : seed.text,
      written: seed.text,
      sentAt: new Date(sent).toISOString(),
      readAt: (seed.isRead ?? true) ? later : null,
      deletedAt: isDeleted ? later : null,
    };
  });
  store.threads.set(clientId, thread);
  return thread;
}

/**
 * The messaging data of the mock state, made on first use: the demo threads and the demo coach's
 * quick replies, or none of either with `emptyLists` (the handlers make it when they are made, so
 * seed a thread after making them).
 */
function mockMessagingOf(
  state: MockState,
  options: Pick<MessagingHandlerOptions, 'emptyLists' | 'messageSendFails'> = {},
): MockMessaging {
  let store = messagingByState.get(state);
  if (!store) {
    store = {
      threads: new Map(),
      quickReplies: new Map(),
      isSendFailing: options.messageSendFails ?? false,
      now: () => new Date(),
      seeded: 0,
    };
    if (!options.emptyLists) {
      for (const [clientId, seeds] of Object.entries(fixtureThreads)) {
        if (state.clients.some((client) => client.person.id === clientId)) {
          storeSeeds(store, clientId, seeds);
        }
      }
      store.quickReplies.set(
        fixtureIds.coachPerson,
        fixtureQuickReplies.map((reply) => ({ ...reply })),
      );
    }
    messagingByState.set(state, store);
  }
  return store;
}

/** The messages of the other side the reader has not read (deleted ones are not counted). */
const unreadOf = (thread: readonly MockMessage[], reader: MessageAuthor) =>
  thread.filter(
    (message) => message.author !== reader && message.readAt === null && message.deletedAt === null,
  ).length;

/**
 * The client's messages their coach has not read, in the mock state's threads (0 before the
 * messaging handlers are made: no thread then).
 */
export function coachUnreadOf(state: MockState, clientId: string): number {
  return unreadOf(messagingByState.get(state)?.threads.get(clientId) ?? [], 'coach');
}

/** A message as the contract answers it. */
const publicView = ({ written: _written, ...message }: MockMessage): ThreadMessage => message;

/** A message's place in a thread's order, as the server keys it (microseconds, then the id). */
const keyOf = (message: ThreadMessage): PageKey => ({
  at: `${message.sentAt.slice(0, 23)}000Z`,
  id: message.id,
});

/** The client's record, or an error naming the client: a helper's mistake, not a request's. */
function clientRecordOf(state: MockState, clientId: string) {
  const record = state.clients.find((client) => client.person.id === clientId);
  if (!record) throw new Error(`MSW: no mock client ${clientId}`);
  return record;
}

/**
 * When a new message of the thread is sent: now, or a millisecond after the thread's newest when
 * the clock stands still (the stories' fixed clock), so that the thread keeps the order of sending.
 */
function nextSentAt(thread: readonly MockMessage[], now: Date): string {
  const newest = Math.max(...thread.map((message) => Date.parse(message.sentAt)));
  return new Date(Math.max(now.getTime(), newest + 1)).toISOString();
}

/** Tells the coach's live stream that a client's thread changed. */
function threadChanged(state: MockState, clientId: string): void {
  pushLiveEvent(state, { event: 'messages-changed', data: { clientIds: [clientId] } });
}

/**
 * Replaces a client's thread with these messages (`[]`: an empty thread), e.g. with
 * `longThreadSeeds()`, `unreadThreadSeeds()` or `hostileThreadSeeds()`; answers them as stored,
 * oldest first as given. No live event: seed before the screen reads the thread.
 */
export function seedThread(
  state: MockState,
  clientId: string,
  seeds: readonly MockMessageSeed[],
): ThreadMessage[] {
  clientRecordOf(state, clientId);
  return storeSeeds(mockMessagingOf(state), clientId, seeds).map(publicView);
}

/**
 * The client writes to their coach now (the handlers' clock): the message is stored unread and
 * the coach's live stream gets `messages-changed` for the client, as the server would send it.
 * Answers the stored message.
 */
export function clientWrites(state: MockState, clientId: string, text: string): ThreadMessage {
  clientRecordOf(state, clientId);
  const store = mockMessagingOf(state);
  state.sequence += 1;
  const message: MockMessage = {
    id: `5e550000-0000-4000-9000-${state.sequence.toString(16).padStart(12, '0')}`,
    clientId,
    author: 'client',
    text,
    written: text,
    sentAt: nextSentAt(store.threads.get(clientId) ?? [], store.now()),
    readAt: null,
    deletedAt: null,
  };
  const thread = store.threads.get(clientId) ?? [];
  thread.push(message);
  store.threads.set(clientId, thread);
  threadChanged(state, clientId);
  return publicView(message);
}

/** Makes sending a message fail with 500 (true) or work again (false) while a story runs. */
export function failMessageSends(state: MockState, isFailing = true): void {
  mockMessagingOf(state).isSendFailing = isFailing;
}

/**
 * The seconds until a message of `characters` fits the writer's quotas (messages a minute and a
 * day, characters a day), or null while it fits: the wait until enough of what they sent leaves
 * the window.
 */
function quotaWait(
  sent: readonly MockMessage[],
  characters: number,
  author: MessageAuthor,
  now: Date,
) {
  const quota = messagingQuotas[author];
  const windows = [
    { ms: minuteMs, fits: (count: number) => count < quota.perMinute },
    {
      ms: dayMs,
      fits: (count: number, used: number) =>
        count < quota.perDay && used + characters <= quota.charactersPerDay,
    },
  ];
  let wait: number | null = null;
  for (const window of windows) {
    // Oldest first: the first to leave the window.
    const counted = sent
      .map((message) => ({ at: Date.parse(message.sentAt), characters: message.written.length }))
      // Later than now too: sends of a clock that stands still are a millisecond apart.
      .filter(({ at }) => at > now.getTime() - window.ms)
      .sort((a, b) => a.at - b.at);
    let count = counted.length;
    let used = counted.reduce((sum, message) => sum + message.characters, 0);
    let leaving = 0;
    while (!window.fits(count, used) && leaving < counted.length) {
      const left = counted[leaving];
      count -= 1;
      used -= left?.characters ?? 0;
      leaving += 1;
    }
    const last = counted[leaving - 1];
    if (leaving > 0 && last) {
      const seconds = Math.max(1, Math.ceil((last.at + window.ms - now.getTime()) / 1000));
      wait = Math.max(wait ?? 0, seconds);
    }
  }
  return wait;
}

/**
 * MSW handlers of the messaging service over the mock state, following the server's rules (the
 * contract's and the domain's): a client's thread is reached by their coach or by the client
 * (the one 404 'Client not found' otherwise), pages newest first after a cursor with the unread
 * count of the caller's side, a send stored once by its id (200 for a retry of the same message,
 * 409 'id_conflict' for another), the writer's quotas (429 with Retry-After), read marks up to a
 * message, deletion of the coach's own message within 5 minutes by the mocks' clock, the coach's
 * unread counts by client and quick replies. Every change to a thread pushes `messages-changed`
 * into the live event mocks linked to the state; a coach's new message ends the client's open
 * follow-up as 'acted' (`coachActed` of the notes mocks).
 */
export function createMessagingHandlers(options: MessagingHandlerOptions = {}): HttpHandler[] {
  const { state, handle, now } = mockService(options);
  const store = mockMessagingOf(state, options);
  store.now = now;
  if (options.messageSendFails) store.isSendFailing = true;

  const callerOf = (userId: string | undefined): Person | undefined =>
    state.persons.find((person) => person.userId === userId);

  /** The caller's side of the client's thread when they may reach it; the one 404 otherwise. */
  function threadAccess(userId: string | undefined, clientId: string | undefined) {
    const caller = callerOf(userId);
    const record = state.clients.find((client) => client.person.id === clientId);
    if (!caller || !record) return error(404, 'not_found', messages.clientNotFound);
    const side: MessageAuthor | null =
      caller.type === 'coach' && record.person.coachId === caller.id
        ? 'coach'
        : caller.id === record.person.id
          ? 'client'
          : null;
    if (!side) return error(404, 'not_found', messages.clientNotFound);
    const thread = store.threads.get(record.person.id) ?? [];
    store.threads.set(record.person.id, thread);
    return { caller, side, clientId: record.person.id, thread };
  }

  /** The caller when a coach; 403 with `message` otherwise. */
  const coachOnly = (userId: string | undefined, message: string): Person | Response => {
    const caller = callerOf(userId);
    return caller?.type === 'coach' ? caller : error(403, 'forbidden', message);
  };

  return [
    handle('listMessages', ({ userId, params, query }) => {
      const access = threadAccess(userId, params.clientId);
      if (access instanceof Response) return access;
      const { limit = messagingLimits.pageMax, before } = query as MessageListQuery;
      const cursor = before === undefined ? null : decodePageCursor(before);
      if (before !== undefined && cursor === null) {
        return error(400, 'invalid_request', messages.invalidCursor);
      }
      const keyed = access.thread.map((message) => ({ ...keyOf(message), message }));
      const after = cursor ? keyed.filter((key) => compareNewestFirst(key, cursor) > 0) : keyed;
      const page = pageNewestFirst([after], limit);
      return HttpResponse.json({
        items: page.items.map((key) => publicView(key.message)),
        nextCursor: page.next === null ? null : encodePageCursor(page.next),
        unread: unreadOf(access.thread, access.side),
      } satisfies MessageList);
    }),
    handle('sendMessage', ({ userId, params, body }) => {
      const access = threadAccess(userId, params.clientId);
      if (access instanceof Response) return access;
      const { text } = body as SendMessageBody;
      const id = (body as SendMessageBody).id.toLowerCase();
      // A retry of a message stored before answers it; the id of any other is taken.
      const stored = [...store.threads.values()].flat().find((message) => message.id === id);
      if (stored) {
        const isRetry =
          stored.clientId === access.clientId &&
          stored.author === access.side &&
          stored.written === text;
        return isRetry
          ? HttpResponse.json(publicView(stored), { status: 200 })
          : error(409, 'id_conflict', messages.messageIdTaken);
      }
      if (store.isSendFailing) {
        return error(500, 'internal_error', messages.internalError);
      }
      // The writer's messages: a coach's in all their clients' threads, a client's in theirs.
      const writerThreads =
        access.side === 'coach'
          ? state.clients
              .filter((client) => client.person.coachId === access.caller.id)
              .map((client) => store.threads.get(client.person.id) ?? [])
          : [access.thread];
      const sent = writerThreads.flat().filter((message) => message.author === access.side);
      const wait = quotaWait(sent, text.length, access.side, now());
      if (wait !== null) {
        const refusal = error(429, 'rate_limited', messages.tooManyMessages);
        refusal.headers.set('Retry-After', String(wait));
        return refusal;
      }
      const message: MockMessage = {
        id,
        clientId: access.clientId,
        author: access.side,
        text,
        written: text,
        sentAt: nextSentAt(access.thread, now()),
        readAt: null,
        deletedAt: null,
      };
      access.thread.push(message);
      threadChanged(state, access.clientId);
      // A coach's new message is an action on the client: it ends their open follow-up.
      if (access.side === 'coach') {
        coachActed(state, {
          clientId: access.clientId,
          coachId: access.caller.id,
          kind: 'message',
          at: now(),
        });
      }
      return HttpResponse.json(publicView(message), { status: 201 });
    }),
    handle('markMessagesRead', ({ userId, params, body }) => {
      const access = threadAccess(userId, params.clientId);
      if (access instanceof Response) return access;
      const upToId = (body as MarkMessagesReadBody).upTo.toLowerCase();
      const upTo = access.thread.find((message) => message.id === upToId);
      if (!upTo) return error(404, 'not_found', messages.messageNotFound);
      const readAt = now().toISOString();
      let marked = 0;
      for (const message of access.thread) {
        const isOthers = message.author !== access.side && message.readAt === null;
        if (isOthers && compareNewestFirst(keyOf(message), keyOf(upTo)) >= 0) {
          message.readAt = readAt;
          marked += 1;
        }
      }
      if (marked > 0) threadChanged(state, access.clientId);
      return HttpResponse.json({ unread: unreadOf(access.thread, access.side) });
    }),
    handle('deleteMessage', ({ userId, params }) => {
      const access = threadAccess(userId, params.clientId);
      if (access instanceof Response) return access;
      if (access.side !== 'coach') {
        return error(403, 'forbidden', messages.onlyCoachesDeleteMessages);
      }
      const messageId = (params.messageId ?? '').toLowerCase();
      const message = access.thread.find((candidate) => candidate.id === messageId);
      if (!message) return error(404, 'not_found', messages.messageNotFound);
      if (message.author !== 'coach') {
        return error(403, 'forbidden', messages.onlyCoachesDeleteMessages);
      }
      if (message.deletedAt !== null) return HttpResponse.json(publicView(message));
      const age = now().getTime() - Date.parse(message.sentAt);
      if (age > messagingLimits.deleteWindowSeconds * 1000) {
        return error(409, 'delete_window_passed', messages.messageDeleteWindowPassed);
      }
      Object.assign(message, { text: '', deletedAt: now().toISOString() });
      threadChanged(state, access.clientId);
      return HttpResponse.json(publicView(message));
    }),
    handle('listUnreadCounts', ({ userId }) => {
      const coach = coachOnly(userId, messages.onlyCoachesReadUnreadCounts);
      if (coach instanceof Response) return coach;
      const clients = state.clients
        .filter((client) => client.person.coachId === coach.id)
        .map((client) => ({
          clientId: client.person.id,
          unread: unreadOf(store.threads.get(client.person.id) ?? [], 'coach'),
        }))
        .filter((count) => count.unread > 0);
      const total = clients.reduce((sum, count) => sum + count.unread, 0);
      return HttpResponse.json({ clients, total } satisfies UnreadCounts);
    }),
    handle('getQuickReplies', ({ userId }) => {
      const coach = coachOnly(userId, messages.onlyCoachesKeepQuickReplies);
      if (coach instanceof Response) return coach;
      const items = store.quickReplies.get(coach.id) ?? [];
      return HttpResponse.json({ items } satisfies QuickReplies);
    }),
    handle('updateQuickReplies', ({ userId, body }) => {
      const coach = coachOnly(userId, messages.onlyCoachesKeepQuickReplies);
      if (coach instanceof Response) return coach;
      const items = (body as QuickReplies).items.map(({ id, text }) => ({
        id: id.toLowerCase(),
        text,
      }));
      if (new Set(items.map((item) => item.id)).size !== items.length) {
        return error(400, 'invalid_request', messages.quickReplyIdsRepeated);
      }
      store.quickReplies.set(coach.id, items);
      return HttpResponse.json({ items } satisfies QuickReplies);
    }),
  ];
}
