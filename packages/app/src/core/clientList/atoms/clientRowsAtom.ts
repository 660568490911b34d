import type { AttentionFigures } from '@coach/api';
import { atom } from '../../../state/jotai.ts';
import { loadable } from '../../../state/loadable.ts';
import { type ClientRow, toClientRows } from '../clientRows.ts';
import { clientListAtom } from './clientListAtom.ts';

/** The rows of the list, the instant its figures describe, and the coach's attention figures. */
export type ClientRowList = {
  rows: ClientRow[];
  generatedAt: string;
  /** Absent from a server before them: the header then shows none. */
  attentionFigures: AttentionFigures | undefined;
};

/** The list's rows (attention worked out, unread messages among its reasons), most urgent first. */
const clientRowsAtom = atom(async (get): Promise<ClientRowList> => {
  const list = await get(clientListAtom);
  return {
    rows: toClientRows(list),
    generatedAt: list.generatedAt,
    attentionFigures: list.attentionFigures,
  };
});
clientRowsAtom.debugLabel = 'clientRowsAtom';

/** The rows without Suspense: loading, loaded (kept while a refresh loads) or failed. */
export const clientRowsLoadableAtom = loadable(clientRowsAtom);
clientRowsLoadableAtom.debugLabel = 'clientRowsLoadableAtom';
