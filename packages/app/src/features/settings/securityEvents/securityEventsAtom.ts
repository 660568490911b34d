import type { SecurityEvents } from '@coach/api';
import { readInSession } from '../../../core/session/index.ts';
import { atom } from '../../../state/jotai.ts';
import { loadable } from '../../../state/loadable.ts';

const refreshCountAtom = atom(0);
refreshCountAtom.debugLabel = 'securityEventsRefreshCountAtom';

/**
 * The account's recent security events and the sessions open elsewhere
 * (`GET /security-events`): read on first use, again on 'refresh' (after the other sessions
 * ended, a retry, each new visit of Settings) and in a new session.
 */
export const securityEventsAtom = atom(
  (get): Promise<SecurityEvents> => {
    get(refreshCountAtom);
    return readInSession(get, (api) => api.auth.listSecurityEvents());
  },
  (_get, set, _update: 'refresh') => {
    set(refreshCountAtom, (count) => count + 1);
  },
);
securityEventsAtom.debugLabel = 'securityEventsAtom';

/** The security events without Suspense (kept while a refresh loads). */
export const securityEventsLoadableAtom = loadable<SecurityEvents>(securityEventsAtom);
securityEventsLoadableAtom.debugLabel = 'securityEventsLoadableAtom';
