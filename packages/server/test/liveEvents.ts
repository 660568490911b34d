// Test helpers of the live event stream: a reader over real HTTP that keeps what came, and waits
// (bounded) for what should come.
import { randomUUID } from 'node:crypto';
import { type LiveEvent, liveEventOf, ServerSentEventReader } from '@coach/api';

/** An open stream as a test reads it. */
export type TestLiveStream = {
  status: number;
  /** The error body when the stream was refused. */
  body: unknown;
  events: LiveEvent[];
  /** Every byte of text read so far (comments included). */
  text: () => string;
  /** The reader's last event id (the opening's, or the last event's). */
  lastEventId: () => string;
  /** The next event not yet taken by `next`, waiting at most `timeoutMs`. */
  next: (timeoutMs?: number) => Promise<LiveEvent>;
  /** Waits (at most `timeoutMs`) until the text read holds `count` of `fragment`. */
  waitForText: (fragment: string, count: number, timeoutMs?: number) => Promise<void>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close: () => void;
};

/** Opens `GET /api/analytics/events` on `baseUrl` with `token` (and a Last-Event-ID). */
export async function openLiveStream(
  baseUrl: string,
  token: string | null,
  lastEventId?: string,
): Promise<TestLiveStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const response = await fetch(`${baseUrl}/api/analytics/events`, {
    headers,
    signal: abort.signal,
  });
  const events: LiveEvent[] = [];
  let text = '';
  let taken = 0;
  const reader = new ServerSentEventReader();
  let wake = () => {};
  const changed = () => {
    const waking = wake;
    wake = () => {};
    waking();
  };
  /** Waits for more text, failing at `deadline` (ms since the epoch). */
  const waitChange = (deadline: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`No ${what} in time`)),
        Math.max(0, deadline - Date.now()),
      );
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  if (!response.ok) {
    const body = await response.json();
    return {
      status: response.status,
      body,
      events,
      text: () => '',
      lastEventId: () => '',
      next: () => Promise.reject(new Error('The stream was refused')),
      waitForText: () => Promise.reject(new Error('The stream was refused')),
      ended: Promise.resolve(),
      close: () => {},
    };
  }
  const body = response.body;
  if (!body) throw new Error('A stream without a body');
  let isEnded = false;
  const ended = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        const part = decoder.decode(chunk, { stream: true });
        text += part;
        for (const message of reader.push(part)) {
          const event = liveEventOf(message);
          if (event) events.push(event);
        }
        changed();
      }
    } catch {
      // Aborted by the test.
    }
    isEnded = true;
    changed();
  })();
  const countOf = (fragment: string) => text.split(fragment).length - 1;
  return {
    status: response.status,
    body: null,
    events,
    text: () => text,
    lastEventId: () => reader.lastEventId,
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (taken >= events.length) {
        if (isEnded) throw new Error('The stream ended');
        await waitChange(deadline, 'event');
      }
      const event = events[taken];
      taken += 1;
      if (!event) throw new Error('No event');
      return event;
    },
    async waitForText(fragment, count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (countOf(fragment) < count) {
        if (isEnded) throw new Error('The stream ended');
        await waitChange(deadline, `'${fragment}'`);
      }
    },
    ended,
    close: () => abort.abort(),
  };
}

/** A device batch of one sample an hour ago: new data, so a change. */
export function oneSampleBatch() {
  return {
    samples: [
      {
        id: randomUUID(),
        kind: 'hrv',
        value: 55,
        measuredAt: new Date(Date.now() - 3_600_000).toISOString(),
      },
    ],
    sessions: [],
  };
}
