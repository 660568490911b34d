import { messages } from '@coach/domain';
import { describe, expect, it } from 'vitest';
import { mockCoachApi } from '../../test/mockCoachApi.ts';
import { mswFetch } from '../../test/mswFetch.ts';
import { rejection } from '../../test/rejection.ts';
import type { LiveEvent } from '../contract/liveEvents.ts';
import { readLiveEvents, ServerSentEventReader } from '../contract/serverSentEvents.ts';
import { mockClientIds } from './fixtures/clientTable.ts';
import { fixtureTokens } from './fixtures.ts';
import { createHandlers } from './handlers.ts';
import { createLiveEventsMock } from './liveEventHandlers.ts';

const clientId = mockClientIds.jamie;

/** The coach's stream through the real client, read event by event. */
async function openAsCoach(live: ReturnType<typeof createLiveEventsMock>, lastEventId?: string) {
  const api = mockCoachApi(createHandlers({ liveEvents: live }), fixtureTokens.coach);
  const abort = new AbortController();
  const reader = new ServerSentEventReader();
  const body = await api.analytics.openLiveEvents({
    signal: abort.signal,
    ...(lastEventId ? { lastEventId } : {}),
  });
  const events = readLiveEvents(body, reader)[Symbol.asyncIterator]();
  const next = async (): Promise<LiveEvent> => {
    const { value, done } = await events.next();
    if (done) throw new Error('The stream ended');
    return value;
  };
  return { next, reader, close: () => abort.abort() };
}

describe('MSW live events', () => {
  it('sends the events a story pushes to an open stream, in the contract format', async () => {
    const live = createLiveEventsMock();
    const stream = await openAsCoach(live);
    expect(live.openStreams()).toBe(1);
    const id = live.push({ event: 'clients-changed', data: { clientIds: [clientId] } });
    expect(await stream.next()).toEqual({
      event: 'clients-changed',
      id,
      data: { clientIds: [clientId] },
    });
    live.push({ event: 'refetch', data: { reason: 'connection' } });
    expect(await stream.next()).toMatchObject({ event: 'refetch', data: { reason: 'connection' } });
    stream.close();
  });

  it('resumes after a Last-Event-ID it issued, and asks for a refetch after any other', async () => {
    const live = createLiveEventsMock();
    const first = live.push({ event: 'clients-changed', data: { clientIds: [clientId] } });
    const second = live.push({ event: 'clients-changed', data: { clientIds: [clientId] } });
    const resumed = await openAsCoach(live, first);
    expect((await resumed.next()).id).toBe(second);
    const unknown = await openAsCoach(live, 'someone-else.7');
    expect(await unknown.next()).toMatchObject({ event: 'refetch', data: { reason: 'resume' } });
    resumed.close();
    unknown.close();
  });

  it('refuses a client of type user with 403, as the server', async () => {
    const api = mockCoachApi(createHandlers(), fixtureTokens.client);
    // A stream's error body is not read by the client: the status tells.
    expect((await rejection(api.analytics.openLiveEvents())).status).toBe(403);
    const response = await mswFetch(createHandlers())(
      'http://localhost:6006/api/analytics/events',
      { headers: { authorization: `Bearer ${fixtureTokens.client.accessToken}` } },
    );
    expect(await response.json()).toEqual({
      error: 'invalid_user_type',
      message: messages.invalidUserType,
    });
  });
});
