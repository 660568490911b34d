import { clientResourceFamily } from '../shared/clientResourceFamily.ts';

/** Items of one activity page. */
export const activityPageSize = 20;

/**
 * The first page of a client's activity history, newest first; the section asks for the next
 * pages with its `nextCursor` ('Show more'), and a refresh starts again from this one.
 */
export const activityAtoms = clientResourceFamily(
  'activity',
  (api, clientId) => api.analytics.getClientActivity(clientId, { limit: activityPageSize }),
  { isChangedByActions: true },
);
