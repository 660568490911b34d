import type { CoachApi } from '@coach/api';
import { type LiveUpdate, liveRevisionOf, liveUpdateAtom } from '../../../core/live/index.ts';
import { readInSession } from '../../../core/session/index.ts';
import { atomFamily } from '../../../state/atomFamily.ts';
import { type Atom, atom, type WritableAtom } from '../../../state/jotai.ts';
import { type Loadable, loadable } from '../../../state/loadable.ts';

/** A client's resource, read on first use: `set(data, 'refresh')` asks the server again. */
type ClientResourceAtom<T> = WritableAtom<Promise<T>, ['refresh'], void>;

/** One resource of one client: the value, and the same without Suspense for a section. */
export type ClientResource<T> = {
  data: ClientResourceAtom<T>;
  /** Loading, loaded (kept while a refresh loads) or failed: each section shows its own state. */
  loadable: Atom<Loadable<T>>;
};

/** What else reads a resource again, besides a new session, a retry and the client's live messages. */
type ClientResourceOptions = {
  /** The live messages that name the client: the figures' (the default), or a thread's. */
  source?: Atom<LiveUpdate>;
  /** A phase change or a report changes it: read again after one (`refreshClientProfileAtom`). */
  isChangedByActions?: boolean;
};

/** Counts the coach's actions on a client (a phase change, a report) in this tab. */
export const clientActionCountAtoms = atomFamily((clientId: string) => {
  const count = atom(0);
  count.debugLabel = `clientActionCount(${clientId})`;
  return count;
});

/**
 * An atom family of one per-client resource keyed by client id (conventions: per-client data in
 * atom families): read again in a new session, after a live message that names the client or
 * asks for a refetch (the figures' messages, or those of `source`: `liveMessagesAtom` for a
 * thread), after a phase change or a report where it says it changes with them, and on
 * `set(family(id).data, 'refresh')` (a retry).
 */
export function clientResourceFamily<T>(
  name: string,
  read: (api: CoachApi, clientId: string) => Promise<T>,
  { source = liveUpdateAtom, isChangedByActions = false }: ClientResourceOptions = {},
): (clientId: string) => ClientResource<T> {
  return atomFamily((clientId: string) => {
    const refreshAtom = atom(0);
    refreshAtom.debugLabel = `${name}Refresh(${clientId})`;
    const liveRevisionAtom = atom((get) => liveRevisionOf(get(source), clientId));
    liveRevisionAtom.debugLabel = `${name}LiveRevision(${clientId})`;
    const data: ClientResourceAtom<T> = atom(
      (get) => {
        get(refreshAtom);
        get(liveRevisionAtom);
        if (isChangedByActions) get(clientActionCountAtoms(clientId));
        return readInSession(get, (api) => read(api, clientId));
      },
      (_get, set, _update: 'refresh') => set(refreshAtom, (count) => count + 1),
    );
    data.debugLabel = `${name}(${clientId})`;
    const settled = loadable(data);
    settled.debugLabel = `${name}Loadable(${clientId})`;
    return { data, loadable: settled };
  });
}
