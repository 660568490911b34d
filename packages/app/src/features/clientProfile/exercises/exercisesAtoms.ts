import { clientResourceFamily } from '../shared/clientResourceFamily.ts';
import { profileListRange } from '../shared/profileListRange.ts';

/** A client's exercises of the last year, newest first. */
export const exercisesAtoms = clientResourceFamily(
  'exercises',
  (api, clientId) => api.exercise.listExercises(clientId, profileListRange(new Date())),
  { isChangedByActions: true },
);
