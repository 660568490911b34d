import { clientResourceFamily } from '../shared/clientResourceFamily.ts';

/**
 * The client's attention episodes with the coach, newest first
 * (`GET /api/analytics/clients/:id/episodes`).
 */
export const episodesAtoms = clientResourceFamily('episodes', (api, clientId) =>
  api.analytics.listClientEpisodes(clientId),
);
