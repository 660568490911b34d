import { clientResourceFamily } from '../shared/clientResourceFamily.ts';

/** The coach's own actions on a client, newest first (`GET /api/analytics/clients/:id/coachActions`). */
export const coachActionsAtoms = clientResourceFamily(
  'coachActions',
  (api, clientId) => api.analytics.listClientCoachActions(clientId),
  { isChangedByActions: true },
);
