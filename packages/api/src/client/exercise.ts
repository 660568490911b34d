import type { DateRangeQuery } from '../contract/calendar.ts';
import type { Exercise, ExerciseList, RecordExerciseBody } from '../contract/exercise.ts';
import type { ClientIdParams } from '../contract/journey.ts';
import type { ServiceRequest } from './request.ts';
import { callRoute, clientRange } from './route.ts';

/** The typed calls of the exercise service. */
export type ExerciseClient = {
  /**
   * `POST /exercises`: the signed-in client's exercise with its measures (stored once by its
   * id: a retry answers the stored exercise).
   */
  recordExercise(body: RecordExerciseBody): Promise<Exercise>;
  /** `GET /clients/{clientId}/exercises?from=&to=`: newest first (their coach, or the client). */
  listExercises(clientId: ClientIdParams['clientId'], range: DateRangeQuery): Promise<ExerciseList>;
  /** `GET /clients/{clientId}/exercises/{exerciseId}`: one exercise in detail. */
  getExercise(clientId: ClientIdParams['clientId'], exerciseId: string): Promise<Exercise>;
  /** Any other call of the service. */
  request: ServiceRequest;
};

/** Creates the {@link ExerciseClient} over the exercise service's request function. */
export function createExerciseClient(request: ServiceRequest): ExerciseClient {
  return {
    recordExercise: (body) => callRoute(request, 'recordExercise', { body }),
    listExercises: (clientId, range) =>
      callRoute(request, 'listExercises', clientRange(clientId, range)),
    getExercise: (clientId, exerciseId) =>
      callRoute(request, 'getExercise', { params: { clientId, exerciseId } }),
    request,
  };
}
