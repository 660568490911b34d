import type { ClientSummaryList } from '@coach/api';
import { atom } from '../../../state/jotai.ts';
import { loadable } from '../../../state/loadable.ts';
import { getCoachApi } from '../../session/atoms/coachApiAtom.ts';
import { sessionEpochAtom } from '../../session/atoms/sessionEpochAtom.ts';
import { type ClientRow, toClientRows } from '../clientRows.ts';

const clientListRefreshAtom = atom(0);
clientListRefreshAtom.debugLabel = 'clientListRefreshAtom';

/**
 * The coach's clients with their figures (`GET /api/analytics/clients`): read on first use, again
 * in a new session, and on `set(clientListAtom, 'refresh')` (a retry; later an invite or a phase
 * change).
 */
export const clientListAtom = atom(
  (get): Promise<ClientSummaryList> => {
    get(clientListRefreshAtom);
    get(sessionEpochAtom);
    return getCoachApi(get).analytics.listClientSummaries();
  },
  (_get, set, _update: 'refresh') => set(clientListRefreshAtom, (count) => count + 1),
);
clientListAtom.debugLabel = 'clientListAtom';

/** The rows of the list and the instant its figures describe. */
export type ClientRowList = { rows: ClientRow[]; generatedAt: string };

/** The list's rows (attention worked out, most urgent first) as soon as it has loaded. */
export const clientRowsAtom = atom(async (get): Promise<ClientRowList> => {
  const list = await get(clientListAtom);
  return { rows: toClientRows(list), generatedAt: list.generatedAt };
});
clientRowsAtom.debugLabel = 'clientRowsAtom';

/** The rows without Suspense: loading, loaded (kept while a refresh loads) or failed. */
export const clientRowsLoadableAtom = loadable(clientRowsAtom);
clientRowsLoadableAtom.debugLabel = 'clientRowsLoadableAtom';
