import type { ClientSummaryList } from '@coach/api';
import { atom } from '../../../state/jotai.ts';
import { liveListAtom } from '../../live/index.ts';
import { threadsMarkedReadAtom } from '../../messaging/index.ts';
import { readInSession } from '../../session/index.ts';

const clientListRefreshAtom = atom(0);
clientListRefreshAtom.debugLabel = 'clientListRefreshAtom';

/**
 * The coach's clients with their figures and unread messages (`GET /api/analytics/clients`): read
 * on first use, again in a new session, after each live message (any client's figures or thread
 * changed), after this tab marks a thread read, and on
 * `set(clientListAtom, 'refresh')` (a retry, an invite, a phase change).
 */
export const clientListAtom = atom(
  (get): Promise<ClientSummaryList> => {
    get(clientListRefreshAtom);
    get(liveListAtom);
    get(threadsMarkedReadAtom);
    return readInSession(get, (api) => api.analytics.listClientSummaries());
  },
  (_get, set, _update: 'refresh') => set(clientListRefreshAtom, (count) => count + 1),
);
clientListAtom.debugLabel = 'clientListAtom';

/**
 * Starts reading the list (e.g. as a sign-in's session starts, before the screen asks): the screen
 * then gets the same call, of the same session. A failure is the screen's to show.
 */
export const prefetchClientListAtom = atom(null, (get) => {
  get(clientListAtom).catch(() => undefined);
});
prefetchClientListAtom.debugLabel = 'prefetchClientListAtom';
