import type { UnreadCounts } from '@coach/api';
import { liveMessagesAtom } from '../../live/index.ts';
import { getCoachApi, sessionEpochAtom } from '../../session/index.ts';
import { atom } from '../../../state/jotai.ts';
import { loadable } from '../../../state/loadable.ts';

const unreadCountsRefreshAtom = atom(0);
unreadCountsRefreshAtom.debugLabel = 'unreadCountsRefreshAtom';

/**
 * The coach's unread client messages by client (`GET /api/messaging/unread`): read on first use,
 * again in a new session, after each live message about the threads (`messages-changed`, never
 * the figures' `clients-changed`), and on `set(unreadCountsAtom, 'refresh')` (after marking a
 * thread read).
 */
export const unreadCountsAtom = atom(
  (get): Promise<UnreadCounts> => {
    get(unreadCountsRefreshAtom);
    get(sessionEpochAtom);
    get(liveMessagesAtom);
    return getCoachApi(get).messaging.listUnreadCounts();
  },
  (_get, set, _update: 'refresh') => set(unreadCountsRefreshAtom, (count) => count + 1),
);
unreadCountsAtom.debugLabel = 'unreadCountsAtom';

/** The unread counts without Suspense: loading, loaded (kept while a refresh loads) or failed. */
export const unreadCountsLoadableAtom = loadable(unreadCountsAtom);
unreadCountsLoadableAtom.debugLabel = 'unreadCountsLoadableAtom';
