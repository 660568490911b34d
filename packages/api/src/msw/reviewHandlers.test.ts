import {
  attentionOf,
  type ClientReview,
  isInAttentionQueue,
  localDateOf,
  messages,
  queueFlagsOf,
} from '@coach/domain';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { mockCoachApi } from '../../test/mockCoachApi.ts';
import { rejection } from '../../test/rejection.ts';
import type { ClientSummary } from '../contract/analytics.ts';
import { ClientReviewSchema } from '../contract/clientReviews.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { coachPerson, fixtureTokens } from './fixtures.ts';
import { createHandlers } from './handlers.ts';
import { clientWrites } from './messagingHandlers.ts';
import { seedReview } from './reviewHandlers.ts';
import { createMockState } from './state.ts';

/** The real client over every handler on one fresh state, signed in as the demo coach. */
function reviewApi() {
  const state = createMockState();
  const handlers = createHandlers({ now: () => mockNow, state });
  return { state, api: mockCoachApi(handlers, fixtureTokens.coach), handlers };
}

/** The row's queue flags and whether the queue holds it, by the domain's rule. */
function queueOf(row: ClientSummary, generatedAt: string) {
  const flags = queueFlagsOf(attentionOf(row, new Date(generatedAt)), row.followUp?.isDue === true);
  return { flags, isQueued: isInAttentionQueue(flags, row.unreadMessages, row.review) };
}

async function rows(api: ReturnType<typeof reviewApi>['api']) {
  const list = await api.analytics.listClientSummaries();
  return list.clients.map((row) => ({ row, ...queueOf(row, list.generatedAt) }));
}

const today = localDateOf(mockNow, coachPerson.timezone);

describe('the review mocks', () => {
  it("mark a queued client with the flags of their row: the list and the profile carry today's review and the queue leaves them out", async () => {
    const { api } = reviewApi();
    const queued = (await rows(api)).find((each) => each.isQueued);
    if (!queued) throw new Error('no queued client in the fixtures');
    const { clientId } = queued.row;
    const review = await api.analytics.markClientReviewed(clientId);
    expect([...Value.Errors(ClientReviewSchema, review)]).toEqual([]);
    expect(review).toMatchObject({
      day: today,
      flags: queued.flags,
      unreadMessages: queued.row.unreadMessages,
    } satisfies Partial<ClientReview>);
    const after = (await rows(api)).find((each) => each.row.clientId === clientId);
    expect(after?.row.review).toEqual(review);
    expect(after?.isQueued).toBe(false);
    expect((await api.analytics.getClientProfileSummary(clientId)).review).toEqual(review);
  });

  it('take the client back for a message after the review, and undo it (twice without harm)', async () => {
    const { api, state } = reviewApi();
    const [first] = await rows(api);
    if (!first) throw new Error('no client in the fixtures');
    const { clientId } = first.row;
    await api.analytics.markClientReviewed(clientId);
    clientWrites(state, clientId, 'Hello');
    const back = (await rows(api)).find((each) => each.row.clientId === clientId);
    expect(back?.isQueued).toBe(true);
    await api.analytics.unmarkClientReviewed(clientId);
    await api.analytics.unmarkClientReviewed(clientId);
    const undone = (await rows(api)).find((each) => each.row.clientId === clientId);
    expect(undone?.row.review).toBeNull();
  });

  it('never show a review of an earlier day', async () => {
    const { api, state } = reviewApi();
    const [first] = await rows(api);
    if (!first) throw new Error('no client in the fixtures');
    seedReview(state, first.row.clientId, { day: '2020-01-01' });
    const row = (await rows(api)).find((each) => each.row.clientId === first.row.clientId);
    expect(row?.row.review).toBeNull();
  });

  it('answer the one 404 to a client, and for an id that is no one', async () => {
    const { api, handlers } = reviewApi();
    const [first] = await rows(api);
    if (!first) throw new Error('no client in the fixtures');
    const asClient = mockCoachApi(handlers, fixtureTokens.client);
    for (const call of [
      asClient.analytics.markClientReviewed(first.row.clientId),
      asClient.analytics.unmarkClientReviewed(first.row.clientId),
      api.analytics.markClientReviewed('00000000-0000-4000-8000-00000000dead'),
    ]) {
      const error = await rejection(call);
      expect({ status: error.status, message: error.message }).toEqual({
        status: 404,
        message: messages.clientNotFound,
      });
    }
  });
});
