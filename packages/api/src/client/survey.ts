import type { DateRangeQuery } from '../contract/calendar.ts';
import type { ClientIdParams } from '../contract/journey.ts';
import type {
  Assessment,
  AssessmentList,
  Reflection,
  ReflectionList,
  SubmitAssessmentBody,
  SubmitReflectionBody,
} from '../contract/survey.ts';
import type { ServiceRequest } from './request.ts';
import { callRoute, clientRange } from './route.ts';

/** The typed calls of the survey service. */
export type SurveyClient = {
  /**
   * `POST /reflections`: the signed-in client's reflection in an open window (stored once by
   * its id: a retry answers the stored reflection).
   */
  submitReflection(body: SubmitReflectionBody): Promise<Reflection>;
  /** `POST /assessments`: the signed-in client's assessment, new or moving on from in progress. */
  submitAssessment(body: SubmitAssessmentBody): Promise<Assessment>;
  /** `GET /clients/{clientId}/reflections?from=&to=`: newest first (their coach, or the client). */
  listReflections(
    clientId: ClientIdParams['clientId'],
    range: DateRangeQuery,
  ): Promise<ReflectionList>;
  /**
   * `GET /clients/{clientId}/assessments?from=&to=`: newest first, scheduled ones never started
   * as incomplete (their coach, or the client).
   */
  listAssessments(
    clientId: ClientIdParams['clientId'],
    range: DateRangeQuery,
  ): Promise<AssessmentList>;
  /** Any other call of the service. */
  request: ServiceRequest;
};

/** Creates the {@link SurveyClient} over the survey service's request function. */
export function createSurveyClient(request: ServiceRequest): SurveyClient {
  return {
    submitReflection: (body) => callRoute(request, 'submitReflection', { body }),
    submitAssessment: (body) => callRoute(request, 'submitAssessment', { body }),
    listReflections: (clientId, range) =>
      callRoute(request, 'listReflections', clientRange(clientId, range)),
    listAssessments: (clientId, range) =>
      callRoute(request, 'listAssessments', clientRange(clientId, range)),
    request,
  };
}
