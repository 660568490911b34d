import { useMemo } from 'react';
import { useLiveChanges } from '../../../core/liveCues/index.ts';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import type { Loadable } from '../../../state/loadable.ts';
import type { ClientResource } from './clientResourceFamily.ts';
import { summaryFactsAtoms } from './profileSummaryAtoms.ts';

/** A resource's figures as one comparable value: any change of it is the section's change. */
const wholeSignature = (data: unknown): ReadonlyMap<string, string> =>
  new Map([['data', JSON.stringify(data)]]);

/**
 * A client's resource for a section: where it is, a retry that asks the server again, and the
 * live cue (the live message that just changed it, or null), which also announces the client's
 * name once per message.
 */
export function useClientResource<T>(
  family: (clientId: string) => ClientResource<T>,
  clientId: string,
): [Loadable<T>, () => void, number | null] {
  const resource = family(clientId);
  const state = useAtomValue(resource.loadable);
  const refresh = useSetAtom(resource.data);
  // The name to announce, from the header's summary (no call of its own; a string, so a new
  // figure of the summary does not render every section again).
  const name = useAtomValue(summaryFactsAtoms(clientId).name);
  const live = useMemo(
    () => ({ signaturesOf: wholeSignature, namesOf: () => (name === null ? [] : [name]) }),
    [name],
  );
  const changes = useLiveChanges(state.state === 'hasData' ? state.data : undefined, live);
  return [state, () => refresh('refresh'), changes.keys.size > 0 ? changes.sequence : null];
}
