import { clientResourceFamily } from '../shared/clientResourceFamily.ts';
import { profileListRange } from '../shared/profileListRange.ts';

/** A client's assessments of the last year, newest first (scheduled, never started: incomplete). */
export const assessmentsAtoms = clientResourceFamily(
  'assessments',
  (api, clientId) => api.survey.listAssessments(clientId, profileListRange(new Date())),
  { isChangedByActions: true },
);
