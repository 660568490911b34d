import { type LiveEvent, lastEventIdHeader } from '@coach/api';
import {
  createHandlers,
  createLiveEventsMock,
  fixtureTokens,
  mockClientIds,
  type PushedLiveEvent,
} from '@coach/api/msw';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, mockBackend, testBaseUrls } from '../../../test/mockApi.ts';
import { maxReconnectMs, reconnectDelayMs, runLiveStream } from './liveStream.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const eventsUrl = `${testBaseUrls.analytics}/events`;
const changed = (clientId: string): PushedLiveEvent => ({
  event: 'clients-changed',
  data: { clientIds: [clientId] },
});

/** The mocks with a live stream the test drives, and what each opening of the stream sent. */
function setup(initial: { accessToken?: string; refreshToken?: string } = fixtureTokens.coach) {
  const backend = mockBackend();
  const live = createLiveEventsMock(backend.options);
  const openings: { authorization: string | null; lastEventId: string | null }[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url !== eventsUrl) return;
    openings.push({
      authorization: request.headers.get('authorization'),
      lastEventId: request.headers.get(lastEventIdHeader),
    });
  });
  server.use(...createHandlers({ ...backend.options, liveEvents: live }));
  const onSessionReset = vi.fn();
  const { api, tokens } = createTestApi(initial, onSessionReset);
  const events: LiveEvent[] = [];
  const waits: number[] = [];
  const abort = new AbortController();
  const run = (wait?: (ms: number) => Promise<void>) =>
    runLiveStream({
      api,
      onEvent: (event) => events.push(event),
      signal: abort.signal,
      random: () => 1,
      wait: async (ms) => {
        waits.push(ms);
        await wait?.(ms);
      },
    });
  return {
    live,
    openings,
    events,
    waits,
    abort,
    run,
    tokens,
    onSessionReset,
    state: backend.state,
  };
}

describe('runLiveStream', () => {
  it('opens the stream with the bearer token and hands on each event as it comes', async () => {
    const { live, openings, events, abort, run } = setup();
    const done = run();
    await vi.waitFor(() => expect(live.openStreams()).toBe(1));
    expect(openings).toEqual([
      { authorization: `Bearer ${fixtureTokens.coach.accessToken}`, lastEventId: null },
    ]);
    const id = live.push(changed(mockClientIds.jamie));
    live.heartbeat();
    live.push({ event: 'refetch', data: { reason: 'connection' } });
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events[0]).toEqual({ id, ...changed(mockClientIds.jamie) });
    expect(events[1]).toMatchObject({ event: 'refetch', data: { reason: 'connection' } });
    abort.abort();
    expect(await done).toBe('closed');
    await vi.waitFor(() => expect(live.openStreams()).toBe(0));
  });

  it('opens the stream again after it ends, after a wait, resuming after the last event', async () => {
    const { live, openings, events, waits, abort, run } = setup();
    const done = run();
    await vi.waitFor(() => expect(live.openStreams()).toBe(1));
    const first = live.push(changed(mockClientIds.jamie));
    await vi.waitFor(() => expect(events).toHaveLength(1));
    live.endAll();
    // Sent while no stream was open: the resumed stream sends it.
    await vi.waitFor(() => expect(waits).toHaveLength(1));
    const missed = live.push(changed(mockClientIds.jamie));
    await vi.waitFor(() => expect(events.map((event) => event.id)).toEqual([first, missed]));
    expect(openings.map((opening) => opening.lastEventId)).toEqual([null, first]);
    expect(waits).toEqual([1000]);
    abort.abort();
    await done;
  });

  it('waits longer after each failure to open, and reconnects once the server is back', async () => {
    const { live, waits, abort, run } = setup();
    let failures = 3;
    server.use(
      http.get(eventsUrl, () => {
        if (failures === 0) return undefined;
        failures -= 1;
        return HttpResponse.json(
          { error: 'service_unavailable', message: 'Down' },
          { status: 503 },
        );
      }),
    );
    const done = run();
    await vi.waitFor(() => expect(live.openStreams()).toBe(1));
    expect(waits).toEqual([2000, 4000, 8000]);
    abort.abort();
    await done;
  });

  it('renews an expired access token once and opens the stream with the new one', async () => {
    const { live, openings, tokens, abort, run } = setup({
      accessToken: 'expired',
      refreshToken: fixtureTokens.coach.refreshToken,
    });
    const done = run();
    await vi.waitFor(() => expect(live.openStreams()).toBe(1));
    expect(openings.map((opening) => opening.authorization)).toEqual([
      'Bearer expired',
      `Bearer ${tokens.getAccessToken()}`,
    ]);
    abort.abort();
    await done;
  });

  it('stops for good when the session has ended (the refresh fails): the session is reset', async () => {
    const { live, openings, waits, run, onSessionReset, state, tokens } = setup();
    const done = run();
    await vi.waitFor(() => expect(live.openStreams()).toBe(1));
    // A logout elsewhere: the server ends the session's stream and its tokens.
    state.accessTokens.delete(fixtureTokens.coach.accessToken);
    state.refreshTokens.delete(fixtureTokens.coach.refreshToken);
    live.endAll();
    expect(await done).toBe('sessionEnded');
    expect(onSessionReset).toHaveBeenCalledTimes(1);
    expect(tokens.getAccessToken()).toBeNull();
    expect(openings).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it('stops for good for a client account (403)', async () => {
    const { run, openings } = setup(fixtureTokens.client);
    expect(await run()).toBe('sessionEnded');
    expect(openings).toHaveLength(1);
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from 1 s up to 30 s, spread between half and all of it', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((failures) => reconnectDelayMs(failures, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect(reconnectDelayMs(0, () => 0)).toBe(500);
    expect(reconnectDelayMs(20, () => 0.5)).toBe(0.75 * maxReconnectMs);
  });
});
