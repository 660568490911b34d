import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  formatLiveEvent,
  formatStreamOpening,
  heartbeatComment,
  type LiveEvent,
  maxChangedClientIds,
  type RefetchData,
} from '@coach/api';
import type { DatabaseHandle } from '../../db/index.ts';
import { parseLiveNotice } from '../core/index.ts';
import type { LiveNotice } from '../core/liveNotices.ts';

// The open live event streams of this process (see the contract's liveEvents.ts), fed by the
// notices of every process (db/notices.ts, services/core/liveNotices.ts):
// - per coach, a change is sent at once in a `clients-changed` event to every stream of that
//   coach, and the changes of the next `coalesceMs` are gathered and sent in one event at its end
//   (at most one event per `coalesceMs`, and a lone change without the wait);
// - event ids are `<token>.<sequence>`, both the coach's own: a random token of the coach's state
//   in this process and a sequence counting that coach's events only, so an id tells a coach
//   nothing of the other coaches (how busy their clients are) and an id of another process, or of
//   a state forgotten since, is never mistaken for one of this state; a coach's recent events are
//   kept (while a stream is open and `resumeWindowMs` after the last closed) so that a
//   stream resumed with Last-Event-ID gets what it missed, or a `refetch` when that cannot be told;
// - a lost database connection (LISTEN) sends `refetch` to every stream once it is back, and the
//   streams whose sessions ended meanwhile close;
// - a session that ends closes its streams; the server's close ends them all.

/** The live streams' limits and timings. */
export type LiveEventOptions = {
  /** A heartbeat comment on every stream this often, ms. */
  heartbeatMs: number;
  /** After an event, a coach's changes are gathered this long, then sent as one event, ms. */
  coalesceMs: number;
  /** Open streams of one coach (tabs, devices); more are answered 429. */
  maxStreamsPerCoach: number;
  /** Open streams from one client address (an IPv6 /64); more are answered 429. */
  maxStreamsPerAddress: number;
  /** How long after a coach's last stream closed a resume can still be served, ms. */
  resumeWindowMs: number;
  /** Events kept per coach for resumes. */
  maxHistory: number;
  /** Bytes a stream may leave unread (a reader that stalls) before it is closed. */
  maxUnreadBytes: number;
};

export const defaultLiveEventOptions: LiveEventOptions = {
  heartbeatMs: 15_000,
  coalesceMs: 1_000,
  maxStreamsPerCoach: 10,
  maxStreamsPerAddress: 32,
  resumeWindowMs: 5 * 60_000,
  maxHistory: 100,
  maxUnreadBytes: 64 * 1024,
};

/** Who opens a stream. */
export type StreamOwner = {
  coachId: string;
  userId: string;
  sessionId: string;
  address: string;
};

/** One open stream: its body, and how to end it. */
export type LiveStream = StreamOwner & { body: PassThrough; close: () => void };

type HistoryEntry = { sequence: number; event: LiveEvent };

type CoachState = {
  /** The first part of the coach's event ids: random, new with every state of the coach. */
  token: string;
  /** The coach's last event's sequence (the second part of its id). */
  sequence: number;
  streams: Set<LiveStream>;
  pending: Set<string>;
  timer: NodeJS.Timeout | null;
  history: HistoryEntry[];
  /** A resume from a sequence below this one cannot be served (events missing). */
  servedSince: number;
  /** When its last stream closed (null while one is open). */
  idleSince: number | null;
};

/** Why a stream is refused. */
export type StreamRefusal = 'coach' | 'address' | null;

const resumeIdPattern = /^([0-9a-f]{8})\.(\d{1,15})$/;

export type LiveHub = ReturnType<typeof createLiveHub>;

/**
 * The live streams of this process over `database`'s notices. `isSessionLive` tells whether a
 * stream's session still lives, after notices may have been missed.
 */
export function createLiveHub(
  database: DatabaseHandle,
  options: LiveEventOptions,
  isSessionLive: (owner: StreamOwner) => Promise<boolean>,
) {
  const coaches = new Map<string, CoachState>();
  const streamsOfSession = new Map<string, Set<LiveStream>>();
  const streamsOfAddress = new Map<string, number>();
  let heartbeat: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let isClosed = false;

  const idOf = (state: CoachState, at: number) => `${state.token}.${at}`;

  function write(stream: LiveStream, text: string) {
    const { body } = stream;
    if (body.destroyed || body.writableEnded) return;
    // A reader that does not read is not buffered for without end.
    if (body.writableLength + body.readableLength > options.maxUnreadBytes) {
      stream.close();
      return;
    }
    body.write(text);
  }

  function send(state: CoachState, event: LiveEvent) {
    const text = formatLiveEvent(event);
    for (const stream of state.streams) write(stream, text);
  }

  function remember(state: CoachState, event: LiveEvent, at: number) {
    state.history.push({ sequence: at, event });
    while (state.history.length > options.maxHistory) {
      const dropped = state.history.shift();
      if (dropped) state.servedSince = dropped.sequence;
    }
  }

  /** A refetch for every stream of the coach: a resume from before it cannot be served. */
  function refetch(state: CoachState, reason: RefetchData['reason']): LiveEvent {
    const event = refetchEvent(state, reason);
    state.history = [];
    state.servedSince = state.sequence;
    return event;
  }

  function refetchEvent(state: CoachState, reason: RefetchData['reason']): LiveEvent {
    state.sequence += 1;
    return { event: 'refetch', id: idOf(state, state.sequence), data: { reason } };
  }

  /** Sends the coach's pending changes, if any, as one event; answers whether it sent one. */
  function flush(state: CoachState): boolean {
    const clientIds = [...state.pending];
    state.pending.clear();
    if (clientIds.length === 0) return false;
    if (clientIds.length > maxChangedClientIds) {
      send(state, refetch(state, 'overflow'));
      return true;
    }
    state.sequence += 1;
    const event: LiveEvent = {
      event: 'clients-changed',
      id: idOf(state, state.sequence),
      data: { clientIds },
    };
    remember(state, event, state.sequence);
    send(state, event);
    return true;
  }

  /**
   * Sends what is pending and keeps the coach's window shut for `coalesceMs`; at its end, what
   * came meanwhile goes in one event (and shuts it again), or the window opens.
   */
  function sendAndWait(state: CoachState) {
    state.timer = flush(state)
      ? setTimeout(() => {
          state.timer = null;
          sendAndWait(state);
        }, options.coalesceMs)
      : null;
  }

  function onNotice(notice: LiveNotice) {
    if (notice.kind === 'session') {
      for (const stream of streamsOfSession.get(notice.sessionId) ?? []) {
        if (stream.userId === notice.userId) stream.close();
      }
      return;
    }
    // A coach without a stream (nor a recent one) is not told: the app fetches on opening.
    const state = coaches.get(notice.coachId);
    if (!state) return;
    state.pending.add(notice.clientId);
    // The first change after a quiet window goes at once; the next ones wait for its end.
    if (!state.timer) sendAndWait(state);
  }

  async function onReconnected() {
    for (const state of coaches.values()) {
      if (state.timer) clearTimeout(state.timer);
      state.timer = null;
      state.pending.clear();
      send(state, refetch(state, 'connection'));
    }
    // Sessions may have ended unheard.
    const streams = [...coaches.values()].flatMap((state) => [...state.streams]);
    for (const stream of streams) {
      const isLive = await isSessionLive(stream).catch(() => true);
      if (!isLive) stream.close();
    }
  }

  function sweep(now: number) {
    for (const [coachId, state] of coaches) {
      const isForgotten =
        state.idleSince !== null && now - state.idleSince >= options.resumeWindowMs;
      if (isForgotten) {
        if (state.timer) clearTimeout(state.timer);
        coaches.delete(coachId);
      }
    }
  }

  function stateOf(coachId: string): CoachState {
    let state = coaches.get(coachId);
    if (!state) {
      state = {
        token: randomBytes(4).toString('hex'),
        sequence: 0,
        streams: new Set(),
        pending: new Set(),
        timer: null,
        history: [],
        servedSince: 0,
        idleSince: null,
      };
      coaches.set(coachId, state);
    }
    return state;
  }

  /**
   * Where a stream resumed after `lastEventId` starts: that id and the events it missed, or the
   * current position and a refetch when that cannot be told.
   */
  function resumption(state: CoachState, lastEventId: string) {
    const match = resumeIdPattern.exec(lastEventId);
    const at = match ? Number(match[2]) : Number.NaN;
    if (match?.[1] === state.token && at >= state.servedSince && at <= state.sequence) {
      const missed = state.history.filter((entry) => entry.sequence > at);
      return { openingId: lastEventId, events: missed.map((entry) => entry.event) };
    }
    // For this stream only: the coach's other streams resume as before.
    const event = refetchEvent(state, 'resume');
    return { openingId: event.id, events: [event] };
  }

  return {
    /** Starts listening to the notices and the heartbeat. */
    async start(): Promise<void> {
      unlisten = await database.notices.listen({
        onNotice: (payload) => {
          const notice = parseLiveNotice(payload);
          if (notice) onNotice(notice);
        },
        onReconnected: () => void onReconnected(),
      });
      heartbeat = setInterval(() => {
        for (const state of coaches.values()) {
          for (const stream of state.streams) write(stream, heartbeatComment);
        }
        sweep(Date.now());
      }, options.heartbeatMs);
      heartbeat.unref();
    },

    /** Whether a new stream of `owner` is over a cap (null: it may open). */
    refusal(owner: Pick<StreamOwner, 'coachId' | 'address'>): StreamRefusal {
      if ((coaches.get(owner.coachId)?.streams.size ?? 0) >= options.maxStreamsPerCoach) {
        return 'coach';
      }
      if ((streamsOfAddress.get(owner.address) ?? 0) >= options.maxStreamsPerAddress) {
        return 'address';
      }
      return null;
    },

    /**
     * Opens a stream of `owner`: its opening and, with `lastEventId`, what it missed (or a
     * refetch) are written at once.
     */
    open(owner: StreamOwner, lastEventId: string | undefined): LiveStream {
      const state = stateOf(owner.coachId);
      const body = new PassThrough();
      const stream: LiveStream = {
        ...owner,
        body,
        close: () => {
          if (!state.streams.delete(stream)) return;
          const ofSession = streamsOfSession.get(owner.sessionId);
          ofSession?.delete(stream);
          if (ofSession?.size === 0) streamsOfSession.delete(owner.sessionId);
          const ofAddress = (streamsOfAddress.get(owner.address) ?? 1) - 1;
          if (ofAddress > 0) streamsOfAddress.set(owner.address, ofAddress);
          else streamsOfAddress.delete(owner.address);
          if (state.streams.size === 0) state.idleSince = Date.now();
          body.end();
        },
      };
      const start =
        lastEventId === undefined
          ? { openingId: idOf(state, state.sequence), events: [] }
          : resumption(state, lastEventId);
      state.streams.add(stream);
      state.idleSince = null;
      const ofSession = streamsOfSession.get(owner.sessionId) ?? new Set();
      ofSession.add(stream);
      streamsOfSession.set(owner.sessionId, ofSession);
      streamsOfAddress.set(owner.address, (streamsOfAddress.get(owner.address) ?? 0) + 1);
      body.write(formatStreamOpening(start.openingId));
      for (const event of start.events) write(stream, formatLiveEvent(event));
      if (isClosed) stream.close();
      return stream;
    },

    /** How many streams are open (for the tests and the bench). */
    openStreams(): number {
      let count = 0;
      for (const state of coaches.values()) count += state.streams.size;
      return count;
    },

    /** Ends every stream, and refuses new ones (at once: the server's close waits for none). */
    endStreams(): void {
      isClosed = true;
      if (heartbeat) clearInterval(heartbeat);
      for (const state of coaches.values()) {
        if (state.timer) clearTimeout(state.timer);
        state.timer = null;
        for (const stream of [...state.streams]) stream.close();
      }
    },

    /** Ends every stream and stops listening; safe to call twice. */
    async close(): Promise<void> {
      this.endStreams();
      const stop = unlisten;
      unlisten = null;
      await stop?.();
    },
  };
}
