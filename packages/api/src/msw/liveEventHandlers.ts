import { messages } from '@coach/domain';
import type { HttpHandler } from 'msw';
import {
  type LiveEvent,
  lastEventIdHeader,
  liveEventsContentType,
} from '../contract/liveEvents.ts';
import {
  formatLiveEvent,
  formatStreamOpening,
  heartbeatComment,
} from '../contract/serverSentEvents.ts';
import { callerOf, errorResponse, type MockHandlerOptions, mockService } from './route.ts';
import type { MockState } from './state.ts';

/** An event a story pushes: its id is the mock's. */
export type PushedLiveEvent =
  Omit<LiveEvent, 'id'> extends infer Event
    ? Event extends unknown
      ? Omit<Event, 'id'>
      : never
    : never;

/**
 * The coach's live event stream in the mocks: its MSW handler (the contract's checks, then a
 * stream of the contract's format) and the controls a story or test drives it with.
 */
export type LiveEventsMock = {
  handlers: HttpHandler[];
  /** Sends an event to every open stream (and keeps it for resumes); answers its id. */
  push: (event: PushedLiveEvent) => string;
  /** Sends a heartbeat comment to every open stream. */
  heartbeat: () => void;
  /** Ends every open stream (a session that ended, a server that stopped). */
  endAll: () => void;
  /** How many streams are open. */
  openStreams: () => number;
  /** How many streams were opened, open or closed since. */
  streamsOpened: () => number;
};

const encoder = new TextEncoder();

/** The live event mocks that report the changes of each state (see {@link linkLiveEvents}). */
const liveEventsByState = new WeakMap<MockState, Set<LiveEventsMock>>();

/**
 * Links a live event mock to a state: what changes the state by a mock helper or handler (a
 * client's message) is pushed into it. A live mock is linked to its own state, and
 * `createHandlers` links the one it is given to the state it shares.
 */
export function linkLiveEvents(state: MockState, live: LiveEventsMock): void {
  const linked = liveEventsByState.get(state) ?? new Set<LiveEventsMock>();
  linked.add(live);
  liveEventsByState.set(state, linked);
}

/** Pushes an event into every live event mock linked to the state (none: nothing happens). */
export function pushLiveEvent(state: MockState, event: PushedLiveEvent): void {
  for (const live of liveEventsByState.get(state) ?? []) live.push(event);
}

/**
 * A {@link LiveEventsMock}: streams open for a coach (401 without a session, 403 for a client, as
 * the server), start with the contract's opening, and resume after a Last-Event-ID this mock
 * issued with the events pushed since; any other id gets a `refetch` first, as on the server.
 */
export function createLiveEventsMock(options: MockHandlerOptions = {}): LiveEventsMock {
  const { state, handle } = mockService(options);
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const pushed: LiveEvent[] = [];
  let sequence = 0;
  let opened = 0;
  const idOf = (at: number) => `mock.${at}`;

  const sendAll = (text: string) => {
    for (const controller of streams) controller.enqueue(encoder.encode(text));
  };

  /** Where a stream resumed after `lastEventId` starts, and the events it gets first. */
  const resumption = (lastEventId: string) => {
    const match = /^mock\.(\d+)$/.exec(lastEventId);
    const at = match ? Number(match[1]) : Number.NaN;
    if (at <= sequence) {
      const missed = pushed.filter((event) => Number(event.id.slice('mock.'.length)) > at);
      return { openingId: lastEventId, events: missed };
    }
    sequence += 1;
    const refetch: LiveEvent = { event: 'refetch', id: idOf(sequence), data: { reason: 'resume' } };
    return { openingId: refetch.id, events: [refetch] };
  };

  const handler = handle('streamLiveEvents', ({ request, userId }) => {
    if (callerOf(state, userId)?.type !== 'coach') {
      return errorResponse(403, 'invalid_user_type', messages.invalidUserType);
    }
    const lastEventId = request.headers.get(lastEventIdHeader);
    const start =
      lastEventId === null ? { openingId: idOf(sequence), events: [] } : resumption(lastEventId);
    let own: ReadableStreamDefaultController<Uint8Array> | null = null;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        own = controller;
        streams.add(controller);
        opened += 1;
        controller.enqueue(encoder.encode(formatStreamOpening(start.openingId)));
        for (const event of start.events) {
          controller.enqueue(encoder.encode(formatLiveEvent(event)));
        }
      },
      cancel() {
        if (own) streams.delete(own);
      },
    });
    request.signal.addEventListener('abort', () => {
      if (own) streams.delete(own);
    });
    return new Response(body, {
      headers: { 'Content-Type': `${liveEventsContentType}; charset=utf-8` },
    });
  });

  const mock: LiveEventsMock = {
    handlers: [handler],
    push(event) {
      sequence += 1;
      const full = { ...event, id: idOf(sequence) } as LiveEvent;
      pushed.push(full);
      sendAll(formatLiveEvent(full));
      return full.id;
    },
    heartbeat: () => sendAll(heartbeatComment),
    endAll() {
      for (const controller of streams) controller.close();
      streams.clear();
    },
    openStreams: () => streams.size,
    streamsOpened: () => opened,
  };
  linkLiveEvents(state, mock);
  return mock;
}
