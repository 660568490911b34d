import { messages } from '@coach/api';
import { contractRoute } from '../../http/contractRoute.ts';
import { resolveClientAccess } from '../clientAccess.ts';
import { clientRangeRoute, clientWriteRoute } from '../clientData/routes.ts';
import type { ServicePlugin } from '../context.ts';
import { getExercise, listExercises, recordExercise } from './store.ts';

/** The 404 of an exercise id the client does not have. */
const exerciseNotFound = { error: 'not_found', message: messages.exerciseNotFound } as const;

/**
 * The exercise service (`/api/exercise`): a client's app records exercises with their measures
 * (always the caller's own); their coach, or the client, lists and reads them.
 */
export const exerciseService: ServicePlugin = async (app, context) => {
  const { database } = context;

  app.route(
    clientWriteRoute(
      context,
      'recordExercise',
      messages.onlyClientsRecordExercises,
      recordExercise,
    ),
  );
  app.route(
    clientRangeRoute(context, 'listExercises', (client, range) =>
      listExercises(database.db, client, range),
    ),
  );

  app.route({
    ...contractRoute('getExercise'),
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const { clientId, exerciseId } = request.params as { clientId: string; exerciseId: string };
      const access = await resolveClientAccess(context, request, reply, clientId, 'coachOrClient');
      if (!access) return reply;
      const exercise = await getExercise(database.db, access.client, exerciseId);
      if (!exercise) return reply.status(404).send(exerciseNotFound);
      return exercise;
    },
  });
};
