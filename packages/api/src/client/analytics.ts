import type {
  ActivityPage,
  ActivityQuery,
  ClientProfileSummary,
  ClientSeries,
  ClientSummaryList,
} from '../contract/analytics.ts';
import type { AttentionEpisodeList } from '../contract/attentionEpisodes.ts';
import type { DateRangeQuery } from '../contract/calendar.ts';
import type { ClientReview } from '../contract/clientReviews.ts';
import type { CoachActionList } from '../contract/coachActions.ts';
import type { ClientIdParams } from '../contract/journey.ts';
import { lastEventIdHeader } from '../contract/liveEventWire.ts';
import { routeCalls } from '../contract/routeCalls.ts';
import type { ServiceRequest } from './request.ts';
import { callRoute, clientRange } from './route.ts';

/** The typed calls of the analytics service (the coach's figures). */
export type AnalyticsClient = {
  /**
   * `GET /clients`: every figure of the clients table for all of the coach's clients. Rejects
   * with a 403 ApiError 'Invalid user type. Only coaches allowed' for a client.
   */
  listClientSummaries(): Promise<ClientSummaryList>;
  /** `GET /clients/{clientId}/profile`: the figures of a client's profile header. */
  getClientProfileSummary(clientId: ClientIdParams['clientId']): Promise<ClientProfileSummary>;
  /** `GET /clients/{clientId}/series?from=&to=`: one entry per local date of the range. */
  getClientSeries(
    clientId: ClientIdParams['clientId'],
    range: DateRangeQuery,
  ): Promise<ClientSeries>;
  /**
   * `GET /clients/{clientId}/activity?limit=&before=`: a page of the activity history, newest
   * first; pass the page's `nextCursor` as `before` for the next one.
   */
  getClientActivity(
    clientId: ClientIdParams['clientId'],
    query?: ActivityQuery,
  ): Promise<ActivityPage>;
  /**
   * `GET /clients/{clientId}/coachActions`: the caller's own actions on the client (invite, phase
   * changes, reports), newest first.
   */
  listClientCoachActions(clientId: ClientIdParams['clientId']): Promise<CoachActionList>;
  /**
   * `GET /clients/{clientId}/episodes`: the client's attention episodes with the caller, newest
   * first.
   */
  listClientEpisodes(clientId: ClientIdParams['clientId']): Promise<AttentionEpisodeList>;
  /**
   * `PUT /clients/{clientId}/review`: marks the client 'reviewed for today' (the coach's day),
   * with the queue flags the server finds now, and answers the review.
   */
  markClientReviewed(clientId: ClientIdParams['clientId']): Promise<ClientReview>;
  /** `DELETE /clients/{clientId}/review`: undoes today's review (none: nothing to undo). */
  unmarkClientReviewed(clientId: ClientIdParams['clientId']): Promise<void>;
  /**
   * `GET /events`: opens the coach's live event stream and answers its body (read it with
   * `readLiveEvents`); `lastEventId` resumes after that event. Abort `signal` to close it.
   */
  openLiveEvents(options?: {
    lastEventId?: string;
    signal?: AbortSignal;
  }): Promise<ReadableStream<Uint8Array>>;
  /** Any other call of the service. */
  request: ServiceRequest;
};

/** Creates the {@link AnalyticsClient} over the analytics service's request function. */
export function createAnalyticsClient(request: ServiceRequest): AnalyticsClient {
  return {
    listClientSummaries: () => callRoute(request, 'listClientSummaries'),
    getClientProfileSummary: (clientId) =>
      callRoute(request, 'getClientProfileSummary', { params: { clientId } }),
    getClientSeries: (clientId, range) =>
      callRoute(request, 'getClientSeries', clientRange(clientId, range)),
    getClientActivity: (clientId, query = {}) =>
      callRoute(request, 'getClientActivity', {
        params: { clientId },
        query: { limit: query.limit, before: query.before },
      }),
    listClientCoachActions: (clientId) =>
      callRoute(request, 'listClientCoachActions', { params: { clientId } }),
    listClientEpisodes: (clientId) =>
      callRoute(request, 'listClientEpisodes', { params: { clientId } }),
    markClientReviewed: (clientId) =>
      callRoute(request, 'markClientReviewed', { params: { clientId } }),
    unmarkClientReviewed: async (clientId) => {
      await callRoute(request, 'unmarkClientReviewed', { params: { clientId } });
    },
    openLiveEvents: ({ lastEventId, signal } = {}) =>
      request<ReadableStream<Uint8Array>>(routeCalls.streamLiveEvents.path, {
        method: routeCalls.streamLiveEvents.method,
        auth: routeCalls.streamLiveEvents.auth,
        responseType: 'stream',
        headers: lastEventId ? { [lastEventIdHeader]: lastEventId } : {},
        ...(signal ? { signal } : {}),
      }),
    request,
  };
}
