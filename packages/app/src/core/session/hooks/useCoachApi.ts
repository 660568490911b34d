import type { CoachApi } from '@coach/api';
import { useAtomValue } from '../../../state/jotai.ts';
import { coachApiAtom } from '../atoms/coachApiAtom.ts';
import { requireProvided } from '../requireProvided.ts';

/** The app's API client, for a component's own calls. */
export function useCoachApi(): CoachApi {
  return requireProvided(useAtomValue(coachApiAtom));
}
