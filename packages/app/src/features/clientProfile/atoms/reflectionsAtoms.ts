import { clientResourceFamily } from './clientResourceFamily.ts';
import { profileListRange } from './profileListRange.ts';

/** A client's reflections of the last year, newest first. */
export const reflectionsAtoms = clientResourceFamily('reflections', (api, clientId) =>
  api.survey.listReflections(clientId, profileListRange(new Date())),
);
