import { randomUUID } from 'node:crypto';
import {
  type LiveEvent,
  liveEventOf,
  maxChangedClientIds,
  ServerSentEventReader,
} from '@coach/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/index.ts';
import type { NoticeListener } from '../../db/notices.ts';
import { createLiveHub, defaultLiveEventOptions, type LiveStream } from './liveHub.ts';

// The hub on a fake clock, fed notices by hand: what the HTTP tests cannot pin down in time.

const coalesceMs = 1_000;
const coachA = randomUUID();
const coachB = randomUUID();
const [clientC, clientD, clientE] = [randomUUID(), randomUUID(), randomUUID()];

let listener: NoticeListener;
let liveSessions: Set<string>;

function startHub(options: Partial<typeof defaultLiveEventOptions> = {}) {
  const database = {
    notices: {
      publish: async () => {},
      listen: async (heard: NoticeListener) => {
        listener = heard;
        return async () => {};
      },
    },
  } as unknown as DatabaseHandle;
  const hub = createLiveHub(
    database,
    { ...defaultLiveEventOptions, coalesceMs, ...options },
    async (owner) => liveSessions.has(owner.sessionId),
  );
  return hub;
}

function owner(coachId: string, address = '10.0.0.1') {
  const sessionId = randomUUID();
  liveSessions.add(sessionId);
  return { coachId, userId: randomUUID(), sessionId, address };
}

/** The events written to a stream so far. */
function eventsOf(stream: LiveStream): LiveEvent[] {
  const reader = new ServerSentEventReader();
  let text = '';
  for (let chunk = stream.body.read(); chunk !== null; chunk = stream.body.read()) {
    text += String(chunk);
  }
  return reader.push(text).flatMap((message) => liveEventOf(message) ?? []);
}

const changed = (coachId: string, clientId: string) => `c:${coachId}:${clientId}`;
const threadChanged = (coachId: string, clientId: string) => `m:${coachId}:${clientId}`;

beforeEach(() => {
  vi.useFakeTimers();
  liveSessions = new Set();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the live hub', () => {
  it("sends a change at once, then one event per window with every client changed meanwhile, to that coach's streams only", async () => {
    const hub = startHub();
    await hub.start();
    const ofA = hub.open(owner(coachA), undefined);
    const ofB = hub.open(owner(coachB), undefined);
    // Every event of A's stream so far (`eventsOf` reads what came since its last call).
    const seen: LiveEvent[] = [];
    const eventsOfA = () => {
      seen.push(...eventsOf(ofA));
      return seen;
    };
    const clientIdsOf = (index: number) => {
      const event = eventsOfA()[index];
      return event?.event === 'clients-changed' ? [...event.data.clientIds].sort() : event;
    };
    for (const clientId of [clientC, clientD, clientC])
      listener.onNotice(changed(coachA, clientId));
    // The first change after a quiet window goes at once.
    await vi.advanceTimersByTimeAsync(0);
    expect(eventsOfA()).toHaveLength(1);
    expect(clientIdsOf(0)).toEqual([clientC]);
    await vi.advanceTimersByTimeAsync(coalesceMs - 1);
    expect(eventsOfA()).toHaveLength(1);
    listener.onNotice(changed(coachA, clientE ?? ''));
    // The window's end: one event with every client changed during it.
    await vi.advanceTimersByTimeAsync(1);
    expect(eventsOfA()).toHaveLength(2);
    expect(clientIdsOf(1)).toEqual([clientC, clientD, clientE].sort());
    // A quiet window: nothing, then the next change goes at once again.
    await vi.advanceTimersByTimeAsync(coalesceMs * 3);
    expect(eventsOfA()).toHaveLength(2);
    listener.onNotice(changed(coachA, clientD ?? ''));
    await vi.advanceTimersByTimeAsync(0);
    expect(clientIdsOf(2)).toEqual([clientD]);
    expect(eventsOf(ofB)).toEqual([]);
    await hub.close();
  });

  it('sends thread changes as messages-changed beside clients-changed, in the same windows, and keeps both for resumes', async () => {
    const hub = startHub();
    await hub.start();
    const ofA = hub.open(owner(coachA), undefined);
    const ofB = hub.open(owner(coachB), undefined);
    listener.onNotice(threadChanged(coachA, clientC));
    await vi.advanceTimersByTimeAsync(0);
    const [first] = eventsOf(ofA);
    expect(first).toMatchObject({ event: 'messages-changed', data: { clientIds: [clientC] } });
    // Both kinds within the window: one event of each at its end, figures first.
    listener.onNotice(threadChanged(coachA, clientD));
    listener.onNotice(changed(coachA, clientE));
    listener.onNotice(threadChanged(coachA, clientD));
    await vi.advanceTimersByTimeAsync(coalesceMs);
    const events = eventsOf(ofA);
    expect(events).toMatchObject([
      { event: 'clients-changed', data: { clientIds: [clientE] } },
      { event: 'messages-changed', data: { clientIds: [clientD] } },
    ]);
    expect(eventsOf(ofB)).toEqual([]);
    // A stream resumed after the first event gets both again.
    const resumed = hub.open(owner(coachA), first?.id);
    expect(eventsOf(resumed)).toEqual(events);
    await hub.close();
  });

  it('asks for a refetch when more threads changed in a window than an event lists', async () => {
    const hub = startHub();
    await hub.start();
    const ofA = hub.open(owner(coachA), undefined);
    listener.onNotice(threadChanged(coachA, clientC));
    for (let index = 0; index <= maxChangedClientIds; index += 1) {
      listener.onNotice(threadChanged(coachA, randomUUID()));
    }
    await vi.advanceTimersByTimeAsync(coalesceMs);
    expect(eventsOf(ofA)).toMatchObject([
      { event: 'messages-changed' },
      { event: 'refetch', data: { reason: 'overflow' } },
    ]);
    await hub.close();
  });

  it('ignores notices it does not know, and notices of coaches without a stream', async () => {
    const hub = startHub();
    await hub.start();
    const ofA = hub.open(owner(coachA), undefined);
    for (const payload of [
      '',
      'x:y:z',
      `c:${coachA}`,
      `m:${coachA}:not-an-id`,
      `c:${coachA}:not-an-id`,
      'c:1:2:3',
    ]) {
      listener.onNotice(payload);
    }
    listener.onNotice(changed(coachB, clientC ?? ''));
    await vi.advanceTimersByTimeAsync(coalesceMs * 2);
    expect(eventsOf(ofA)).toEqual([]);
    await hub.close();
  });

  it('refuses streams past the per-address cap', async () => {
    const hub = startHub({ maxStreamsPerAddress: 2 });
    await hub.start();
    hub.open(owner(coachA, '10.0.0.9'), undefined);
    const second = hub.open(owner(coachB, '10.0.0.9'), undefined);
    expect(hub.refusal({ coachId: randomUUID(), address: '10.0.0.9' })).toBe('address');
    expect(hub.refusal({ coachId: randomUUID(), address: '10.0.0.10' })).toBeNull();
    second.close();
    expect(hub.refusal({ coachId: randomUUID(), address: '10.0.0.9' })).toBeNull();
    await hub.close();
  });

  it('asks every stream to refetch after a reconnection, and closes those whose session ended', async () => {
    const hub = startHub();
    await hub.start();
    const live = hub.open(owner(coachA), undefined);
    const endedOwner = owner(coachB);
    const ended = hub.open(endedOwner, undefined);
    liveSessions.delete(endedOwner.sessionId);
    listener.onReconnected();
    await vi.advanceTimersByTimeAsync(0);
    expect(eventsOf(live)).toMatchObject([{ event: 'refetch', data: { reason: 'connection' } }]);
    expect(ended.body.writableEnded).toBe(true);
    expect(hub.openStreams()).toBe(1);
    await hub.close();
  });

  it("closes a session's streams on its notice, not the user's other sessions", async () => {
    const hub = startHub();
    await hub.start();
    const first = owner(coachA);
    const stream = hub.open(first, undefined);
    const other = hub.open({ ...first, sessionId: randomUUID() }, undefined);
    listener.onNotice(`s:${first.userId}:${first.sessionId}`);
    expect(stream.body.writableEnded).toBe(true);
    expect(other.body.writableEnded).toBe(false);
    await hub.close();
    expect(other.body.writableEnded).toBe(true);
  });

  it("resumes from a coach's own ids, and refetches from an id of a state forgotten since", async () => {
    const hub = startHub({ heartbeatMs: 100, resumeWindowMs: 5_000 });
    await hub.start();
    const first = hub.open(owner(coachA), undefined);
    listener.onNotice(changed(coachA, clientC));
    const [seen] = eventsOf(first);
    listener.onNotice(changed(coachB, clientE));
    await vi.advanceTimersByTimeAsync(coalesceMs);
    first.close();
    listener.onNotice(changed(coachA, clientD));
    await vi.advanceTimersByTimeAsync(coalesceMs);
    const missedOne = hub.open(owner(coachA), seen?.id);
    expect(eventsOf(missedOne)).toMatchObject([{ data: { clientIds: [clientD] } }]);
    missedOne.close();
    // Past the resume window the coach's state is forgotten: its numbers start again, under
    // another token, so the old id is never taken for a new one.
    await vi.advanceTimersByTimeAsync(5_200);
    const again = hub.open(owner(coachA), undefined);
    listener.onNotice(changed(coachA, clientC));
    expect(eventsOf(again)).toHaveLength(1);
    const resumed = hub.open(owner(coachA), seen?.id);
    expect(eventsOf(resumed)).toMatchObject([{ event: 'refetch', data: { reason: 'resume' } }]);
    await hub.close();
  });

  it('closes a stream whose reader leaves too much unread', async () => {
    const hub = startHub({ heartbeatMs: 10, maxUnreadBytes: 200 });
    await hub.start();
    const stream = hub.open(owner(coachA), undefined);
    await vi.advanceTimersByTimeAsync(500);
    expect(stream.body.writableEnded).toBe(true);
    await hub.close();
  });
});
