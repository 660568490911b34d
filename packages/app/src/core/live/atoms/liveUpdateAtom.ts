import { atom } from '../../../state/jotai.ts';

/**
 * The last message of the live event stream: its place in this tab's sequence (0 before any) and
 * the clients it names (null: a refetch of everything shown).
 */
export type LiveUpdate = { sequence: number; clientIds: readonly string[] | null };

/** Set by each live message: what lists every client (the clients list, the invites) reads again. */
export const liveUpdateAtom = atom<LiveUpdate>({ sequence: 0, clientIds: [] });
liveUpdateAtom.debugLabel = 'liveUpdateAtom';
