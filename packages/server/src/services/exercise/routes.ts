import { messages } from '@coach/domain';
import { DomainError } from '../../domainError.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import {
  clientHandlers,
  clientRangeHandlers,
  clientWriteHandlers,
} from '../clientRecords/index.ts';
import type { ServicePlugin } from '../core/index.ts';
import { getExercise, listExercises, recordExercise } from './store.ts';

/**
 * The exercise service (`/api/exercise`): a client's app records exercises with their measures
 * (always the caller's own); their coach, or the client, lists and reads them.
 */
export const exerciseService: ServicePlugin = async (app, context) => {
  const { database } = context;

  app.route(
    contractRoute(
      'recordExercise',
      clientWriteHandlers(
        context,
        messages.onlyClientsRecordExercises,
        {
          kind: 'exercise',
          // A new exercise counts one; a retry nothing.
          charges: (_body, stored) => (stored.isNew ? { exercises: 1 } : {}),
        },
        recordExercise,
      ),
    ),
  );
  app.route(
    contractRoute(
      'listExercises',
      clientRangeHandlers(context, 'coachOrClient', (client, range) =>
        listExercises(database.db, client, range),
      ),
    ),
  );

  app.route(
    contractRoute(
      'getExercise',
      clientHandlers(context, 'coachOrClient', async ({ params }, { client }) => {
        const exercise = await getExercise(database.db, client, params.exerciseId);
        if (!exercise) throw new DomainError('not_found', messages.exerciseNotFound);
        return exercise;
      }),
    ),
  );
};
