import { clientListAtom } from '../../../core/clientList/index.ts';
import { atom } from '../../../state/jotai.ts';
import { clientActionCountAtoms } from './clientResourceFamily.ts';

/**
 * `set(refreshClientProfileAtom, clientId)`, after a phase change or a report: the client's
 * resources that change with them (each says so: header, journey and with it the series, activity,
 * lists, reports, the coach's history, the follow-up the action ended) and the clients list are
 * read again.
 */
export const refreshClientProfileAtom = atom(null, (_get, set, clientId: string) => {
  set(clientActionCountAtoms(clientId), (count) => count + 1);
  set(clientListAtom, 'refresh');
});
refreshClientProfileAtom.debugLabel = 'refreshClientProfileAtom';
