import { clientRangeRoute } from '../clientData/routes.ts';
import type { ServicePlugin } from '../context.ts';
import { loadCalendar } from './store.ts';

/**
 * The calendar service (`/api/calendar`): a client's scheduled reflection windows, exercise
 * slots and step assessments over a range of their local dates, for their coach or themself.
 */
export const calendarService: ServicePlugin = async (app, context) => {
  const { database } = context;

  app.route(
    clientRangeRoute(context, 'getCalendar', (client, range, now) =>
      database.transaction((tx) => loadCalendar(tx, client, range, now)),
    ),
  );
};
