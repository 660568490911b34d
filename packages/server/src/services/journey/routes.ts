import { contractRoute } from '../../http/contractRoute.ts';
import { clientHandlers, writeClientRecord } from '../clientRecords/index.ts';
import { nowOf, type ServicePlugin } from '../core/index.ts';
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
        return writeClientRecord(context, request, {
          client,
          store: ({ tx, now }) => changePhase(tx, client, actor, request.body, now),
          acting: { coachId: caller.id, kind: 'phaseChange' },
          // The new phase and any follow-up it ended, in one notice.
          notice: 'figures',
        });
      }),
    ),
  );
};
