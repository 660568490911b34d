import { describe, expect, it } from 'vitest';
import type { LiveEvent } from './liveEvents.ts';
import {
  formatLiveEvent,
  formatStreamOpening,
  readLiveEvents,
  ServerSentEventReader,
} from './serverSentEvents.ts';

const encoder = new TextEncoder();
const changed: LiveEvent = { id: 'e.2', event: 'clients-changed', data: { clientIds: ['c1'] } };
const refetch: LiveEvent = { id: 'e.3', event: 'refetch', data: { reason: 'resume' } };

/**
 * A body of `texts`, one chunk each, that stays open unless `ends`, and is not async iterable
 * (WebKit's streams are not); `cancelled` says whether its reader cancelled it.
 */
function bodyOf(texts: string[], { ends }: { ends: boolean }) {
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const text of texts) controller.enqueue(encoder.encode(text));
      if (ends) controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  Object.defineProperty(body, Symbol.asyncIterator, { value: undefined });
  return { body, state };
}

describe('readLiveEvents', () => {
  it('reads the events of a body that is not async iterable, an event split across chunks, until it ends', async () => {
    const event = formatLiveEvent(changed);
    const { body } = bodyOf(
      [formatStreamOpening('e.1'), event.slice(0, 10), event.slice(10), formatLiveEvent(refetch)],
      { ends: true },
    );
    const reader = new ServerSentEventReader();
    const events: LiveEvent[] = [];
    for await (const read of readLiveEvents(body, reader)) events.push(read);
    expect(events).toEqual([changed, refetch]);
    expect(reader.lastEventId).toBe('e.3');
  });

  it('cancels the body when its consumer stops early, and leaves a body that ended alone', async () => {
    const open = bodyOf([formatLiveEvent(changed), formatLiveEvent(refetch)], { ends: false });
    for await (const read of readLiveEvents(open.body)) {
      expect(read).toEqual(changed);
      break;
    }
    expect(open.state.cancelled).toBe(true);
    expect(open.body.locked).toBe(false);

    const ended = bodyOf([formatLiveEvent(changed)], { ends: true });
    for await (const _ of readLiveEvents(ended.body)) {
      // reads to the end
    }
    expect(ended.state.cancelled).toBe(false);
  });
});
