import type { DateRangeQuery, SubmitAssessmentBody, SubmitReflectionBody } from '@coach/api';
import { contractRoute } from '../../http/contractRoute.ts';
import { requireClientCaller, resolveClientAccess } from '../clientAccess.ts';
import { dateRangeError } from '../clientData/range.ts';
import { sendOutcome } from '../clientData/reply.ts';
import { nowOf, type ServicePlugin } from '../context.ts';
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

  app.route({
    ...contractRoute('submitReflection'),
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const caller = await requireClientCaller(context, request, reply, onlyClientsReflectMessage);
      if (!caller) return reply;
      const body = request.body as SubmitReflectionBody;
      const now = nowOf(context);
      const outcome = await database.transaction((tx) => submitReflection(tx, caller, body, now));
      return sendOutcome(reply, outcome);
    },
  });

  app.route({
    ...contractRoute('submitAssessment'),
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const caller = await requireClientCaller(context, request, reply, onlyClientsAssessMessage);
      if (!caller) return reply;
      const body = request.body as SubmitAssessmentBody;
      const now = nowOf(context);
      const outcome = await database.transaction((tx) => submitAssessment(tx, caller, body, now));
      return sendOutcome(reply, outcome);
    },
  });

  app.route({
    ...contractRoute('listReflections'),
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const { clientId } = request.params as { clientId: string };
      const access = await resolveClientAccess(context, request, reply, clientId, 'coachOrClient');
      if (!access) return reply;
      const range = request.query as DateRangeQuery;
      const rangeError = dateRangeError(range);
      if (rangeError) return reply.status(400).send(rangeError);
      return listReflections(database.db, access.client, range);
    },
  });

  app.route({
    ...contractRoute('listAssessments'),
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const { clientId } = request.params as { clientId: string };
      const access = await resolveClientAccess(context, request, reply, clientId, 'coachOrClient');
      if (!access) return reply;
      const range = request.query as DateRangeQuery;
      const rangeError = dateRangeError(range);
      if (rangeError) return reply.status(400).send(rangeError);
      return listAssessments(database.db, access.client, range, nowOf(context));
    },
  });
};
