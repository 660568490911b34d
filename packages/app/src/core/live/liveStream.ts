import {
  type CoachApi,
  type LiveEvent,
  readLiveEvents,
  ServerSentEventReader,
  toApiError,
} from '@coach/api';

/** The first wait before reconnecting, doubled after each failure up to {@link maxReconnectMs}. */
const firstReconnectMs = 1000;
/** The longest wait before reconnecting. */
export const maxReconnectMs = 30_000;

/** Why a live stream stopped for good. */
export type LiveStreamEnd = 'closed' | 'sessionEnded';

export type LiveStreamOptions = {
  api: Pick<CoachApi, 'analytics'>;
  /** Each live event, as it comes. */
  onEvent: (event: LiveEvent) => void;
  /** Closes the stream and stops reconnecting (sign-out, the layout leaving). */
  signal: AbortSignal;
  /** Waits `ms` or until `signal` aborts (tests pass their own clock). */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** A number in [0, 1) that spreads reconnections of many tabs (Math.random by default). */
  random?: () => number;
};

/** The wait before the reconnection after `failures` failed ones in a row: 1 s, 2 s, ... 30 s, jittered. */
export function reconnectDelayMs(failures: number, random: () => number): number {
  const ceiling = Math.min(maxReconnectMs, firstReconnectMs * 2 ** failures);
  // Between half and all of it: tabs that lost a server together do not come back together.
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/**
 * Keeps the coach's live event stream open until `signal` aborts: opened through the API client
 * (the bearer header, one refresh and retry on a 401), read event by event, and opened again after
 * it ends or fails, with growing waits and the last event id (the server then sends what was
 * missed, or a refetch). A 401 that the client could not renew (it has reset the session: the app
 * signs out) or a 403 stops it for good.
 */
export async function runLiveStream({
  api,
  onEvent,
  signal,
  wait = waitFor,
  random = Math.random,
}: LiveStreamOptions): Promise<LiveStreamEnd> {
  let lastEventId = '';
  let failures = 0;
  while (!signal.aborted) {
    const reader = new ServerSentEventReader();
    reader.lastEventId = lastEventId;
    // `signal` aborts the request while it opens, then cancels the body it answered (the pipe);
    // once the stream has ended, whatever ended it, `finally` aborts the request too, so that no
    // connection outlives its stream. In that order: WebKit keeps the connection of a request
    // whose body was only cancelled (six such held every request after them), and undici (the
    // jsdom tests' fetch) fails an assertion when a request is aborted before its body is done.
    const request = new AbortController();
    const abortRequest = () => request.abort();
    signal.addEventListener('abort', abortRequest);
    try {
      const body = await api.analytics.openLiveEvents({
        signal: request.signal,
        ...(lastEventId ? { lastEventId } : {}),
      });
      failures = 0;
      signal.removeEventListener('abort', abortRequest);
      const piped = body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>(), { signal });
      for await (const event of readLiveEvents(piped, reader)) onEvent(event);
    } catch (error) {
      if (signal.aborted) break;
      const { status } = toApiError(error);
      if (status === 401 || status === 403) return 'sessionEnded';
      failures += 1;
    } finally {
      signal.removeEventListener('abort', abortRequest);
      request.abort();
    }
    lastEventId = reader.lastEventId;
    if (signal.aborted) break;
    // An ended stream (a server stopping, a session ending) is opened again after the first wait:
    // a session that ended then answers 401 and the loop stops.
    await wait(reconnectDelayMs(failures, random), signal);
  }
  return 'closed';
}
