import type { Calendar, DateRangeQuery } from '../contract/calendar.ts';
import type { ClientIdParams } from '../contract/journey.ts';
import type { ServiceRequest } from './request.ts';
import { callRoute, clientRange } from './route.ts';

/** The typed calls of the calendar service. */
export type CalendarClient = {
  /**
   * `GET /clients/{clientId}/events?from=&to=`: the client's calendar events over an inclusive
   * range of their local dates, at most 366 days (their coach, or the client).
   */
  getCalendar(clientId: ClientIdParams['clientId'], range: DateRangeQuery): Promise<Calendar>;
  /** Any other call of the service. */
  request: ServiceRequest;
};

/** Creates the {@link CalendarClient} over the calendar service's request function. */
export function createCalendarClient(request: ServiceRequest): CalendarClient {
  return {
    getCalendar: (clientId, range) =>
      callRoute(request, 'getCalendar', clientRange(clientId, range)),
    request,
  };
}
