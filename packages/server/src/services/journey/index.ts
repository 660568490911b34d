import type { PhaseChangeBody } from '@coach/api';
import { contractRoute } from '../../http/contractRoute.ts';
import { findPersonById, findPersonByUserId, type PersonRecord } from '../account/persons.ts';
import { nowOf, type ServicePlugin } from '../context.ts';
import { changePhase, readJourney } from './store.ts';

/** The one 404 of the journey service: the same for any id the caller may not reach. */
export const clientNotFound = { error: 'not_found', message: 'Client not found' } as const;

/** HTTP codes of a refused phase change (the domain's codes, in the API's snake case). */
const phaseErrors = {
  noPhasePlanned: { status: 409, error: 'no_phase_planned' },
  notNextPhase: { status: 409, error: 'not_next_phase' },
  invalidGoals: { status: 400, error: 'invalid_phase' },
  invalidBpm: { status: 400, error: 'invalid_phase' },
  invalidGoalChoices: { status: 400, error: 'invalid_phase' },
} as const;

/** Whether `client` is a client (type user) coached by `caller`, a coach. */
function isCoachOf(caller: PersonRecord, client: PersonRecord): boolean {
  return caller.type === 'coach' && client.type === 'user' && client.coachPersonId === caller.id;
}

/**
 * The journey service (`/api/journey`): a coach reads a client's journey and starts their next
 * phase; a client reads their own journey. Anyone else, and any unknown id, gets the same 404
 * (nothing tells whether the id exists).
 */
export const journeyService: ServicePlugin = async (app, context) => {
  const { database, organisationId } = context;

  async function callerAndClient(userId: string, clientId: string) {
    const caller = await findPersonByUserId(database.db, organisationId, userId);
    const client = await findPersonById(database.db, organisationId, clientId);
    return caller && client ? { caller, client } : null;
  }

  app.route({
    ...contractRoute('getJourney'),
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const { clientId } = request.params as { clientId: string };
      const found = await callerAndClient(request.auth?.userId ?? '', clientId);
      const allowed =
        found !== null &&
        found.client.type === 'user' &&
        (isCoachOf(found.caller, found.client) || found.caller.id === found.client.id);
      if (!found || !allowed) return reply.status(404).send(clientNotFound);
      return readJourney(database.db, found.client, nowOf(context));
    },
  });

  app.route({
    ...contractRoute('startNextPhase'),
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const { clientId } = request.params as { clientId: string };
      const found = await callerAndClient(request.auth?.userId ?? '', clientId);
      // Only the client's own coach: the client themself gets the same 404 as a stranger.
      if (!found || !isCoachOf(found.caller, found.client)) {
        return reply.status(404).send(clientNotFound);
      }
      const { caller, client } = found;
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
        const mapped = phaseErrors[outcome.error.code];
        return reply
          .status(mapped.status)
          .send({ error: mapped.error, message: outcome.error.message });
      }
      return outcome.journey;
    },
  });
};
