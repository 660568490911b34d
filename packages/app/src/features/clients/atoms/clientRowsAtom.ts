import { atom } from '../../../state/jotai.ts';
import { loadable } from '../../../state/loadable.ts';
import { type ClientRow, toClientRows } from '../clientRows.ts';
import { clientListAtom } from './clientListAtom.ts';

/** The rows of the list and the instant its figures describe. */
export type ClientRowList = { rows: ClientRow[]; generatedAt: string };

/** The list's rows (attention worked out, unread messages among its reasons), most urgent first. */
const clientRowsAtom = atom(async (get): Promise<ClientRowList> => {
  const list = await get(clientListAtom);
  return { rows: toClientRows(list), generatedAt: list.generatedAt };
});
clientRowsAtom.debugLabel = 'clientRowsAtom';

/** The rows without Suspense: loading, loaded (kept while a refresh loads) or failed. */
export const clientRowsLoadableAtom = loadable(clientRowsAtom);
clientRowsLoadableAtom.debugLabel = 'clientRowsLoadableAtom';
