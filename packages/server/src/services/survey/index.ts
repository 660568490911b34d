import { messages } from '@coach/api';
import { clientRangeRoute, clientWriteRoute } from '../clientData/routes.ts';
import type { ServicePlugin } from '../context.ts';
import { listAssessments, listReflections, submitAssessment, submitReflection } from './store.ts';

/**
 * The survey service (`/api/survey`): a client's app posts reflections and assessments (always
 * the caller's own); their coach, or the client, lists them over a range of local dates.
 */
export const surveyService: ServicePlugin = async (app, context) => {
  const { database } = context;

  app.route(
    clientWriteRoute(
      context,
      'submitReflection',
      messages.onlyClientsSubmitReflections,
      submitReflection,
    ),
  );
  app.route(
    clientWriteRoute(
      context,
      'submitAssessment',
      messages.onlyClientsSubmitAssessments,
      submitAssessment,
    ),
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
