import { clientResourceFamily } from '../shared/clientResourceFamily.ts';
import { profileListRange } from '../shared/profileListRange.ts';

/** A client's reflections of the last year, newest first. */
export const reflectionsAtoms = clientResourceFamily(
  'reflections',
  (api, clientId) => api.survey.listReflections(clientId, profileListRange(new Date())),
  { isChangedByActions: true },
);
