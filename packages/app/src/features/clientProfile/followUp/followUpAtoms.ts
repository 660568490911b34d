import { clientResourceFamily } from '../shared/clientResourceFamily.ts';

/**
 * The client's open follow-up with their coach (`GET /api/notes/clients/:id/followUp`): read again
 * after a live message naming the client (every change of a follow-up sends one, an action in
 * another tab that ended it too) and after this screen's own changes.
 */
export const followUpAtoms = clientResourceFamily(
  'followUp',
  (api, clientId) => api.notes.getFollowUp(clientId),
  { isChangedByActions: true },
);
