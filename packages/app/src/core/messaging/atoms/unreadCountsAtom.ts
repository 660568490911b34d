import type { UnreadCounts } from '@coach/api';
import { atom } from '../../../state/jotai.ts';
import { loadable } from '../../../state/loadable.ts';
import { liveMessagesAtom } from '../../live/index.ts';
import { readInSession } from '../../session/index.ts';

const threadsMarkedReadCountAtom = atom(0);
threadsMarkedReadCountAtom.debugLabel = 'threadsMarkedReadCountAtom';

/**
 * How many times this tab marked a thread read: what shows unread counts (the navigation's total,
 * the clients list) reads again after each, without waiting for the live stream's message.
 * `set(threadsMarkedReadAtom)` counts one more.
 */
export const threadsMarkedReadAtom = atom(
  (get) => get(threadsMarkedReadCountAtom),
  (_get, set) => set(threadsMarkedReadCountAtom, (count) => count + 1),
);
threadsMarkedReadAtom.debugLabel = 'threadsMarkedReadAtom';

/**
 * The coach's unread client messages by client (`GET /api/messaging/unread`), for the
 * navigation's total: read on first use, again in a new session, after each live message about
 * the threads (`messages-changed`, never the figures' `clients-changed`), and after this tab marks
 * a thread read.
 */
const unreadCountsAtom = atom((get): Promise<UnreadCounts> => {
  get(threadsMarkedReadAtom);
  get(liveMessagesAtom);
  return readInSession(get, (api) => api.messaging.listUnreadCounts());
});
unreadCountsAtom.debugLabel = 'unreadCountsAtom';

/** The unread counts without Suspense: loading, loaded (kept while a refresh loads) or failed. */
export const unreadCountsLoadableAtom = loadable(unreadCountsAtom);
unreadCountsLoadableAtom.debugLabel = 'unreadCountsLoadableAtom';
