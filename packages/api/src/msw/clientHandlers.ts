import {
  addDays,
  calendarDaysAhead,
  compareCalendarEvents,
  currentStepDay,
  dateRangeError,
  earlierDate,
  localDateOf,
  messages,
  nextPhaseOf,
  phaseChangeErrorCodes,
  planPhaseChange,
} from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import type { ClientSummary, ClientSummaryList } from '../contract/analytics.ts';
import type { DateRangeQuery } from '../contract/calendar.ts';
import { errorStatuses } from '../contract/errorCatalogue.ts';
import type { PhaseChangeBody } from '../contract/journey.ts';
import { mockAttentionFigures } from './episodeHandlers.ts';
import type { MockClientRecord } from './fixtures/buildClient.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { calendarEventsOf } from './fixtures/mockJourney.ts';
import { activityOf, profileSummaryOf, seriesDaysOf, summaryOf } from './mockAnalytics.ts';
import { coachActed } from './notesHandlers.ts';
import { rowExtrasOf } from './reviewHandlers.ts';
import {
  type ClientAccess,
  callerOf,
  clientAccess,
  errorResponse as error,
  type MockHandlerOptions,
  type MockRequestContext,
  mockService,
  newestFirstPage,
} from './route.ts';
import { withSignedPicture } from './signedPictures.ts';
import type { MockState } from './state.ts';

// What the coach's screens read of a client over the mock state: the journey (and the next phase
// started), the calendar, the recorded answers and exercises, and the analytics' figures, each
// from the client's fixture records by the domain's rules. Only the client's coach reads them
// (the journey, the calendar and the lists also the client), as on the server.

/** Options of the client-data handlers (journey, calendar, survey, exercise, analytics). */
export type ClientDataHandlerOptions = MockHandlerOptions;

/** The client of the path (see `clientAccess`) and the query's date range, checked as the server does. */
function clientInRange(
  state: MockState,
  { userId, params, query }: MockRequestContext,
  orClient = false,
): (ClientAccess & { range: DateRangeQuery }) | Response {
  const access = clientAccess(state, userId, params.clientId, orClient);
  if (access instanceof Response) return access;
  const problem = dateRangeError(query as DateRangeQuery);
  return problem
    ? error(400, problem.error, problem.message)
    : { ...access, range: query as DateRangeQuery };
}

const inRange = (date: string, { from, to }: DateRangeQuery) => date >= from && date <= to;

/** Ids of events the handlers plan: `{prefix}-0000-4000-8000-{counter}`, counting on from `after`. */
function eventIds(prefix: string, after: number): () => string {
  let counter = after;
  return () => {
    counter += 1;
    return `${prefix}-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
  };
}

/**
 * Starts the client's next phase by the domain's plan (as the coach at `at`): the journey moves on
 * and, from the change day on, the calendar follows the new step's plan. Answers the refusal.
 */
function startNextPhase(record: MockClientRecord, coachId: string, body: PhaseChangeBody) {
  const { journey, person } = record;
  const planned = planPhaseChange({
    currentStep: journey.currentStep,
    request: body,
    coachPersonId: coachId,
    clientTimeZone: person.timezone,
    now: mockNow,
  });
  if (!planned.ok) {
    const code = phaseChangeErrorCodes[planned.error.code];
    return error(errorStatuses[code], code, planned.error.message);
  }
  const { change } = planned;
  const startedAt = change.startedAt.toISOString();
  for (const entry of journey.steps) {
    if (entry.status === 'active')
      Object.assign(entry, { status: 'completed', completedAt: startedAt });
  }
  const { step, startDate, goals, bpm, goalChoices, startedByPersonId } = change;
  journey.steps.push({
    step,
    status: 'active',
    startDate,
    goals,
    bpm,
    goalChoices,
    startedByPersonId,
    startedAt,
    completedAt: null,
  });
  Object.assign(journey, {
    currentStep: step,
    startDate,
    currentDay: currentStepDay(startDate, mockNow, person.timezone),
    ...nextPhaseOf(step),
  });
  const nextId = eventIds('ffffffff', record.events.length);
  const later = record.events.filter((event) => event.localDate >= startDate);
  record.events = record.events.filter((event) => event.localDate < startDate);
  const dates = [...new Set(later.map((event) => event.localDate))].sort();
  const [first, last] = [dates[0], dates[dates.length - 1]];
  if (first !== undefined && last !== undefined) {
    const replanned = calendarEventsOf(journey, first, last, nextId);
    record.events.push(...replanned.filter((event) => dates.includes(event.localDate)));
  }
  return change.startedAt;
}

/** MSW handlers of the journey and calendar services: read a journey, start the next phase. */
export function createJourneyHandlers(options: ClientDataHandlerOptions = {}): HttpHandler[] {
  const { state, handle } = mockService(options);
  return [
    handle('getJourney', (request) => {
      const access = clientAccess(state, request.userId, request.params.clientId, true);
      return access instanceof Response ? access : HttpResponse.json(access.record.journey);
    }),
    handle('startNextPhase', (request) => {
      const access = clientAccess(state, request.userId, request.params.clientId);
      if (access instanceof Response) return access;
      const { record, caller } = access;
      const started = startNextPhase(record, caller.id, request.body as PhaseChangeBody);
      if (started instanceof Response) return started;
      // A phase change is an action on the client: it ends their open follow-up.
      coachActed(state, {
        clientId: record.person.id,
        coachId: caller.id,
        kind: 'phaseChange',
        at: started,
      });
      return HttpResponse.json(record.journey);
    }),
    handle('getCalendar', (request) => {
      const access = clientInRange(state, request, true);
      if (access instanceof Response) return access;
      const { record, range } = access;
      const known = new Set(record.events.map((event) => event.localDate));
      // Dates beyond the fixtures' window: the plan, nothing done yet, up to a week ahead as the
      // server keeps it; in the server's order.
      const lastDate = addDays(localDateOf(mockNow, record.person.timezone), calendarDaysAhead);
      const planned = calendarEventsOf(
        record.journey,
        range.from,
        earlierDate(range.to, lastDate),
        eventIds('eeeeeeee', 0),
      );
      const events = [
        ...record.events.filter((event) => inRange(event.localDate, range)),
        ...planned.filter((event) => !known.has(event.localDate)),
      ].sort(compareCalendarEvents);
      const { id: clientId, timezone } = record.person;
      return HttpResponse.json({
        clientId,
        timezone,
        ...range,
        events: options.emptyLists ? [] : events,
      });
    }),
  ];
}

/** MSW handlers of a client's recorded answers and exercises (the survey and exercise services). */
export function createRecordHandlers(options: ClientDataHandlerOptions = {}): HttpHandler[] {
  const { state, handle } = mockService(options);
  /** The client's items of the query's range, none with `emptyLists`. */
  const listed = <T>(
    request: MockRequestContext,
    itemsOf: (record: MockClientRecord) => T[],
    dateOf: (item: T) => string,
  ) => {
    const access = clientInRange(state, request, true);
    if (access instanceof Response) return access;
    const { record, range } = access;
    const items = options.emptyLists
      ? []
      : itemsOf(record).filter((item) => inRange(dateOf(item), range));
    return { clientId: record.person.id, items };
  };
  return [
    handle('listReflections', (request) => {
      const found = listed(
        request,
        (record) => record.reflections,
        (item) => item.localDate,
      );
      if (found instanceof Response) return found;
      return HttpResponse.json({ clientId: found.clientId, reflections: found.items });
    }),
    handle('listAssessments', (request) => {
      const found = listed(
        request,
        (record) => record.assessments,
        (item) => item.date,
      );
      if (found instanceof Response) return found;
      return HttpResponse.json({ clientId: found.clientId, assessments: found.items });
    }),
    handle('listExercises', (request) => {
      const found = listed(
        request,
        (record) => record.exercises,
        (item) => item.localDate,
      );
      if (found instanceof Response) return found;
      return HttpResponse.json({ clientId: found.clientId, exercises: found.items });
    }),
  ];
}

/** MSW handlers of the analytics service: the clients table, profile, series and activity. */
export function createAnalyticsHandlers(options: ClientDataHandlerOptions = {}): HttpHandler[] {
  const { state, handle, now } = mockService(options);
  // Only the client's coach gets these answers, and may see the client: a signed picture URL.
  const signed = <T extends ClientSummary>(summary: T) =>
    withSignedPicture(summary.clientId, summary, now());
  // What the client's row holds from the messaging, notes and review mocks.
  const extrasOf = (record: MockClientRecord) => rowExtrasOf(state, record, mockNow);
  return [
    handle('listClientSummaries', ({ userId }) => {
      const caller = callerOf(state, userId);
      if (caller?.type !== 'coach')
        return error(403, 'invalid_user_type', messages.invalidUserType);
      const clients = (options.emptyLists ? [] : state.clients)
        .filter((record) => record.person.coachId === caller.id)
        .map((record) => signed(summaryOf(record, mockNow, extrasOf(record))))
        .sort(
          (a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
        );
      return HttpResponse.json({
        clients,
        generatedAt: mockNow.toISOString(),
        attentionFigures: mockAttentionFigures(state, caller.id, options.emptyLists === true),
      } satisfies ClientSummaryList);
    }),
    handle('getClientProfileSummary', (request) => {
      const access = clientAccess(state, request.userId, request.params.clientId);
      if (access instanceof Response) return access;
      return HttpResponse.json(
        signed(profileSummaryOf(access.record, mockNow, extrasOf(access.record))),
      );
    }),
    handle('getClientSeries', (request) => {
      const access = clientInRange(state, request);
      if (access instanceof Response) return access;
      const { record, range } = access;
      return HttpResponse.json({
        clientId: record.person.id,
        ...range,
        days: seriesDaysOf(record, range.from, range.to),
      });
    }),
    handle('getClientActivity', (request) => {
      const access = clientAccess(state, request.userId, request.params.clientId);
      if (access instanceof Response) return access;
      const items = options.emptyLists ? [] : activityOf(access.record);
      const page = newestFirstPage(items, (item) => item, request.query, 20);
      if (page instanceof Response) return page;
      return HttpResponse.json({ clientId: access.record.person.id, ...page });
    }),
  ];
}
