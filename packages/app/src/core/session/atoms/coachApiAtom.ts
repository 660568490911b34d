import type { CoachApi } from '@coach/api';
import { atom, type Getter } from '../../../state/jotai.ts';
import { requireProvided } from '../requireProvided.ts';

/** The one API client of the app, set by `CoachApiProvider`. */
export const coachApiAtom = atom<CoachApi | null>(null);
coachApiAtom.debugLabel = 'coachApiAtom';

/** The API client; a missing provider is a programming error. */
export function getCoachApi(get: Getter): CoachApi {
  return requireProvided(get(coachApiAtom));
}
