import type { User } from '@coach/api';
import { atom } from '../../../state/jotai.ts';

/** The signed-in user (`GET /session/current`), null when signed out. */
export const currentUserAtom = atom<User | null>(null);
currentUserAtom.debugLabel = 'currentUserAtom';
