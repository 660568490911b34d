import { atom } from '../../../state/jotai.ts';
import type { SessionFailure } from '../sessionFailure.ts';

/** Why the last session start left the person signed out, shown on the sign-in screen. */
export const sessionErrorAtom = atom<SessionFailure | null>(null);
sessionErrorAtom.debugLabel = 'sessionErrorAtom';
