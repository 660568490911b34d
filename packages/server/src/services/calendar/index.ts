import type { DateRangeQuery } from '@coach/api';
import { contractRoute } from '../../http/contractRoute.ts';
import { resolveClientAccess } from '../clientAccess.ts';
import { dateRangeError } from '../clientData/range.ts';
import { nowOf, type ServicePlugin } from '../context.ts';
import { loadCalendar } from './store.ts';

/**
 * The calendar service (`/api/calendar`): a client's scheduled reflection windows, exercise
 * slots and step assessments over a range of their local dates, for their coach or themself.
 */
export const calendarService: ServicePlugin = async (app, context) => {
  const { database } = context;

  app.route({
    ...contractRoute('getCalendar'),
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const { clientId } = request.params as { clientId: string };
      const range = request.query as DateRangeQuery;
      const access = await resolveClientAccess(context, request, reply, clientId, 'coachOrClient');
      if (!access) return reply;
      const rangeError = dateRangeError(range);
      if (rangeError) return reply.status(400).send(rangeError);
      const now = nowOf(context);
      return database.transaction((tx) => loadCalendar(tx, access.client, range, now));
    },
  });
};
