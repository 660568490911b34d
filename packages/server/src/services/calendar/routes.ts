import { contractRoute } from '../../http/contractRoute.ts';
import { clientRangeHandlers } from '../clientRecords/index.ts';
import type { ServicePlugin } from '../core/index.ts';
import { loadCalendar } from './store.ts';

/**
 * The calendar service (`/api/calendar`): a client's scheduled reflection windows, exercise
 * slots and step assessments over a range of their local dates, for their coach or themself.
 */
export const calendarService: ServicePlugin = async (app, context) => {
  const { database } = context;

  app.route(
    contractRoute(
      'getCalendar',
      clientRangeHandlers(context, 'coachOrClient', (client, range, now) =>
        loadCalendar(database, client, range, now),
      ),
    ),
  );
};
