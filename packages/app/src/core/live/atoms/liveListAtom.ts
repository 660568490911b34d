import { atom } from '../../../state/jotai.ts';
import { liveMessagesAtom } from './liveMessagesAtom.ts';
import { type LiveUpdate, liveUpdateAtom } from './liveUpdateAtom.ts';

/**
 * The live messages of both kinds, as one: what shows figures and unread messages side by side
 * (the clients list) reads again after either, and names a client after the last message of
 * either kind that named them. Both count one sequence, so the newest is the larger.
 */
export const liveListAtom = atom((get): LiveUpdate => {
  const figures = get(liveUpdateAtom);
  const messages = get(liveMessagesAtom);
  const namedAt = new Map(figures.namedAt);
  for (const [clientId, sequence] of messages.namedAt) {
    namedAt.set(clientId, Math.max(sequence, namedAt.get(clientId) ?? 0));
  }
  return {
    sequence: Math.max(figures.sequence, messages.sequence),
    namedAt,
    refetchedAt: Math.max(figures.refetchedAt, messages.refetchedAt),
  };
});
liveListAtom.debugLabel = 'liveListAtom';
