import { contractRoute } from '../../http/contractRoute.ts';
import { resolveClientAccess } from '../clientRecords/access.ts';
import { nowOf, type ServicePlugin } from '../context.ts';
import { changePhase, readJourney } from './store.ts';

/**
 * The journey service (`/api/journey`): a coach reads a client's journey and starts their next
 * phase; a client reads their own journey. Anyone else, and any unknown id, gets the same 404
 * (nothing tells whether the id exists).
 */
export const journeyService: ServicePlugin = async (app, context) => {
  const { database } = context;

  app.route(
    contractRoute('getJourney', {
      onRequest: context.requireAuth,
      handler: async (request) => {
        const { client } = await resolveClientAccess(
          context,
          request,
          request.params.clientId,
          'coachOrClient',
        );
        return readJourney(database.db, client, nowOf(context));
      },
    }),
  );

  app.route(
    contractRoute('startNextPhase', {
      onRequest: context.requireAuth,
      handler: async (request) => {
        // Only the client's own coach: the client themself gets the same 404 as a stranger.
        const { caller, client } = await resolveClientAccess(
          context,
          request,
          request.params.clientId,
          'coach',
        );
        const actor = {
          coachPersonId: caller.id,
          userId: caller.userId,
          ip: request.ip,
          requestId: request.id,
        };
        return database.transaction((tx) =>
          changePhase(tx, client, actor, request.body, nowOf(context)),
        );
      },
    }),
  );
};
