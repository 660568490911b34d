import { PassThrough } from 'node:stream';
import { formatStreamOpening, heartbeatComment } from '@coach/api';
import type { DatabaseHandle } from '../../db/index.ts';
import { type LiveNotice, parseLiveNotice } from '../core/index.ts';
import {
  type CoachState,
  eventIdOf,
  flushChanges,
  newCoachState,
  refetchAll,
  resumption,
  type SendOptions,
  sendToCoach,
  writeToStream,
} from './coachEvents.ts';
import { type LiveStream, StreamIndex, type StreamOwner } from './liveStreams.ts';

export type { LiveStream, StreamOwner } from './liveStreams.ts';

// The open live event streams of this process (see the contract's liveEvents.ts), fed by the
// notices of every process (db/notices.ts, services/core/liveNotices.ts):
// - per coach, a change is sent at once in a `clients-changed` event (a thread's, in a
//   `messages-changed` event) to every stream of that coach, and the changes of the next
//   `coalesceMs` are gathered and sent in one event of each kind at its end (at most one event of
//   each kind per `coalesceMs`, and a lone change without the wait);
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

/** Why a stream is refused: its coach, or its address, holds too many. */
export const streamRefusals = ['coach', 'address'] as const;
export type StreamRefusal = (typeof streamRefusals)[number] | null;

/** Who hears of the hub's events (the process's metrics). */
export type LiveHubWatch = Pick<SendOptions, 'onSent'>;

/**
 * The live streams of this process over `database`'s notices. `isSessionLive` tells whether a
 * stream's session still lives, after notices may have been missed.
 */
export function createLiveHub(
  database: DatabaseHandle,
  options: LiveEventOptions,
  isSessionLive: (owner: StreamOwner) => Promise<boolean>,
  watch: LiveHubWatch = {},
) {
  const send: SendOptions & { maxHistory: number } = {
    maxUnreadBytes: options.maxUnreadBytes,
    maxHistory: options.maxHistory,
    onSent: watch.onSent,
  };
  const coaches = new Map<string, CoachState>();
  const streams = new StreamIndex();
  let heartbeat: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let isClosed = false;

  /**
   * Sends what is pending and keeps the coach's window shut for `coalesceMs`; at its end, what
   * came meanwhile goes in one event (and shuts it again), or the window opens.
   */
  function sendAndWait(state: CoachState) {
    state.timer = flushChanges(state, send)
      ? setTimeout(() => {
          state.timer = null;
          sendAndWait(state);
        }, options.coalesceMs)
      : null;
  }

  function onNotice(notice: LiveNotice) {
    if (notice.kind === 'session') {
      for (const stream of streams.ofSession(notice.sessionId)) {
        if (stream.userId === notice.userId) stream.close();
      }
      return;
    }
    // A coach without a stream (nor a recent one) is not told: the app fetches on opening.
    const state = coaches.get(notice.coachId);
    if (!state) return;
    (notice.kind === 'messages' ? state.pendingMessages : state.pending).add(notice.clientId);
    // The first change after a quiet window goes at once; the next ones wait for its end.
    if (!state.timer) sendAndWait(state);
  }

  async function onReconnected() {
    for (const state of coaches.values()) {
      closeWindow(state);
      state.pending.clear();
      state.pendingMessages.clear();
      sendToCoach(state, refetchAll(state, 'connection'), send);
    }
    // Sessions may have ended unheard.
    const open = [...coaches.values()].flatMap((state) => [...state.streams]);
    for (const stream of open) {
      const isLive = await isSessionLive(stream).catch(() => true);
      if (!isLive) stream.close();
    }
  }

  function stateOf(coachId: string): CoachState {
    let state = coaches.get(coachId);
    if (!state) {
      state = newCoachState();
      coaches.set(coachId, state);
    }
    return state;
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
          for (const stream of state.streams)
            writeToStream(stream, heartbeatComment, options.maxUnreadBytes);
        }
        forgetIdleCoaches(coaches, options.resumeWindowMs, Date.now());
      }, options.heartbeatMs);
      heartbeat.unref();
    },

    /** Whether a new stream of `owner` is over a cap (null: it may open). */
    refusal(owner: Pick<StreamOwner, 'coachId' | 'address'>): StreamRefusal {
      if ((coaches.get(owner.coachId)?.streams.size ?? 0) >= options.maxStreamsPerCoach) {
        return 'coach';
      }
      if (streams.countOfAddress(owner.address) >= options.maxStreamsPerAddress) {
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
          streams.remove(stream);
          if (state.streams.size === 0) state.idleSince = Date.now();
          body.end();
        },
      };
      const start =
        lastEventId === undefined
          ? { openingId: eventIdOf(state, state.sequence), events: [] }
          : resumption(state, lastEventId);
      state.streams.add(stream);
      state.idleSince = null;
      streams.add(stream);
      body.write(formatStreamOpening(start.openingId));
      for (const event of start.events) sendToCoach(state, event, send, [stream]);
      if (isClosed) stream.close();
      return stream;
    },

    /** How many streams are open (for the metrics, the tests and the bench). */
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
        closeWindow(state);
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

/** Ends a coach's coalescing window, if one is open (its timer will not fire). */
function closeWindow(state: CoachState) {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
}

/**
 * Forgets the coaches whose last stream closed `resumeWindowMs` ago or more: a resume of theirs is
 * past serving.
 */
function forgetIdleCoaches(coaches: Map<string, CoachState>, resumeWindowMs: number, now: number) {
  for (const [coachId, state] of coaches) {
    if (state.idleSince !== null && now - state.idleSince >= resumeWindowMs) {
      closeWindow(state);
      coaches.delete(coachId);
    }
  }
}
