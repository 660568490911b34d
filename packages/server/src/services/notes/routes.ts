import { notesLimits } from '@coach/domain';
import { recordAudit } from '../../audit.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import {
  answerStored,
  clientHandlers,
  coachOwnerOf,
  writeClientRecord,
} from '../clientRecords/index.ts';
import { keyOfCursor, type ServicePlugin } from '../core/index.ts';
import { followUpRoutes } from './followUpRoutes.ts';
import { deleteNote, editNote, listNotes, storeNote } from './store.ts';

/**
 * The notes service (`/api/notes`): a coach's private notes on each client and their follow-ups
 * (followUpRoutes.ts). Client data under the client-data rule narrowed to the author: the
 * client's current coach only, and only what that coach wrote; anyone else (the client, another
 * coach, the coach the client left) gets the one 404 of client calls. Reads are limited and
 * recorded as every read of a client's data (clientReadAudit.ts); writes run the write path,
 * charged to the coach's quotas before anything is stored; a deleted note is audited without its
 * text.
 */
export const notesService: ServicePlugin = async (app, context) => {
  const { database, organisationId } = context;

  app.route(
    contractRoute(
      'listNotes',
      clientHandlers(context, 'coach', async ({ query }, access) => {
        const limit = query.limit ?? notesLimits.pageMax;
        const before = keyOfCursor(query.before);
        const search = query.search?.trim() || null;
        return listNotes(database.db, coachOwnerOf(access), before, limit, search);
      }),
    ),
  );

  app.route(
    contractRoute(
      'writeNote',
      clientHandlers(context, 'coach', async (request, access, reply) => {
        const { caller, client } = access;
        const stored = await writeClientRecord(context, request, {
          client,
          quota: { kind: 'note', payer: caller },
          store: ({ tx, now, charge }) =>
            storeNote(tx, coachOwnerOf(access), request.body, now, () => charge({ notes: 1 })),
          changed: (written) => written.isNew,
          acting: { coachId: caller.id, kind: 'note' },
        });
        return answerStored(reply, stored);
      }),
    ),
  );

  app.route(
    contractRoute(
      'editNote',
      clientHandlers(context, 'coach', async (request, access) => {
        const { params, body } = request;
        const edited = await writeClientRecord(context, request, {
          client: access.client,
          store: ({ tx, now }) => editNote(tx, coachOwnerOf(access), params.noteId, body.text, now),
        });
        return edited.value;
      }),
    ),
  );

  app.route(
    contractRoute(
      'deleteNote',
      clientHandlers(context, 'coach', async (request, access, reply) => {
        const { params } = request;
        await writeClientRecord(context, request, {
          client: access.client,
          store: async ({ tx }) => {
            const deleted = await deleteNote(tx, coachOwnerOf(access), params.noteId);
            // Which note, never its text: the coach's words about a client.
            await recordAudit(tx, {
              organisationId,
              action: 'note_deleted',
              actorUserId: access.caller.userId,
              subject: access.client.id,
              ip: request.ip,
              requestId: request.id,
              outcome: 'success',
              details: { noteId: params.noteId, writtenAt: deleted.writtenAt.toISOString() },
            });
          },
        });
        return reply.status(204).send();
      }),
    ),
  );

  followUpRoutes(app, context);
};
