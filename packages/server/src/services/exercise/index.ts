import type { DateRangeQuery, RecordExerciseBody } from '@coach/api';
import { contractRoute } from '../../http/contractRoute.ts';
import { requireClientCaller, resolveClientAccess } from '../clientAccess.ts';
import { dateRangeError } from '../clientData/range.ts';
import { sendOutcome } from '../clientData/reply.ts';
import { nowOf, type ServicePlugin } from '../context.ts';
import { getExercise, listExercises, recordExercise } from './store.ts';

/** Message of the 403 for a caller who is not a client. */
export const onlyClientsMessage = 'Only a client can record exercises';

/** The 404 of an exercise id the client does not have. */
export const exerciseNotFound = { error: 'not_found', message: 'Exercise not found' } as const;

/**
 * The exercise service (`/api/exercise`): a client's app records exercises with their measures
 * (always the caller's own); their coach, or the client, lists and reads them.
 */
export const exerciseService: ServicePlugin = async (app, context) => {
  const { database } = context;

  app.route({
    ...contractRoute('recordExercise'),
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const caller = await requireClientCaller(context, request, reply, onlyClientsMessage);
      if (!caller) return reply;
      const body = request.body as RecordExerciseBody;
      const now = nowOf(context);
      const outcome = await database.transaction((tx) => recordExercise(tx, caller, body, now));
      return sendOutcome(reply, outcome);
    },
  });

  app.route({
    ...contractRoute('listExercises'),
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const { clientId } = request.params as { clientId: string };
      const access = await resolveClientAccess(context, request, reply, clientId, 'coachOrClient');
      if (!access) return reply;
      const range = request.query as DateRangeQuery;
      const rangeError = dateRangeError(range);
      if (rangeError) return reply.status(400).send(rangeError);
      return listExercises(database.db, access.client, range);
    },
  });

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
