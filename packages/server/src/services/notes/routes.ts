import { followUpDateError, localDateOf, notesLimits } from '@coach/domain';
import { recordAudit } from '../../audit.ts';
import { DomainError } from '../../domainError.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import { sweepIdleBucketsSometimes } from '../auth/index.ts';
import { clientHandlers, coachActed, resolveClientAccess } from '../clientRecords/index.ts';
import {
  keyOfCursor,
  nowOf,
  type PersonRecord,
  publishClientChange,
  type ServicePlugin,
} from '../core/index.ts';
import { chargeNotesWrite, withNotesQuota } from './quota.ts';
import {
  deleteNote,
  editNote,
  endFollowUp,
  listNotes,
  type NotesOwner,
  readOpenFollowUp,
  setFollowUp,
  storeNote,
  toFollowUp,
} from './store.ts';

/**
 * The notes service (`/api/notes`): a coach's private notes on each client and their follow-ups.
 * Client data under the client-data rule narrowed to the author: the client's current coach
 * only, and only what that coach wrote; anyone else (the client, another coach, the coach the
 * client left) gets the one 404 of client calls. Reads are limited and recorded as every read of
 * a client's data (clientReadAudit.ts); writes are charged to the coach's quotas before anything
 * is stored; a deleted note is audited without its text. A follow-up's change is told to the
 * coach's live streams (`clients-changed`) in its transaction.
 */
export const notesService: ServicePlugin = async (app, context) => {
  const { database, organisationId } = context;

  /** The caller's notes and follow-ups on the client: the caller is the client's coach. */
  const ownerOf = (caller: PersonRecord, client: PersonRecord): NotesOwner => ({
    organisationId,
    clientId: client.id,
    coachId: caller.id,
  });

  /** The coach's date now, in their time zone: what a follow-up's date is compared with. */
  const todayOf = (coach: PersonRecord, now: Date) => localDateOf(now, coach.timezone);

  app.route(
    contractRoute(
      'listNotes',
      clientHandlers(context, 'coach', async ({ query }, { caller, client }) => {
        const limit = query.limit ?? notesLimits.pageMax;
        const before = keyOfCursor(query.before);
        const search = query.search?.trim() || null;
        return listNotes(database.db, ownerOf(caller, client), before, limit, search);
      }),
    ),
  );

  app.route(
    contractRoute('writeNote', {
      onRequest: context.requireAuth,
      handler: async (request, reply) => {
        const { caller, client } = await resolveClientAccess(
          context,
          request,
          request.params.clientId,
          'coach',
        );
        const owner = ownerOf(caller, client);
        const now = nowOf(context);
        const stored = await withNotesQuota(context, request, caller, now, () =>
          database.transaction(async (tx) => {
            const charge = () => chargeNotesWrite(tx, context, caller.id, 'note', now);
            const written = await storeNote(tx, owner, request.body, now, charge);
            if (written.isNew) {
              const acted = await coachActed(tx, { ...owner, kind: 'note', at: now });
              if (acted.isClientChanged) await publishClientChange(database, tx, client);
            }
            return written;
          }),
        );
        await sweepIdleBucketsSometimes(database.db, organisationId, now);
        reply.status(stored.isNew ? 201 : 200);
        return stored.value;
      },
    }),
  );

  app.route(
    contractRoute(
      'editNote',
      clientHandlers(context, 'coach', async ({ params, body }, { caller, client }) => {
        const now = nowOf(context);
        const edited = await database.transaction((tx) =>
          editNote(tx, ownerOf(caller, client), params.noteId, body.text, now),
        );
        return edited.value;
      }),
    ),
  );

  app.route(
    contractRoute('deleteNote', {
      onRequest: context.requireAuth,
      handler: async (request, reply) => {
        const { params } = request;
        const { caller, client } = await resolveClientAccess(
          context,
          request,
          params.clientId,
          'coach',
        );
        await database.transaction(async (tx) => {
          const deleted = await deleteNote(tx, ownerOf(caller, client), params.noteId);
          // Which note, never its text: the coach's words about a client.
          await recordAudit(tx, {
            organisationId,
            action: 'note_deleted',
            actorUserId: caller.userId,
            subject: client.id,
            ip: request.ip,
            requestId: request.id,
            outcome: 'success',
            details: { noteId: params.noteId, writtenAt: deleted.writtenAt.toISOString() },
          });
        });
        return reply.status(204).send();
      },
    }),
  );

  app.route(
    contractRoute(
      'getFollowUp',
      clientHandlers(context, 'coach', async (_request, { caller, client }) => {
        const open = await readOpenFollowUp(database.db, ownerOf(caller, client));
        return { open: open ? toFollowUp(open, todayOf(caller, nowOf(context))) : null };
      }),
    ),
  );

  app.route(
    contractRoute(
      'setFollowUp',
      clientHandlers(context, 'coach', async (request, { caller, client }) => {
        const now = nowOf(context);
        const today = todayOf(caller, now);
        const refusal = followUpDateError(request.body.dueDate, today);
        if (refusal) throw new DomainError('invalid_request', refusal);
        const owner = ownerOf(caller, client);
        const { row } = await withNotesQuota(context, request, caller, now, () =>
          database.transaction(async (tx) => {
            const charge = () => chargeNotesWrite(tx, context, caller.id, 'followUp', now);
            const set = await setFollowUp(tx, owner, request.body, now, charge);
            if (set.changed) {
              // An action for the client's attention episode; it does not end itself.
              await coachActed(tx, { ...owner, kind: 'followUp', at: now });
              await publishClientChange(database, tx, client);
            }
            return set;
          }),
        );
        await sweepIdleBucketsSometimes(database.db, organisationId, now);
        return toFollowUp(row, today);
      }),
    ),
  );

  app.route(
    contractRoute(
      'endFollowUp',
      clientHandlers(context, 'coach', async ({ body }, { caller, client }) => {
        const now = nowOf(context);
        const ended = await database.transaction(async (tx) => {
          const row = await endFollowUp(tx, ownerOf(caller, client), body.ending, now);
          await publishClientChange(database, tx, client);
          return row;
        });
        return toFollowUp(ended, todayOf(caller, now));
      }),
    ),
  );
};
