import { messages } from '@coach/api';
import { contractRoute } from '../../http/contractRoute.ts';
import { clientRangeHandlers, clientWriteHandlers } from '../clientRecords/clientRoutes.ts';
import type { ServicePlugin } from '../context.ts';
import { listAssessments, listReflections, submitAssessment, submitReflection } from './store.ts';

/**
 * The survey service (`/api/survey`): a client's app posts reflections and assessments (always
 * the caller's own); their coach, or the client, lists them over a range of local dates.
 */
export const surveyService: ServicePlugin = async (app, context) => {
  const { database } = context;

  app.route(
    contractRoute(
      'submitReflection',
      clientWriteHandlers(context, messages.onlyClientsSubmitReflections, submitReflection),
    ),
  );
  app.route(
    contractRoute(
      'submitAssessment',
      clientWriteHandlers(context, messages.onlyClientsSubmitAssessments, submitAssessment),
    ),
  );
  app.route(
    contractRoute(
      'listReflections',
      clientRangeHandlers(context, 'coachOrClient', (client, range) =>
        listReflections(database.db, client, range),
      ),
    ),
  );
  app.route(
    contractRoute(
      'listAssessments',
      clientRangeHandlers(context, 'coachOrClient', (client, range, now) =>
        listAssessments(database.db, client, range, now),
      ),
    ),
  );
};
