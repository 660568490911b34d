import { atom } from '../../../state/jotai.ts';
import type { LiveUpdate } from './liveUpdateAtom.ts';

/**
 * Set by each live message that concerns the threads (`messages-changed`, and `refetch`): what
 * reads a thread or the unread counts reads again after it. Apart from `liveUpdateAtom`, so that
 * a message written or read never reads the figures again. Its sequence is the same count as the
 * figures' (one per live message), so the announcements of both never share a number.
 */
export const liveMessagesAtom = atom<LiveUpdate>({
  sequence: 0,
  namedAt: new Map(),
  refetchedAt: 0,
});
liveMessagesAtom.debugLabel = 'liveMessagesAtom';
