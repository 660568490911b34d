import { clientResourceFamily } from '../shared/clientResourceFamily.ts';

/** Reports of one page of the list. */
export const reportPageSize = 20;

/**
 * The first page of a client's reports, newest first (`GET /api/resource/clients/:id/reports`);
 * the section asks for the next pages with its `nextCursor` ('Show more'), and a refresh starts
 * again from this one.
 */
export const reportsAtoms = clientResourceFamily(
  'reports',
  (api, clientId) => api.resource.listClientReports(clientId, { limit: reportPageSize }),
  { isChangedByActions: true },
);
