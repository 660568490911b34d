import { notesLimits } from '@coach/domain';
import { clientResourceFamily } from '../shared/clientResourceFamily.ts';

/** Notes a page: the most the service lists at once. */
export const notePageSize = notesLimits.pageMax;

/** The newest page of the coach's notes on a client (`GET /api/notes/clients/:id/notes`). */
export const notesAtoms = clientResourceFamily('notes', (api, clientId) =>
  api.notes.listNotes(clientId, { limit: notePageSize }),
);
