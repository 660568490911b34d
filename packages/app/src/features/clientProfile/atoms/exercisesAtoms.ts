import { clientResourceFamily } from './clientResourceFamily.ts';
import { profileListRange } from './profileListRange.ts';

/** A client's exercises of the last year, newest first. */
export const exercisesAtoms = clientResourceFamily('exercises', (api, clientId) =>
  api.exercise.listExercises(clientId, profileListRange(new Date())),
);
