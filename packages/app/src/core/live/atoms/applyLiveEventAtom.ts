import type { LiveEvent } from '@coach/api';
import { atom } from '../../../state/jotai.ts';
import { clientLiveRevisionAtom, liveRefetchAtom } from './clientLiveRevisionAtom.ts';
import { liveUpdateAtom } from './liveUpdateAtom.ts';

/**
 * `set(applyLiveEventAtom, event)`: a message of the live event stream makes what it concerns
 * stale, so that what is shown is read again in place (the loaded figures stay until the new ones
 * are in): `clients-changed` those clients and the lists of all clients, `refetch` everything.
 */
export const applyLiveEventAtom = atom(null, (get, set, event: LiveEvent) => {
  const clientIds = event.event === 'clients-changed' ? event.data.clientIds : null;
  set(liveUpdateAtom, { sequence: get(liveUpdateAtom).sequence + 1, clientIds });
  if (clientIds === null) set(liveRefetchAtom, (revision) => revision + 1);
  else for (const clientId of clientIds) set(clientLiveRevisionAtom(clientId), (n) => n + 1);
});
applyLiveEventAtom.debugLabel = 'applyLiveEventAtom';
