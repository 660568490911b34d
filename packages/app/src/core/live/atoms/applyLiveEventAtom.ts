import type { LiveEvent } from '@coach/api';
import { atom } from '../../../state/jotai.ts';
import { liveMessagesAtom } from './liveMessagesAtom.ts';
import { type LiveUpdate, liveUpdateAtom } from './liveUpdateAtom.ts';

const withNamed = (current: LiveUpdate, clientIds: readonly string[], sequence: number) => {
  const namedAt = new Map(current.namedAt);
  for (const clientId of clientIds) namedAt.set(clientId, sequence);
  return { ...current, sequence, namedAt };
};

/**
 * `set(applyLiveEventAtom, event)`: a message of the live event stream makes what it concerns
 * stale, so that what is shown is read again in place (the loaded figures stay until the new ones
 * are in): `clients-changed` those clients' figures and the lists of all clients,
 * `messages-changed` those clients' threads and the unread counts (never the figures), `refetch`
 * everything.
 */
export const applyLiveEventAtom = atom(null, (get, set, event: LiveEvent) => {
  const figures = get(liveUpdateAtom);
  const messages = get(liveMessagesAtom);
  const sequence = Math.max(figures.sequence, messages.sequence) + 1;
  switch (event.event) {
    case 'refetch':
      set(liveUpdateAtom, { ...figures, sequence, refetchedAt: sequence });
      set(liveMessagesAtom, { ...messages, sequence, refetchedAt: sequence });
      return;
    case 'messages-changed':
      set(liveMessagesAtom, withNamed(messages, event.data.clientIds, sequence));
      return;
    case 'clients-changed':
      set(liveUpdateAtom, withNamed(figures, event.data.clientIds, sequence));
      return;
  }
});
applyLiveEventAtom.debugLabel = 'applyLiveEventAtom';
