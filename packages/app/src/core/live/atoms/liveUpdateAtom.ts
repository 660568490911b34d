import { atom } from '../../../state/jotai.ts';

/** Where the tab's live event stream is: its last message, and what each message made stale. */
export type LiveUpdate = {
  /** The last message's place in this tab's sequence (0 before any). */
  sequence: number;
  /** By client id, the sequence of the last message that named the client. */
  namedAt: ReadonlyMap<string, number>;
  /** The sequence of the last refetch message (0: none). */
  refetchedAt: number;
};

/**
 * Set by each live message (`applyLiveEventAtom`): what lists every client (the clients list,
 * the invites) reads again after any; a client's data after those {@link liveRevisionOf} counts.
 */
export const liveUpdateAtom = atom<LiveUpdate>({
  sequence: 0,
  namedAt: new Map(),
  refetchedAt: 0,
});
liveUpdateAtom.debugLabel = 'liveUpdateAtom';

/**
 * The last message that made a client's data stale (named it, or asked for a refetch): an atom
 * that reads it changes only then, so another client's message reads nothing of this one's.
 */
export function liveRevisionOf(update: LiveUpdate, clientId: string): number {
  return Math.max(update.refetchedAt, update.namedAt.get(clientId) ?? 0);
}
