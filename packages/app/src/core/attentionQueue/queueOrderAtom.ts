import { atom } from '../../state/jotai.ts';

/**
 * The order of the list's view when the coach started the queue from it (`key`: the view's URL
 * parameters), kept for this tab while the coach walks it: the queue then follows the list as the
 * coach saw it, not as reading a client's messages reorders it.
 */
export const queueStartOrderAtom = atom<{ key: string; ids: readonly string[] } | null>(null);
queueStartOrderAtom.debugLabel = 'queueStartOrderAtom';
