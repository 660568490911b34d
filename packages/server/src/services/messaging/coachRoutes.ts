import { messages } from '@coach/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../domainError.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import { findCaller } from '../account/index.ts';
import { nowOf, type PersonRecord, type ServiceContext } from '../core/index.ts';
import { readQuickReplies, unreadCounts, writeQuickReplies } from './store.ts';

/**
 * The messaging service's calls of a coach over all their clients: the unread counts of their
 * threads, and their quick replies (403 to anyone else).
 */
export function coachRoutes(app: FastifyInstance, context: ServiceContext): void {
  const { database, organisationId } = context;

  /** The caller when a coach; otherwise 403 with `message`. */
  async function requireCoach(request: FastifyRequest, message: string): Promise<PersonRecord> {
    const caller = await findCaller(database.db, organisationId, request);
    if (caller?.type !== 'coach') throw new DomainError('forbidden', message);
    return caller;
  }

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
}
