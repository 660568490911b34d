import { atom } from '../../../state/jotai.ts';

/**
 * Bumped whenever a session load starts or the session is cleared: a load that finishes after a
 * newer one started (or after a logout) is dropped. Cached per-session data can key on it.
 */
export const sessionEpochAtom = atom(0);
sessionEpochAtom.debugLabel = 'sessionEpochAtom';
