import { atomFamily } from '../../../state/atomFamily.ts';
import { atom } from '../../../state/jotai.ts';

/** Bumped by a live message that asks for a refetch: every client's data is read again. */
export const liveRefetchAtom = atom(0);
liveRefetchAtom.debugLabel = 'liveRefetchAtom';

/**
 * Bumped by each live message that names the client: that client's data (read by the profile)
 * is read again, no other client's.
 */
export const clientLiveRevisionAtom = atomFamily((clientId: string) => {
  const revisionAtom = atom(0);
  revisionAtom.debugLabel = `clientLiveRevision(${clientId})`;
  return revisionAtom;
});
