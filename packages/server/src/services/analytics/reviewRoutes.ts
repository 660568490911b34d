import { attentionOf, type ClientReview, localDateOf, queueFlagsOf } from '@coach/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit.ts';
import type { AuditAction } from '../../db/auditActions.ts';
import type { Transaction } from '../../db/index.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import { clientHandlers, clientNotFound, writeClientRecord } from '../clientRecords/index.ts';
import { nowOf, type PersonRecord, type ServiceContext } from '../core/index.ts';
import { clientSummaries } from './figures.ts';
import { deleteReview, type ReviewOwner, storeReview } from './reviewStore.ts';

/**
 * The client's queue flags now, by the domain's rule over the server's own row of the client
 * (the figures the list shows), never the caller's word; with the unread messages.
 */
async function flagsNow(
  context: ServiceContext,
  coach: PersonRecord,
  clientId: string,
  now: Date,
): Promise<Pick<ClientReview, 'flags' | 'unreadMessages'>> {
  const { database, organisationId } = context;
  const viewer = { organisationId, timezone: coach.timezone };
  const [found] = await clientSummaries(database.db, viewer, { clientIds: [clientId] }, now);
  // Found a moment ago; gone now (deleted in between): the same 404.
  if (!found) throw clientNotFound();
  const { summary } = found;
  const attention = attentionOf(summary, now);
  return {
    flags: queueFlagsOf(attention, summary.followUp?.isDue === true),
    unreadMessages: summary.unreadMessages,
  };
}

/** The audit row of a mark or an undo: which client and which day, never the flags. */
function auditReview(
  tx: Transaction,
  context: ServiceContext,
  request: FastifyRequest,
  entry: { action: AuditAction; coach: PersonRecord; clientId: string; day: string },
) {
  return recordAudit(tx, {
    organisationId: context.organisationId,
    action: entry.action,
    actorUserId: entry.coach.userId,
    subject: entry.clientId,
    ip: request.ip,
    requestId: request.id,
    outcome: 'success',
    details: { day: entry.day },
  });
}

/**
 * 'Reviewed for today' (decision 94): the client's coach marks the client, or undoes today's
 * mark, through the write path (the coach's review quota, one transaction with the audit row, the
 * list's entry kept by its trigger, `clients-changed` to the coach's streams). Not an action on
 * the client (`coachActed`): a review ends no follow-up and answers no attention episode.
 */
export function reviewRoutes(app: FastifyInstance, context: ServiceContext): void {
  const ownerOf = (coach: PersonRecord, client: PersonRecord): ReviewOwner => ({
    organisationId: context.organisationId,
    clientId: client.id,
    coachId: coach.id,
  });

  app.route(
    contractRoute(
      'markClientReviewed',
      clientHandlers(context, 'coach', async (request, { caller, client }) => {
        return writeClientRecord(context, request, {
          client,
          quota: { kind: 'review', payer: caller },
          prepare: () => flagsNow(context, caller, client.id, nowOf(context)),
          store: async ({ tx, now, charge, prepared }) => {
            await charge({ reviews: 1 });
            const day = localDateOf(now, caller.timezone);
            const review: ClientReview = { day, reviewedAt: now.toISOString(), ...prepared };
            await storeReview(tx, ownerOf(caller, client), review);
            const clientId = client.id;
            await auditReview(tx, context, request, {
              action: 'client_reviewed',
              coach: caller,
              clientId,
              day,
            });
            return review;
          },
          notice: 'figures',
        });
      }),
    ),
  );

  app.route(
    contractRoute(
      'unmarkClientReviewed',
      clientHandlers(context, 'coach', async (request, { caller, client }, reply) => {
        await writeClientRecord(context, request, {
          client,
          quota: { kind: 'review', payer: caller },
          store: async ({ tx, now, charge }) => {
            await charge({ reviews: 1 });
            const day = localDateOf(now, caller.timezone);
            const undone = await deleteReview(tx, ownerOf(caller, client), day);
            if (undone) {
              await auditReview(tx, context, request, {
                action: 'client_review_undone',
                coach: caller,
                clientId: client.id,
                day,
              });
            }
            return undone;
          },
          // Nothing to undo (again, or never marked): no notice.
          changed: (undone) => undone,
          notice: 'figures',
        });
        return reply.status(204).send();
      }),
    ),
  );
}
