import { randomBytes } from 'node:crypto';
import { formatLiveEvent, type LiveEvent, maxChangedClientIds, type RefetchData } from '@coach/api';
import type { LiveStream } from './liveStreams.ts';

// One coach's events in this process (see liveHub.ts): their ids, the recent ones kept for
// resumes, the changes gathered for the next event, and the coach's open streams they go to.

type HistoryEntry = { sequence: number; event: LiveEvent };

export type CoachState = {
  /** The first part of the coach's event ids: random, new with every state of the coach. */
  token: string;
  /** The coach's last event's sequence (the second part of its id). */
  sequence: number;
  streams: Set<LiveStream>;
  /** The clients whose figures changed since the last event (a `clients-changed`). */
  pending: Set<string>;
  /** The clients whose threads changed since the last event (a `messages-changed`). */
  pendingMessages: Set<string>;
  timer: NodeJS.Timeout | null;
  history: HistoryEntry[];
  /** A resume from a sequence below this one cannot be served (events missing). */
  servedSince: number;
  /** When its last stream closed (null while one is open). */
  idleSince: number | null;
};

const resumeIdPattern = /^([0-9a-f]{8})\.(\d{1,15})$/;

export function newCoachState(): CoachState {
  return {
    token: randomBytes(4).toString('hex'),
    sequence: 0,
    streams: new Set(),
    pending: new Set(),
    pendingMessages: new Set(),
    timer: null,
    history: [],
    servedSince: 0,
    idleSince: null,
  };
}

export const eventIdOf = (state: CoachState, at: number) => `${state.token}.${at}`;

/** How events go out: what a stream may leave unread, and who hears of each event sent. */
export type SendOptions = {
  /** Bytes a stream may leave unread before it is closed. */
  maxUnreadBytes: number;
  /** Told of every event written, with the number of streams it was written to. */
  onSent?: ((event: LiveEvent, streams: number) => void) | undefined;
};

/**
 * Writes `text` to `stream`, or closes a stream whose reader leaves over `maxUnreadBytes`;
 * answers whether it was written.
 */
export function writeToStream(stream: LiveStream, text: string, maxUnreadBytes: number): boolean {
  const { body } = stream;
  if (body.destroyed || body.writableEnded) return false;
  // A reader that does not read is not buffered for without end.
  if (body.writableLength + body.readableLength > maxUnreadBytes) {
    stream.close();
    return false;
  }
  body.write(text);
  return true;
}

/** Writes `event` to `streams` (by default every stream of the coach). */
export function sendToCoach(
  state: CoachState,
  event: LiveEvent,
  options: SendOptions,
  streams: Iterable<LiveStream> = state.streams,
) {
  const text = formatLiveEvent(event);
  let written = 0;
  for (const stream of streams) {
    if (writeToStream(stream, text, options.maxUnreadBytes)) written += 1;
  }
  options.onSent?.(event, written);
}

function remember(state: CoachState, event: LiveEvent, at: number, maxHistory: number) {
  state.history.push({ sequence: at, event });
  while (state.history.length > maxHistory) {
    const dropped = state.history.shift();
    if (dropped) state.servedSince = dropped.sequence;
  }
}

/** A refetch for every stream of the coach: a resume from before it cannot be served. */
export function refetchAll(state: CoachState, reason: RefetchData['reason']): LiveEvent {
  const event = refetchEvent(state, reason);
  state.history = [];
  state.servedSince = state.sequence;
  return event;
}

function refetchEvent(state: CoachState, reason: RefetchData['reason']): LiveEvent {
  state.sequence += 1;
  return { event: 'refetch', id: eventIdOf(state, state.sequence), data: { reason } };
}

/**
 * Sends the coach's pending changes, if any: one event per kind that has some (figures, then
 * threads); answers whether it sent one. Past `maxChangedClientIds` of a kind, one refetch instead
 * of everything.
 */
export function flushChanges(
  state: CoachState,
  options: SendOptions & { maxHistory: number },
): boolean {
  const changes: { name: 'clients-changed' | 'messages-changed'; clientIds: string[] }[] = [
    { name: 'clients-changed', clientIds: [...state.pending] },
    { name: 'messages-changed', clientIds: [...state.pendingMessages] },
  ];
  state.pending.clear();
  state.pendingMessages.clear();
  if (changes.every((change) => change.clientIds.length === 0)) return false;
  if (changes.some((change) => change.clientIds.length > maxChangedClientIds)) {
    sendToCoach(state, refetchAll(state, 'overflow'), options);
    return true;
  }
  for (const { name, clientIds } of changes) {
    if (clientIds.length === 0) continue;
    state.sequence += 1;
    const event: LiveEvent = {
      event: name,
      id: eventIdOf(state, state.sequence),
      data: { clientIds },
    };
    remember(state, event, state.sequence, options.maxHistory);
    sendToCoach(state, event, options);
  }
  return true;
}

/**
 * Where a stream resumed after `lastEventId` starts: that id and the events it missed, or the
 * current position and a refetch when that cannot be told.
 */
export function resumption(state: CoachState, lastEventId: string) {
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
