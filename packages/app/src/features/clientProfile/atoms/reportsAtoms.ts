import { clientResourceFamily } from './clientResourceFamily.ts';

/** A client's reports, newest first (`GET /api/resource/clients/:id/reports`). */
export const reportsAtoms = clientResourceFamily('reports', (api, clientId) =>
  api.resource.listClientReports(clientId),
);
