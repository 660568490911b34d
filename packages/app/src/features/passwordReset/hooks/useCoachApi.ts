import type { CoachApi } from '@coach/api';
import { useAtomValue } from '../../../state/jotai.ts';
import { coachApiAtom } from '../../session/atoms/coachApiAtom.ts';

/** The app's API client, for a component's own calls; a missing provider is a programming error. */
export function useCoachApi(): CoachApi {
  const api = useAtomValue(coachApiAtom);
  if (!api) throw new Error('CoachApiProvider is missing above this component');
  return api;
}
