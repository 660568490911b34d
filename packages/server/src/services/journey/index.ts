import { type PhaseChangeBody, phaseChangeAnswers } from '@coach/api';
import { contractRoute } from '../../http/contractRoute.ts';
import { resolveClientAccess } from '../clientAccess.ts';
import { nowOf, type ServicePlugin } from '../context.ts';
import { changePhase, readJourney } from './store.ts';

/**
 * The journey service (`/api/journey`): a coach reads a client's journey and starts their next
 * phase; a client reads their own journey. Anyone else, and any unknown id, gets the same 404
 * (nothing tells whether the id exists).
 */
export const journeyService: ServicePlugin = async (app, context) => {
  const { database } = context;

  app.route({
    ...contractRoute('getJourney'),
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const { clientId } = request.params as { clientId: string };
      const access = await resolveClientAccess(context, request, reply, clientId, 'coachOrClient');
      if (!access) return reply;
      return readJourney(database.db, access.client, nowOf(context));
    },
  });

  app.route({
    ...contractRoute('startNextPhase'),
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const { clientId } = request.params as { clientId: string };
      // Only the client's own coach: the client themself gets the same 404 as a stranger.
      const access = await resolveClientAccess(context, request, reply, clientId, 'coach');
      if (!access) return reply;
      const { caller, client } = access;
      const outcome = await database.transaction((tx) =>
        changePhase(
          tx,
          client,
          {
            coachPersonId: caller.id,
            userId: caller.userId,
            ip: request.ip,
            requestId: request.id,
          },
          request.body as PhaseChangeBody,
          nowOf(context),
        ),
      );
      if (!outcome.ok) {
        const mapped = phaseChangeAnswers[outcome.error.code];
        return reply
          .status(mapped.status)
          .send({ error: mapped.error, message: outcome.error.message });
      }
      return outcome.journey;
    },
  });
};
