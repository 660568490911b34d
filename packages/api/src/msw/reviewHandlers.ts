import { attentionOf, type ClientReview, localDateOf, queueFlagsOf } from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import type { ClientSummary } from '../contract/analytics.ts';
import type { MockClientRecord } from './fixtures/buildClient.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { pushLiveEvent } from './liveEventHandlers.ts';
import { coachUnreadOf } from './messagingHandlers.ts';
import { summaryOf } from './mockAnalytics.ts';
import { listedFollowUpOf } from './notesHandlers.ts';
import { clientAccess, type MockHandlerOptions, mockService } from './route.ts';
import { type MockState, perState } from './state.ts';

// 'Reviewed for today' over the mock state (decision 94), for what the stories and component
// tests show: the coach marks a client or undoes it, the flags worked out by the domain's rule
// from the client's row as the mock list shows it, and the rows carry today's review (the coach's
// day at the list's instant, `mockNow`). The server's quota is its own: a story shows a refusal
// with `failures`.

/** Options of {@link createReviewHandlers}. */
export type ReviewHandlerOptions = MockHandlerOptions;

/** The latest review of each client by their coach, by client id. */
const reviewsOf = perState(() => new Map<string, ClientReview & { coachId: string }>());

/** The coach's day at the list's instant, in their time zone. */
const coachDayOf = (state: MockState, coachId: string) =>
  localDateOf(mockNow, state.persons.find((person) => person.id === coachId)?.timezone ?? 'UTC');

/** The client's coach's review of today, as the rows show it; null when none. */
function todayReviewOf(state: MockState, record: MockClientRecord): ClientReview | null {
  const kept = reviewsOf(state).get(record.person.id);
  if (!kept || kept.coachId !== record.person.coachId) return null;
  const { coachId, ...review } = kept;
  return review.day === coachDayOf(state, coachId) ? review : null;
}

/**
 * What a client's row of the list holds from the other mocks at `now`: the unread messages, the
 * open follow-up and the coach's review of today.
 */
export function rowExtrasOf(
  state: MockState,
  record: MockClientRecord,
  now: Date,
): Pick<ClientSummary, 'unreadMessages' | 'followUp' | 'review'> {
  return {
    unreadMessages: coachUnreadOf(state, record.person.id),
    followUp: listedFollowUpOf(state, record.person.id, now),
    review: todayReviewOf(state, record),
  };
}

/**
 * Sets the client's review by their coach (null: none), for a story that opens on a reviewed
 * client: `flags` and `unreadMessages` as the client's row has them when not given.
 */
export function seedReview(
  state: MockState,
  clientId: string,
  seed: Partial<ClientReview> | null,
): void {
  const record = state.clients.find((client) => client.person.id === clientId);
  const coachId = record?.person.coachId;
  if (!record || !coachId) throw new Error(`MSW: no mock client ${clientId} with a coach`);
  if (seed === null) {
    reviewsOf(state).delete(clientId);
    return;
  }
  reviewsOf(state).set(clientId, { coachId, ...reviewNow(state, record, mockNow), ...seed });
}

/** The review the client's coach marks at `at`: the flags of the row the list shows now. */
function reviewNow(state: MockState, record: MockClientRecord, at: Date): ClientReview {
  const row = summaryOf(record, mockNow, rowExtrasOf(state, record, mockNow));
  const coachId = record.person.coachId ?? '';
  return {
    day: coachDayOf(state, coachId),
    reviewedAt: at.toISOString(),
    flags: queueFlagsOf(attentionOf(row, mockNow), row.followUp?.isDue === true),
    unreadMessages: row.unreadMessages,
  };
}

/** Tells the coach's live stream that the client's row changed. */
const clientRowChanged = (state: MockState, clientId: string) =>
  pushLiveEvent(state, { event: 'clients-changed', data: { clientIds: [clientId] } });

/**
 * MSW handlers of the reviews (the analytics service's `PUT` and `DELETE
 * /clients/:clientId/review`): the client's coach only, the one 404 to anyone else.
 */
export function createReviewHandlers(options: ReviewHandlerOptions = {}): HttpHandler[] {
  const { state, handle, now } = mockService(options);
  return [
    handle('markClientReviewed', ({ userId, params }) => {
      const access = clientAccess(state, userId, params.clientId);
      if (access instanceof Response) return access;
      const { record, caller } = access;
      const review = reviewNow(state, record, now());
      reviewsOf(state).set(record.person.id, { coachId: caller.id, ...review });
      clientRowChanged(state, record.person.id);
      return HttpResponse.json(review);
    }),
    handle('unmarkClientReviewed', ({ userId, params }) => {
      const access = clientAccess(state, userId, params.clientId);
      if (access instanceof Response) return access;
      const { record } = access;
      if (todayReviewOf(state, record)) {
        reviewsOf(state).delete(record.person.id);
        clientRowChanged(state, record.person.id);
      }
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
