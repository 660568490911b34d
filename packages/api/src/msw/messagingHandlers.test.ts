import { messages, messagingLimits } from '@coach/domain';
import { describe, expect, it } from 'vitest';
import { mockCoachApi } from '../../test/mockCoachApi.ts';
import { rejection } from '../../test/rejection.ts';
import { readLiveEvents, ServerSentEventReader } from '../contract/serverSentEvents.ts';
import type { Tokens } from '../contract/sessionTokens.ts';
import { mockClientIds } from './fixtures/clientTable.ts';
import {
  fixtureQuickReplies,
  hostileThreadSeeds,
  longestMessageText,
  longThreadSeeds,
} from './fixtures/messageFixtures.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { fixtureTokens } from './fixtures.ts';
import { createHandlers, type HandlersOptions } from './handlers.ts';
import { createLiveEventsMock } from './liveEventHandlers.ts';
import { clientWrites, failMessageSends, seedThread } from './messagingHandlers.ts';
import { createMockState } from './state.ts';

const { jamie, maria, noah } = mockClientIds;

/** A UUID of the test's own (what the app generates for a message). */
const uuid = (n: number) => `abcd0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * The real client over every handler on one state, with a clock the test moves; signed in as the
 * coach by default.
 */
function messagingApi(options: HandlersOptions = {}, tokens: Tokens = fixtureTokens.coach) {
  const state = options.state ?? createMockState();
  const clock = { now: mockNow };
  const handlers = createHandlers({ now: () => clock.now, ...options, state });
  return { api: mockCoachApi(handlers, tokens).messaging, state, clock, handlers };
}

describe('messaging mocks', () => {
  it("lists the demo threads newest first with the coach's unread counts", async () => {
    const { api } = messagingApi();
    const thread = await api.listMessages(jamie);
    expect(thread.unread).toBe(2);
    expect(thread.nextCursor).toBeNull();
    const times = thread.items.map((message) => message.sentAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(thread.items[0]).toMatchObject({ author: 'client', readAt: null, clientId: jamie });
    const counts = await api.listUnreadCounts();
    expect(counts.total).toBe(3);
    expect(counts.clients).toEqual(
      expect.arrayContaining([
        { clientId: jamie, unread: 2 },
        { clientId: maria, unread: 1 },
      ]),
    );
    expect(counts.clients.every((count) => count.unread >= 1)).toBe(true);
    expect((await api.listMessages(noah)).items).toEqual([]);
    const none = messagingApi({ emptyLists: true }).api;
    expect(await none.listUnreadCounts()).toEqual({ clients: [], total: 0 });
    expect(await none.getQuickReplies()).toEqual({ items: [] });
  });

  it('pages a long thread newest first with the domain cursor, to the oldest message', async () => {
    const { api, state } = messagingApi();
    seedThread(state, noah, longThreadSeeds(120, 3));
    const first = await api.listMessages(noah);
    expect(first.items).toHaveLength(messagingLimits.pageMax);
    const seen = [...first.items];
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const page = await api.listMessages(noah, { before: cursor });
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(new Set(seen.map((message) => message.id)).size).toBe(120);
    const times = seen.map((message) => message.sentAt);
    expect(times).toEqual([...times].sort().reverse());
    const small = await api.listMessages(noah, { limit: 2 });
    expect(small.items.map((message) => message.id)).toEqual(seen.slice(0, 2).map((m) => m.id));
    const refused = await rejection(api.listMessages(noah, { before: 'garbage' }));
    expect({ status: refused.status, code: refused.code }).toEqual({
      status: 400,
      code: 'invalid_request',
    });
  });

  it('keeps hostile and the longest texts as written, and empties a thread', async () => {
    const { api, state } = messagingApi();
    seedThread(state, noah, hostileThreadSeeds());
    const { items } = await api.listMessages(noah);
    expect(items.map((message) => message.text)).toContain(longestMessageText);
    expect(longestMessageText).toHaveLength(messagingLimits.messageMaxLength);
    expect(items.some((message) => message.text.includes('\u202E'))).toBe(true);
    seedThread(state, jamie, []);
    expect(await api.listMessages(jamie)).toEqual({ items: [], nextCursor: null, unread: 0 });
  });

  it("marks the client's messages read up to one, and counts what is left", async () => {
    const { api } = messagingApi();
    const { items } = await api.listMessages(jamie);
    const [newest, older] = items;
    if (!newest || !older) throw new Error('The demo thread is too short');
    expect(await api.markMessagesRead(jamie, { upTo: older.id })).toEqual({ unread: 1 });
    expect(await api.markMessagesRead(jamie, { upTo: newest.id })).toEqual({ unread: 0 });
    const read = await api.listMessages(jamie);
    expect(read.items.every((message) => message.readAt !== null)).toBe(true);
    expect((await api.listUnreadCounts()).clients.map((count) => count.clientId)).toEqual([maria]);
    const missing = await rejection(api.markMessagesRead(jamie, { upTo: uuid(99) }));
    expect({ status: missing.status, message: missing.message }).toMatchObject({
      status: 404,
      message: messages.messageNotFound,
    });
  });

  it('stores a message under its id, the newest listed first', async () => {
    const { api } = messagingApi();
    const sent = await api.sendMessage(jamie, { id: uuid(1), text: 'See you Thursday' });
    expect(sent).toMatchObject({
      id: uuid(1),
      author: 'coach',
      text: 'See you Thursday',
      readAt: null,
      deletedAt: null,
    });
    const again = await api.sendMessage(jamie, { id: uuid(2), text: 'And bring the notes' });
    const { items } = await api.listMessages(jamie);
    expect(items.slice(0, 2).map((message) => message.id)).toEqual([again.id, sent.id]);
  });

  it('fails a send while a story asks, then sends again', async () => {
    const { api, state } = messagingApi();
    failMessageSends(state);
    const failed = await rejection(api.sendMessage(jamie, { id: uuid(3), text: 'Hello' }));
    expect(failed.status).toBe(500);
    failMessageSends(state, false);
    expect((await api.sendMessage(jamie, { id: uuid(3), text: 'Hello' })).id).toBe(uuid(3));
    const option = messagingApi({ messageSendFails: true }).api;
    expect((await rejection(option.sendMessage(jamie, { id: uuid(4), text: 'Hi' }))).status).toBe(
      500,
    );
  });

  it("deletes the coach's own message by the mocks' clock, and no other", async () => {
    const { api, clock } = messagingApi();
    const first = await api.sendMessage(jamie, { id: uuid(5), text: 'Oops' });
    clock.now = new Date(mockNow.getTime() + 60_000);
    const deleted = await api.deleteMessage(jamie, first.id);
    expect(deleted).toMatchObject({ id: first.id, text: '', deletedAt: clock.now.toISOString() });
    const { items } = await api.listMessages(jamie);
    const clientMessage = items.find((message) => message.author === 'client');
    const notOwn = await rejection(api.deleteMessage(jamie, clientMessage?.id ?? ''));
    expect({ status: notOwn.status, message: notOwn.message }).toEqual({
      status: 403,
      message: messages.onlyCoachesDeleteMessages,
    });
    expect((await rejection(api.deleteMessage(jamie, uuid(98)))).status).toBe(404);
  });

  it('keeps the quick replies in order', async () => {
    const { api } = messagingApi();
    expect((await api.getQuickReplies()).items).toEqual(fixtureQuickReplies);
    const items = [
      { id: uuid(11), text: 'Hi {firstName}!' },
      { id: uuid(10), text: 'Talk soon' },
    ];
    expect(await api.updateQuickReplies({ items })).toEqual({ items });
    expect(await api.getQuickReplies()).toEqual({ items });
    const tooMany = Array.from({ length: messagingLimits.quickRepliesMax + 1 }, (_, n) => ({
      id: uuid(20 + n),
      text: 'x',
    }));
    expect((await rejection(api.updateQuickReplies({ items: tooMany }))).status).toBe(400);
  });

  it("answers 'Client not found' for a client of no one's, and a client reaches their own thread", async () => {
    const { api } = messagingApi();
    const stranger = await rejection(api.listMessages(uuid(7)));
    expect({ status: stranger.status, message: stranger.message }).toEqual({
      status: 404,
      message: messages.clientNotFound,
    });
    const asClient = messagingApi({}, fixtureTokens.client).api;
    const own = await asClient.listMessages(jamie);
    expect(own.unread).toBe(0);
    expect((await rejection(asClient.listMessages(maria))).status).toBe(404);
    const sent = await asClient.sendMessage(jamie, { id: uuid(8), text: 'Hi coach' });
    expect(sent.author).toBe('client');
    expect((await rejection(asClient.listUnreadCounts())).status).toBe(403);
    expect((await rejection(asClient.getQuickReplies())).status).toBe(403);
  });

  it('pushes messages-changed into the live stream when the client writes', async () => {
    const state = createMockState();
    const live = createLiveEventsMock({ state });
    const { api } = messagingApi({ state, liveEvents: live });
    const abort = new AbortController();
    const body = await mockCoachApi(
      createHandlers({ state, liveEvents: live }),
      fixtureTokens.coach,
    ).analytics.openLiveEvents({ signal: abort.signal });
    const events = readLiveEvents(body, new ServerSentEventReader())[Symbol.asyncIterator]();
    const written = clientWrites(state, noah, 'Are you there?');
    expect((await events.next()).value).toMatchObject({
      event: 'messages-changed',
      data: { clientIds: [noah] },
    });
    const thread = await api.listMessages(noah);
    expect(thread).toMatchObject({ unread: 1, items: [written] });
    expect(await api.listUnreadCounts()).toMatchObject({
      clients: expect.arrayContaining([{ clientId: noah, unread: 1 }]),
    });
    abort.abort();
  });
});
