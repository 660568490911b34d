import { type MessageAuthor, messages, messagingLimits } from '@coach/domain';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domainError.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import { findCaller } from '../account/index.ts';
import { sweepIdleBucketsSometimes } from '../auth/index.ts';
import {
  clientHandlers,
  clientNotFound,
  coachActed,
  resolveClientAccess,
} from '../clientRecords/index.ts';
import {
  keyOfCursor,
  nowOf,
  type PersonRecord,
  publishClientChange,
  publishThreadChange,
  type ServicePlugin,
  startMailOutbox,
} from '../core/index.ts';
import { mailClientSometimes } from './mail.ts';
import { chargeMessage, withMessageQuota } from './quota.ts';
import {
  deleteMessage,
  listThread,
  markRead,
  readQuickReplies,
  storeMessage,
  type Thread,
  unreadCounts,
  writeQuickReplies,
} from './store.ts';

/**
 * The messaging service (`/api/messaging`): the thread of each client with their current coach,
 * read and written by both (the client at their own person id), the coach's unread counts and
 * quick replies. A thread is client data: its reads are limited and recorded as every read of a
 * client's data (clientReadAudit.ts), every refusal is the one 404 of client calls, and each
 * change is told to the coach's live streams (`messages-changed`) in its transaction.
 */
export const messagingService: ServicePlugin = async (app, context) => {
  const { database, organisationId } = context;
  const mail = startMailOutbox(app, context);

  /** The client's thread with their current coach (none for a client without a coach). */
  const threadOf = (client: PersonRecord): Thread | null =>
    client.coachPersonId
      ? { organisationId, clientId: client.id, coachId: client.coachPersonId }
      : null;

  /** Which side the caller writes and reads on. */
  const sideOf = (caller: PersonRecord, client: PersonRecord): MessageAuthor =>
    caller.id === client.id ? 'client' : 'coach';

  /** The caller when a coach; otherwise 403 with `message`. */
  async function requireCoach(request: FastifyRequest, message: string): Promise<PersonRecord> {
    const caller = await findCaller(database.db, organisationId, request);
    if (caller?.type !== 'coach') throw new DomainError('forbidden', message);
    return caller;
  }

  app.route(
    contractRoute(
      'listMessages',
      clientHandlers(context, 'coachOrClient', async ({ query }, { caller, client }) => {
        const limit = query.limit ?? messagingLimits.pageMax;
        const before = keyOfCursor(query.before);
        const thread = threadOf(client);
        if (!thread) return { items: [], nextCursor: null, unread: 0 };
        return listThread(database.db, thread, sideOf(caller, client), before, limit);
      }),
    ),
  );

  app.route(
    contractRoute('sendMessage', {
      onRequest: context.requireAuth,
      handler: async (request, reply) => {
        const { params, body } = request;
        const { caller, client } = await resolveClientAccess(
          context,
          request,
          params.clientId,
          'coachOrClient',
        );
        const thread = threadOf(client);
        if (!thread) throw clientNotFound();
        const author = sideOf(caller, client);
        const now = nowOf(context);
        const writer = { id: caller.id, userId: caller.userId, author };
        const sent = await withMessageQuota(context, request, writer, () =>
          database.transaction(async (tx) => {
            // Characters as the contract counts them (code points).
            const charge = () => chargeMessage(tx, context, writer, [...body.text].length, now);
            const stored = await storeMessage(tx, thread, author, body, now, charge);
            if (!stored.isNew) return { stored, isMailed: false };
            await publishThreadChange(database, tx, thread);
            if (author === 'coach') {
              const acted = await coachActed(tx, { ...thread, kind: 'message', at: now });
              if (acted.isClientChanged) await publishClientChange(database, tx, client);
            }
            const isMailed =
              author === 'coach' &&
              (await mailClientSometimes(tx, mail, organisationId, client, caller, now));
            return { stored, isMailed };
          }),
        );
        if (sent.isMailed) mail.wake();
        await sweepIdleBucketsSometimes(database.db, organisationId, now);
        reply.status(sent.stored.isNew ? 201 : 200);
        return sent.stored.value;
      },
    }),
  );

  app.route(
    contractRoute(
      'markMessagesRead',
      clientHandlers(context, 'coachOrClient', async ({ body }, { caller, client }) => {
        const thread = threadOf(client);
        if (!thread) throw new DomainError('not_found', messages.messageNotFound);
        const now = nowOf(context);
        return database.transaction(async (tx) => {
          const { marked, unread } = await markRead(
            tx,
            thread,
            sideOf(caller, client),
            body.upTo,
            now,
          );
          if (marked > 0) await publishThreadChange(database, tx, thread);
          return { unread };
        });
      }),
    ),
  );

  app.route(
    contractRoute(
      'deleteMessage',
      clientHandlers(context, 'coachOrClient', async ({ params }, { caller, client }) => {
        // The client is told why: they may see their own thread, not delete in it.
        if (sideOf(caller, client) === 'client') {
          throw new DomainError('forbidden', messages.onlyCoachesDeleteMessages);
        }
        const thread = threadOf(client);
        if (!thread) throw clientNotFound();
        const now = nowOf(context);
        return database.transaction(async (tx) => {
          const deleted = await deleteMessage(
            tx,
            thread,
            params.messageId,
            messagingLimits.deleteWindowSeconds,
            now,
          );
          if (deleted.isUpdate) await publishThreadChange(database, tx, thread);
          return deleted.value;
        });
      }),
    ),
  );

  app.route(
    contractRoute('listUnreadCounts', {
      onRequest: context.requireAuth,
      handler: async (request) => {
        const coach = await requireCoach(request, messages.onlyCoachesReadUnreadCounts);
        return unreadCounts(database.db, organisationId, coach.id);
      },
    }),
  );

  app.route(
    contractRoute('getQuickReplies', {
      onRequest: context.requireAuth,
      handler: async (request) => {
        const coach = await requireCoach(request, messages.onlyCoachesKeepQuickReplies);
        return { items: await readQuickReplies(database.db, coach.id) };
      },
    }),
  );

  app.route(
    contractRoute('updateQuickReplies', {
      onRequest: context.requireAuth,
      handler: async (request) => {
        const coach = await requireCoach(request, messages.onlyCoachesKeepQuickReplies);
        const { items } = request.body;
        if (new Set(items.map((item) => item.id)).size !== items.length) {
          throw new DomainError('invalid_request', messages.quickReplyIdsRepeated);
        }
        const stored = await writeQuickReplies(
          database.db,
          organisationId,
          coach.id,
          items,
          nowOf(context),
        );
        return { items: stored };
      },
    }),
  );
};
