import type { LiveEvent } from '@coach/api';
import { atom } from '../../../state/jotai.ts';
import { liveUpdateAtom } from './liveUpdateAtom.ts';

/**
 * `set(applyLiveEventAtom, event)`: a message of the live event stream makes what it concerns
 * stale, so that what is shown is read again in place (the loaded figures stay until the new ones
 * are in): `clients-changed` those clients and the lists of all clients, `refetch` everything.
 */
export const applyLiveEventAtom = atom(null, (get, set, event: LiveEvent) => {
  const current = get(liveUpdateAtom);
  const sequence = current.sequence + 1;
  if (event.event === 'refetch') {
    set(liveUpdateAtom, { ...current, sequence, refetchedAt: sequence });
    return;
  }
  const namedAt = new Map(current.namedAt);
  for (const clientId of event.data.clientIds) namedAt.set(clientId, sequence);
  set(liveUpdateAtom, { ...current, sequence, namedAt });
});
applyLiveEventAtom.debugLabel = 'applyLiveEventAtom';
