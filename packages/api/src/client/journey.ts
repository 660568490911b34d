import type { ClientIdParams, Journey, PhaseChangeBody } from '../contract/journey.ts';
import type { ServiceRequest } from './request.ts';
import { callRoute } from './route.ts';

/** The typed calls of the journey service. */
export type JourneyClient = {
  /** `GET /clients/{clientId}/journey`: a client's journey (their coach, or the client). */
  getJourney(clientId: ClientIdParams['clientId']): Promise<Journey>;
  /**
   * `POST /clients/{clientId}/phase`: starts the client's next phase (their coach only;
   * irreversible). Rejects with a 409 ApiError 'No new phases are planned yet' after grow.
   */
  startNextPhase(clientId: ClientIdParams['clientId'], body: PhaseChangeBody): Promise<Journey>;
  /** Any other call of the service. */
  request: ServiceRequest;
};

/** Creates the {@link JourneyClient} over the journey service's request function. */
export function createJourneyClient(request: ServiceRequest): JourneyClient {
  return {
    getJourney: (clientId) => callRoute(request, 'getJourney', { params: { clientId } }),
    startNextPhase: (clientId, body) =>
      callRoute(request, 'startNextPhase', { params: { clientId }, body }),
    request,
  };
}
