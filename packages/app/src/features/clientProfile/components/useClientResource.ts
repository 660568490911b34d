import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import type { Loadable } from '../../../state/loadable.ts';
import type { ClientResource } from '../atoms/clientResourceFamily.ts';

/** A client's resource for a section: where it is, and a retry that asks the server again. */
export function useClientResource<T>(
  family: (clientId: string) => ClientResource<T>,
  clientId: string,
): [Loadable<T>, () => void] {
  const resource = family(clientId);
  const state = useAtomValue(resource.loadable);
  const refresh = useSetAtom(resource.data);
  return [state, () => refresh('refresh')];
}
