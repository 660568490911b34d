import { clientResourceFamily } from '../shared/clientResourceFamily.ts';

/** A client's journey: steps, current day, next phase (`GET /api/journey/clients/:id/journey`). */
export const journeyAtoms = clientResourceFamily(
  'journey',
  (api, clientId) => api.journey.getJourney(clientId),
  { isChangedByActions: true },
);
