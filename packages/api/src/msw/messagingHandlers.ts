import { compareNewestFirst, type MessageAuthor, messages, messagingLimits } from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import type {
  MarkMessagesReadBody,
  MessageList,
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
import {
  callerOf,
  clientAccess,
  errorResponse as error,
  type MockHandlerOptions,
  mockService,
  newestFirstPage,
  nextInstant,
} from './route.ts';
import { type MockState, nextMockId, perState } from './state.ts';

// The messaging service over the mock state, for what the stories show: a client's thread with
// their coach (newest first, a page at a time, the unread count of the reader's side), sends,
// read marks and the coach's deletions, the coach's unread counts and quick replies. Every change
// of a thread tells the coach's live stream; a coach's message is an action on the client
// (`coachActed`). The server's quotas, delete window and retries by id are its own.

/** Options of {@link createMessagingHandlers}. */
export type MessagingHandlerOptions = MockHandlerOptions & {
  /** Sending fails with 500 from the start; a story turns it on and off with {@link failMessageSends}. */
  messageSendFails?: boolean;
};

/** The threads by client, the coaches' quick replies, and whether sending fails. */
const messagingOf = perState((state) => ({
  threads: new Map<string, ThreadMessage[]>(
    Object.entries(fixtureThreads)
      .filter(([clientId]) => state.clients.some((client) => client.person.id === clientId))
      .map(([clientId, seeds]) => [clientId, threadOfSeeds(state, clientId, seeds)]),
  ),
  quickReplies: new Map<string, QuickReply[]>([
    [fixtureIds.coachPerson, fixtureQuickReplies.map((reply) => ({ ...reply }))],
  ]),
  isSendFailing: false,
  /** The handlers' clock, once they are made (a client's writes are sent by it). */
  now: () => new Date(),
}));

/** A thread of seeds, oldest first: read (unless told) and deleted a minute after, never after now. */
function threadOfSeeds(state: MockState, clientId: string, seeds: readonly MockMessageSeed[]) {
  return seeds.map((seed): ThreadMessage => {
    const sent = mockNow.getTime() - seed.minutesAgo * 60_000;
    const later = new Date(Math.min(sent + 60_000, mockNow.getTime())).toISOString();
    return {
      id: nextMockId(state, '5e550000'),
      clientId,
      author: seed.author,
      text: seed.isDeleted ? '' : seed.text,
      sentAt: new Date(sent).toISOString(),
      readAt: (seed.isRead ?? true) ? later : null,
      deletedAt: seed.isDeleted ? later : null,
    };
  });
}

/** The client's thread (made empty when it has none yet). */
function threadOf(state: MockState, clientId: string): ThreadMessage[] {
  if (!state.clients.some((client) => client.person.id === clientId)) {
    throw new Error(`MSW: no mock client ${clientId}`);
  }
  const { threads } = messagingOf(state);
  const thread = threads.get(clientId) ?? [];
  threads.set(clientId, thread);
  return thread;
}

/** The messages of the other side the reader has not read (deleted ones are not counted). */
const unreadOf = (thread: readonly ThreadMessage[], reader: MessageAuthor) =>
  thread.filter(
    (message) => message.author !== reader && message.readAt === null && message.deletedAt === null,
  ).length;

/** The client's messages their coach has not read. */
export const coachUnreadOf = (state: MockState, clientId: string): number =>
  unreadOf(messagingOf(state).threads.get(clientId) ?? [], 'coach');

/** Tells the coach's live stream that a client's thread changed. */
const threadChanged = (state: MockState, clientId: string) =>
  pushLiveEvent(state, { event: 'messages-changed', data: { clientIds: [clientId] } });

/** Adds a message to the client's thread, sent now (after the thread's newest), unread. */
function storeMessage(
  state: MockState,
  message: Omit<ThreadMessage, 'sentAt' | 'readAt' | 'deletedAt'>,
  now: Date,
) {
  const thread = threadOf(state, message.clientId);
  const sentAt = nextInstant(
    thread.map((each) => each.sentAt),
    now,
  );
  const stored: ThreadMessage = { ...message, sentAt, readAt: null, deletedAt: null };
  thread.push(stored);
  threadChanged(state, message.clientId);
  return stored;
}

/**
 * Replaces a client's thread with these messages (`[]`: an empty thread), e.g. with
 * `longThreadSeeds()` or `hostileThreadSeeds()`, oldest first as given.
 * No live event: seed before the screen reads the thread.
 */
export function seedThread(state: MockState, clientId: string, seeds: readonly MockMessageSeed[]) {
  threadOf(state, clientId);
  messagingOf(state).threads.set(clientId, threadOfSeeds(state, clientId, seeds));
}

/** The client writes to their coach now: stored unread, the coach's live stream told. */
export function clientWrites(state: MockState, clientId: string, text: string): ThreadMessage {
  const id = nextMockId(state, '5e550000');
  return storeMessage(state, { id, clientId, author: 'client', text }, messagingOf(state).now());
}

/** Makes sending a message fail with 500 (true) or work again (false) while a story runs. */
export function failMessageSends(state: MockState, isFailing = true): void {
  messagingOf(state).isSendFailing = isFailing;
}

/**
 * MSW handlers of the messaging service over the mock state: a thread is its client's and their
 * coach's (the one 404 to anyone else); `emptyLists` starts without threads and quick replies.
 */
export function createMessagingHandlers(options: MessagingHandlerOptions = {}): HttpHandler[] {
  const { state, handle, now } = mockService(options);
  const store = messagingOf(state);
  if (options.emptyLists) {
    store.threads.clear();
    store.quickReplies.clear();
  }
  if (options.messageSendFails) store.isSendFailing = true;
  store.now = now;
  const threadAccess = (userId: string | undefined, clientId: string | undefined) => {
    const access = clientAccess(state, userId, clientId, true);
    if (access instanceof Response) return access;
    return { ...access, thread: threadOf(state, access.record.person.id) };
  };
  const coachOnly = (userId: string | undefined, message: string) => {
    const caller = callerOf(state, userId);
    return caller?.type === 'coach' ? caller : error(403, 'forbidden', message);
  };

  return [
    handle('listMessages', ({ userId, params, query }) => {
      const access = threadAccess(userId, params.clientId);
      if (access instanceof Response) return access;
      const keyOf = (message: ThreadMessage) => ({ at: message.sentAt, id: message.id });
      const page = newestFirstPage(access.thread, keyOf, query, messagingLimits.pageMax);
      if (page instanceof Response) return page;
      return HttpResponse.json({
        ...page,
        unread: unreadOf(access.thread, access.side),
      } satisfies MessageList);
    }),
    handle('sendMessage', ({ userId, params, body }) => {
      const access = threadAccess(userId, params.clientId);
      if (access instanceof Response) return access;
      if (store.isSendFailing) return error(500, 'internal_error', messages.internalError);
      const { id, text } = body as SendMessageBody;
      const clientId = access.record.person.id;
      const at = now();
      const message = storeMessage(
        state,
        { id: id.toLowerCase(), clientId, author: access.side, text },
        at,
      );
      if (access.side === 'coach') {
        coachActed(state, { clientId, coachId: access.caller.id, kind: 'message', at });
      }
      return HttpResponse.json(message, { status: 201 });
    }),
    handle('markMessagesRead', ({ userId, params, body }) => {
      const access = threadAccess(userId, params.clientId);
      if (access instanceof Response) return access;
      const upToId = (body as MarkMessagesReadBody).upTo.toLowerCase();
      const upTo = access.thread.find((message) => message.id === upToId);
      if (!upTo) return error(404, 'not_found', messages.messageNotFound);
      const keyOf = (message: ThreadMessage) => ({ at: message.sentAt, id: message.id });
      const unread = access.thread.filter(
        (message) =>
          message.author !== access.side &&
          message.readAt === null &&
          compareNewestFirst(keyOf(message), keyOf(upTo)) >= 0,
      );
      for (const message of unread) message.readAt = now().toISOString();
      if (unread.length > 0) threadChanged(state, access.record.person.id);
      return HttpResponse.json({ unread: unreadOf(access.thread, access.side) });
    }),
    handle('deleteMessage', ({ userId, params }) => {
      const access = threadAccess(userId, params.clientId);
      if (access instanceof Response) return access;
      const message = access.thread.find((each) => each.id === params.messageId?.toLowerCase());
      if (access.side === 'coach' && !message)
        return error(404, 'not_found', messages.messageNotFound);
      if (access.side !== 'coach' || message?.author !== 'coach') {
        return error(403, 'forbidden', messages.onlyCoachesDeleteMessages);
      }
      if (message.deletedAt === null) {
        Object.assign(message, { text: '', deletedAt: now().toISOString() });
        threadChanged(state, access.record.person.id);
      }
      return HttpResponse.json(message);
    }),
    handle('listUnreadCounts', ({ userId }) => {
      const coach = coachOnly(userId, messages.onlyCoachesReadUnreadCounts);
      if (coach instanceof Response) return coach;
      const clients = state.clients
        .filter((client) => client.person.coachId === coach.id)
        .map((client) => ({
          clientId: client.person.id,
          unread: coachUnreadOf(state, client.person.id),
        }))
        .filter((count) => count.unread > 0);
      const total = clients.reduce((sum, count) => sum + count.unread, 0);
      return HttpResponse.json({ clients, total } satisfies UnreadCounts);
    }),
    handle('getQuickReplies', ({ userId }) => {
      const coach = coachOnly(userId, messages.onlyCoachesKeepQuickReplies);
      if (coach instanceof Response) return coach;
      return HttpResponse.json({
        items: store.quickReplies.get(coach.id) ?? [],
      } satisfies QuickReplies);
    }),
    handle('updateQuickReplies', ({ userId, body }) => {
      const coach = coachOnly(userId, messages.onlyCoachesKeepQuickReplies);
      if (coach instanceof Response) return coach;
      const items: QuickReply[] = (body as QuickReplies).items.map(({ id, text }) => ({
        id: id.toLowerCase(),
        text,
      }));
      store.quickReplies.set(coach.id, items);
      return HttpResponse.json({ items } satisfies QuickReplies);
    }),
  ];
}
