import type { UnreadCounts } from '@coach/api';
import { unreadCountsAtom } from '../../../core/messaging/index.ts';
import { atom } from '../../../state/jotai.ts';
import { loadable } from '../../../state/loadable.ts';
import { type ClientRow, toClientRows } from '../clientRows.ts';
import { clientListAtom } from './clientListAtom.ts';

/** The rows of the list and the instant its figures describe. */
export type ClientRowList = { rows: ClientRow[]; generatedAt: string };

/** The counts by client id; none when they failed (the list shows without them). */
const unreadByClient = (counts: UnreadCounts | null): ReadonlyMap<string, number> =>
  new Map(counts?.clients.map(({ clientId, unread }) => [clientId, unread]));

/**
 * The list's rows (unread messages and attention worked out, most urgent first) once the list and
 * the unread counts have loaded (read side by side; a failure of the counts leaves them out).
 */
const clientRowsAtom = atom(async (get): Promise<ClientRowList> => {
  const listRead = get(clientListAtom);
  const countsRead = get(unreadCountsAtom).catch(() => null);
  const [list, counts] = await Promise.all([listRead, countsRead]);
  return {
    rows: toClientRows(list, undefined, unreadByClient(counts)),
    generatedAt: list.generatedAt,
  };
});
clientRowsAtom.debugLabel = 'clientRowsAtom';

/** The rows without Suspense: loading, loaded (kept while a refresh loads) or failed. */
export const clientRowsLoadableAtom = loadable(clientRowsAtom);
clientRowsLoadableAtom.debugLabel = 'clientRowsLoadableAtom';
