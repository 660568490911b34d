import { clientRangeRoute, clientWriteRoute } from '../clientData/routes.ts';
import type { ServicePlugin } from '../context.ts';
import { listAssessments, listReflections, submitAssessment, submitReflection } from './store.ts';

/** Message of the 403 for a caller who is not a client, posting a reflection. */
export const onlyClientsReflectMessage = 'Only a client can submit reflections';
/** Message of the 403 for a caller who is not a client, posting an assessment. */
export const onlyClientsAssessMessage = 'Only a client can submit assessments';

/**
 * The survey service (`/api/survey`): a client's app posts reflections and assessments (always
 * the caller's own); their coach, or the client, lists them over a range of local dates.
 */
export const surveyService: ServicePlugin = async (app, context) => {
  const { database } = context;

  app.route(
    clientWriteRoute(context, 'submitReflection', onlyClientsReflectMessage, submitReflection),
  );
  app.route(
    clientWriteRoute(context, 'submitAssessment', onlyClientsAssessMessage, submitAssessment),
  );
  app.route(
    clientRangeRoute(context, 'listReflections', (client, range) =>
      listReflections(database.db, client, range),
    ),
  );
  app.route(
    clientRangeRoute(context, 'listAssessments', (client, range, now) =>
      listAssessments(database.db, client, range, now),
    ),
  );
};
