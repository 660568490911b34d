import type {
  EditNoteBody,
  EndFollowUpBody,
  FollowUp,
  FollowUpAnswer,
  Note,
  NoteList,
  NoteListQuery,
  SetFollowUpBody,
  WriteNoteBody,
} from '../contract/notes.ts';
import type { ServiceRequest } from './request.ts';
import { callRoute } from './route.ts';

/** The typed calls of the notes service. */
export type NotesClient = {
  /** `GET /clients/{clientId}/notes?limit=&before=&search=`: a page of notes, newest first. */
  listNotes(clientId: string, query?: NoteListQuery): Promise<NoteList>;
  /** `POST /clients/{clientId}/notes`: stored once by its id (a retry answers the stored one). */
  writeNote(clientId: string, body: WriteNoteBody): Promise<Note>;
  /** `PATCH /clients/{clientId}/notes/{noteId}`: within a day of writing it. */
  editNote(clientId: string, noteId: string, body: EditNoteBody): Promise<Note>;
  /** `DELETE /clients/{clientId}/notes/{noteId}`. */
  deleteNote(clientId: string, noteId: string): Promise<void>;
  /** `GET /clients/{clientId}/followUp`: the open follow-up, or none. */
  getFollowUp(clientId: string): Promise<FollowUpAnswer>;
  /** `PUT /clients/{clientId}/followUp`: sets it, or moves the open one. */
  setFollowUp(clientId: string, body: SetFollowUpBody): Promise<FollowUp>;
  /** `POST /clients/{clientId}/followUp/end`: done or dropped. */
  endFollowUp(clientId: string, body: EndFollowUpBody): Promise<FollowUp>;
  /** Any other call of the service. */
  request: ServiceRequest;
};

/** Creates the {@link NotesClient} over the notes service's request function. */
export function createNotesClient(request: ServiceRequest): NotesClient {
  return {
    listNotes: (clientId, query = {}) =>
      callRoute(request, 'listNotes', {
        params: { clientId },
        query: { limit: query.limit, before: query.before, search: query.search },
      }),
    writeNote: (clientId, body) => callRoute(request, 'writeNote', { params: { clientId }, body }),
    editNote: (clientId, noteId, body) =>
      callRoute(request, 'editNote', { params: { clientId, noteId }, body }),
    deleteNote: async (clientId, noteId) => {
      await callRoute(request, 'deleteNote', { params: { clientId, noteId } });
    },
    getFollowUp: (clientId) => callRoute(request, 'getFollowUp', { params: { clientId } }),
    setFollowUp: (clientId, body) =>
      callRoute(request, 'setFollowUp', { params: { clientId }, body }),
    endFollowUp: (clientId, body) =>
      callRoute(request, 'endFollowUp', { params: { clientId }, body }),
    request,
  };
}
