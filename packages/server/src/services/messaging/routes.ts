import { type MessageAuthor, messages, messagingLimits } from '@coach/domain';
import { DomainError } from '../../domainError.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import {
  answerStored,
  clientHandlers,
  clientNotFound,
  writeClientRecord,
} from '../clientRecords/index.ts';
import {
  keyOfCursor,
  type PersonRecord,
  type ServicePlugin,
  startMailOutbox,
} from '../core/index.ts';
import { coachRoutes } from './coachRoutes.ts';
import { mailClientSometimes } from './mail.ts';
import { deleteMessage, listThread, markRead, storeMessage, type Thread } from './store.ts';

/**
 * The messaging service (`/api/messaging`): the thread of each client with their current coach,
 * read and written by both (the client at their own person id), and the coach's unread counts
 * and quick replies (coachRoutes.ts). A thread is client data: its reads are limited and recorded
 * as every read of a client's data (clientReadAudit.ts), every refusal is the one 404 of client
 * calls, and each change runs the write path, told to the coach's live streams
 * (`messages-changed`) in its transaction; a send is charged to its writer's quotas first.
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
    contractRoute(
      'sendMessage',
      clientHandlers(context, 'coachOrClient', async (request, { caller, client }, reply) => {
        const { body } = request;
        const thread = threadOf(client);
        if (!thread) throw clientNotFound();
        const author = sideOf(caller, client);
        // Characters as the contract counts them (code points).
        const charges = { messages: 1, characters: [...body.text].length };
        const sent = await writeClientRecord(context, request, {
          client,
          quota: { kind: `${author}Message`, payer: caller },
          store: async ({ tx, now, charge }) => {
            const stored = await storeMessage(tx, thread, author, body, now, () => charge(charges));
            const isMailed =
              stored.isNew &&
              author === 'coach' &&
              (await mailClientSometimes(tx, mail, organisationId, client, caller, now));
            return { stored, isMailed };
          },
          changed: ({ stored }) => stored.isNew,
          acting: author === 'coach' ? { coachId: caller.id, kind: 'message' } : undefined,
          notice: 'thread',
        });
        if (sent.isMailed) mail.wake();
        return answerStored(reply, sent.stored);
      }),
    ),
  );

  app.route(
    contractRoute(
      'markMessagesRead',
      clientHandlers(context, 'coachOrClient', async (request, { caller, client }) => {
        const thread = threadOf(client);
        if (!thread) throw new DomainError('not_found', messages.messageNotFound);
        const side = sideOf(caller, client);
        const { unread } = await writeClientRecord(context, request, {
          client,
          store: ({ tx, now }) => markRead(tx, thread, side, request.body.upTo, now),
          changed: ({ marked }) => marked > 0,
          notice: 'thread',
        });
        return { unread };
      }),
    ),
  );

  app.route(
    contractRoute(
      'deleteMessage',
      clientHandlers(context, 'coachOrClient', async (request, { caller, client }) => {
        // The client is told why: they may see their own thread, not delete in it.
        if (sideOf(caller, client) === 'client') {
          throw new DomainError('forbidden', messages.onlyCoachesDeleteMessages);
        }
        const thread = threadOf(client);
        if (!thread) throw clientNotFound();
        const { messageId } = request.params;
        const deleted = await writeClientRecord(context, request, {
          client,
          store: ({ tx, now }) =>
            deleteMessage(tx, thread, messageId, messagingLimits.deleteWindowSeconds, now),
          changed: (result) => result.isUpdate,
          notice: 'thread',
        });
        return deleted.value;
      }),
    ),
  );

  coachRoutes(app, context);
};
