import type { InviteList } from '@coach/api';
import { liveUpdateAtom } from '../../../core/live/index.ts';
import { readInSession } from '../../../core/session/index.ts';
import { atom } from '../../../state/jotai.ts';
import { loadable } from '../../../state/loadable.ts';

const pendingInvitesRefreshAtom = atom(0);
pendingInvitesRefreshAtom.debugLabel = 'pendingInvitesRefreshAtom';

/**
 * The coach's pending invites (`GET /invites`, expired ones included): read on first use, again
 * in a new session, after each live message (an accepted invite leaves the list), and on `set(pendingInvitesAtom, 'refresh')` (after an invite, a resend or a
 * withdrawal, and on retry).
 */
export const pendingInvitesAtom = atom(
  (get): Promise<InviteList> => {
    get(pendingInvitesRefreshAtom);
    get(liveUpdateAtom);
    return readInSession(get, (api) => api.auth.listInvites());
  },
  (_get, set, _update: 'refresh') => set(pendingInvitesRefreshAtom, (count) => count + 1),
);
pendingInvitesAtom.debugLabel = 'pendingInvitesAtom';

/** The pending invites without Suspense: loading, loaded (kept while a refresh loads) or failed. */
export const pendingInvitesLoadableAtom = loadable(pendingInvitesAtom);
pendingInvitesLoadableAtom.debugLabel = 'pendingInvitesLoadableAtom';
