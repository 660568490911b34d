import type { Person } from '@coach/api';
import { atom } from '../../../state/jotai.ts';

/** The signed-in coach's profile (the user's first profile), null when signed out. */
export const currentProfileAtom = atom<Person | null>(null);
currentProfileAtom.debugLabel = 'currentProfileAtom';
