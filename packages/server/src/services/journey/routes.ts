import { contractRoute } from '../../http/contractRoute.ts';
import { clientHandlers, coachActed } from '../clientRecords/index.ts';
import { nowOf, publishClientChange, type ServicePlugin } from '../core/index.ts';
import { changePhase, readJourney } from './store.ts';

/**
 * The journey service (`/api/journey`): a coach reads a client's journey and starts their next
 * phase; a client reads their own journey. Anyone else, and any unknown id, gets the same 404
 * (nothing tells whether the id exists).
 */
export const journeyService: ServicePlugin = async (app, context) => {
  const { database } = context;

  app.route(
    contractRoute(
      'getJourney',
      clientHandlers(context, 'coachOrClient', async (_request, { client }) =>
        readJourney(database.db, client, nowOf(context)),
      ),
    ),
  );

  app.route(
    contractRoute(
      'startNextPhase',
      // Only the client's own coach: the client themself gets the same 404 as a stranger.
      clientHandlers(context, 'coach', async (request, { caller, client }) => {
        const actor = {
          coachPersonId: caller.id,
          userId: caller.userId,
          ip: request.ip,
          requestId: request.id,
        };
        return database.transaction(async (tx) => {
          const now = nowOf(context);
          const journey = await changePhase(tx, client, actor, request.body, now);
          const action = {
            organisationId: client.organisationId,
            clientId: client.id,
            coachId: caller.id,
            kind: 'phaseChange',
            at: now,
          } as const;
          await coachActed(tx, action);
          // The new phase and any follow-up it ended, in one notice.
          await publishClientChange(database, tx, client);
          return journey;
        });
      }),
    ),
  );
};
