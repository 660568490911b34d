import { clientResourceFamily } from './clientResourceFamily.ts';

/** The figures of a client's profile header (`GET /api/analytics/clients/:id/profile`). */
export const profileSummaryAtoms = clientResourceFamily('profileSummary', (api, clientId) =>
  api.analytics.getClientProfileSummary(clientId),
);
