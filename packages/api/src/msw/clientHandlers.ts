import {
  type ActivityKey,
  addDays,
  calendarDaysAhead,
  compareCalendarEvents,
  compareNewestFirst,
  currentStepDay,
  dateRangeError,
  decodePageCursor,
  earlierDate,
  effectLevel,
  encodePageCursor,
  localDateOf,
  measuresOf,
  messages,
  nextPhaseOf,
  pageNewestFirst,
  phaseChangeErrorCodes,
  planPhaseChange,
} from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import type { Person } from '../contract/account.ts';
import type { ActivityItem, ClientSummary, ClientSummaryList } from '../contract/analytics.ts';
import type { CalendarEvent, DateRangeQuery } from '../contract/calendar.ts';
import type { DeviceMetricsBatchBody } from '../contract/deviceMetrics.ts';
import { errorStatuses } from '../contract/errorCatalogue.ts';
import type { Exercise, RecordExerciseBody } from '../contract/exercise.ts';
import type { PhaseChangeBody } from '../contract/journey.ts';
import type { Assessment, SubmitAssessmentBody, SubmitReflectionBody } from '../contract/survey.ts';
import { mockAttentionFigures } from './episodeHandlers.ts';
import type { MockClientRecord } from './fixtures/buildClient.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { calendarEventsOf } from './fixtures/mockJourney.ts';
import { coachUnreadOf } from './messagingHandlers.ts';
import {
  activityOf,
  profileSummaryOf,
  type SummaryExtras,
  seriesDaysOf,
  summaryOf,
} from './mockAnalytics.ts';
import { coachActed, listedFollowUpOf } from './notesHandlers.ts';
import {
  errorResponse as error,
  type MockHandlerOptions,
  type MockRequestContext,
  mockService,
} from './route.ts';
import { withSignedPicture } from './signedPictures.ts';
import type { MockState } from './state.ts';

/** Options of the client-data handlers (journey, calendar, survey, exercise, analytics...). */
export type ClientDataHandlerOptions = MockHandlerOptions;

type Audience = 'coach' | 'coachOrClient';

const clientNotFound = () => error(404, 'not_found', messages.clientNotFound);

function callerOf(state: MockState, userId: string | undefined): Person | undefined {
  return state.persons.find((person) => person.userId === userId);
}

/** The client of the path when the caller may reach it; otherwise the one 404. */
function clientFor(
  state: MockState,
  { userId, params }: MockRequestContext,
  audience: Audience,
): MockClientRecord | Response {
  const caller = callerOf(state, userId);
  const record = state.clients.find((candidate) => candidate.person.id === params.clientId);
  const allowed =
    caller !== undefined &&
    record !== undefined &&
    ((caller.type === 'coach' && record.person.coachId === caller.id) ||
      (audience === 'coachOrClient' && caller.id === record.person.id));
  return allowed ? record : clientNotFound();
}

/** The caller's own record when the caller is a client; otherwise 403 with `message`. */
function ownRecord(
  state: MockState,
  userId: string | undefined,
  message: string,
): MockClientRecord | Response {
  const caller = callerOf(state, userId);
  const record = state.clients.find((candidate) => candidate.person.id === caller?.id);
  return caller?.type === 'user' && record ? record : error(403, 'forbidden', message);
}

function rangeOf(query: Record<string, unknown>): DateRangeQuery | Response {
  const range = query as DateRangeQuery;
  const problem = dateRangeError(range);
  return problem ? error(400, problem.error, problem.message) : range;
}

const inRange = (date: string, range: DateRangeQuery) => date >= range.from && date <= range.to;

/** Ids of events the handlers plan: `{prefix}-0000-4000-8000-{counter}`, counting on from `after`. */
function eventIds(prefix: string, after: number): () => string {
  let counter = after;
  return () => {
    counter += 1;
    return `${prefix}-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
  };
}

/** MSW handlers of the journey service: read a journey, start the next phase. */
export function createJourneyHandlers(options: ClientDataHandlerOptions = {}): HttpHandler[] {
  const { state, handle } = mockService(options);
  return [
    handle('getJourney', (request) => {
      const record = clientFor(state, request, 'coachOrClient');
      return record instanceof Response ? record : HttpResponse.json(record.journey);
    }),
    handle('startNextPhase', (request) => {
      const record = clientFor(state, request, 'coach');
      if (record instanceof Response) return record;
      const { journey, person } = record;
      const coachId = callerOf(state, request.userId)?.id ?? '';
      const planned = planPhaseChange({
        currentStep: journey.currentStep,
        request: request.body as PhaseChangeBody,
        coachPersonId: coachId,
        clientTimeZone: person.timezone,
        now: mockNow,
      });
      if (!planned.ok) {
        const code = phaseChangeErrorCodes[planned.error.code];
        return error(errorStatuses[code], code, planned.error.message);
      }
      const { change } = planned;
      const now = change.startedAt.toISOString();
      for (const entry of journey.steps) {
        if (entry.status === 'active')
          Object.assign(entry, { status: 'completed', completedAt: now });
      }
      journey.steps.push({
        step: change.step,
        status: 'active',
        startDate: change.startDate,
        goals: change.goals,
        bpm: change.bpm,
        goalChoices: change.goalChoices,
        startedByPersonId: change.startedByPersonId,
        startedAt: now,
        completedAt: null,
      });
      Object.assign(journey, {
        currentStep: change.step,
        startDate: change.startDate,
        currentDay: currentStepDay(change.startDate, mockNow, person.timezone),
        ...nextPhaseOf(change.step),
      });
      // From the change day on, the still-active events follow the new step's plan.
      const nextId = eventIds('ffffffff', record.events.length);
      const later = record.events.filter((event) => event.localDate >= change.startDate);
      record.events = record.events.filter((event) => event.localDate < change.startDate);
      const dates = [...new Set(later.map((event) => event.localDate))].sort();
      const first = dates[0];
      const last = dates[dates.length - 1];
      if (first !== undefined && last !== undefined) {
        const replanned = calendarEventsOf(journey, first, last, nextId);
        record.events.push(...replanned.filter((event) => dates.includes(event.localDate)));
      }
      // A phase change is an action on the client: it ends their open follow-up.
      coachActed(state, {
        clientId: person.id,
        coachId,
        kind: 'phaseChange',
        at: change.startedAt,
      });
      return HttpResponse.json(journey);
    }),
  ];
}

/** MSW handlers of the calendar service. */
export function createCalendarHandlers(options: ClientDataHandlerOptions = {}): HttpHandler[] {
  const { state, handle } = mockService(options);
  return [
    handle('getCalendar', (request) => {
      const record = clientFor(state, request, 'coachOrClient');
      if (record instanceof Response) return record;
      const range = rangeOf(request.query);
      if (range instanceof Response) return range;
      const known = new Set(record.events.map((event) => event.localDate));
      const events: CalendarEvent[] = record.events.filter((event) =>
        inRange(event.localDate, range),
      );
      // Dates beyond the fixtures' window: the plan, nothing done yet, up to a week ahead as
      // the server keeps it; in the server's order.
      const nextId = eventIds('eeeeeeee', 0);
      const lastDate = addDays(localDateOf(mockNow, record.person.timezone), calendarDaysAhead);
      const to = earlierDate(range.to, lastDate);
      const planned = calendarEventsOf(record.journey, range.from, to, nextId);
      events.push(...planned.filter((event) => !known.has(event.localDate)));
      events.sort(compareCalendarEvents);
      return HttpResponse.json({
        clientId: record.person.id,
        timezone: record.person.timezone,
        from: range.from,
        to: range.to,
        events: options.emptyLists ? [] : events,
      });
    }),
  ];
}

/** MSW handlers of the survey service: a client's reflections and assessments. */
export function createSurveyHandlers(options: ClientDataHandlerOptions = {}): HttpHandler[] {
  const { state, handle } = mockService(options);
  return [
    handle('submitReflection', ({ userId, body }) => {
      const record = ownRecord(state, userId, messages.onlyClientsSubmitReflections);
      if (record instanceof Response) return record;
      const input = body as SubmitReflectionBody;
      const stored = record.reflections.find((reflection) => reflection.id === input.id);
      if (stored) return HttpResponse.json(stored);
      const at = Date.parse(input.answeredAt);
      const window = record.events.find(
        (event) =>
          event.entityType === 'survey' &&
          event.kind !== 'assessment' &&
          Date.parse(event.startsAt) <= at &&
          at < Date.parse(event.endsAt),
      );
      if (!window) return error(409, 'outside_window', messages.noReflectionWindow);
      if (window.status === 'completed') {
        return error(409, 'window_completed', messages.reflectionWindowCompleted);
      }
      Object.assign(window, { status: 'completed', completedAt: input.answeredAt });
      const reflection = {
        id: input.id,
        type: input.type,
        step: window.step,
        window: window.kind,
        localDate: window.localDate,
        answeredAt: input.answeredAt,
        productivity: input.answers.productivity,
        mental: input.answers.mental,
        physical: input.answers.physical,
        note: input.answers.note ?? '',
      };
      record.reflections.unshift(reflection);
      return HttpResponse.json(reflection, { status: 201 });
    }),
    handle('submitAssessment', ({ userId, body }) => {
      const record = ownRecord(state, userId, messages.onlyClientsSubmitAssessments);
      if (record instanceof Response) return record;
      const input = body as SubmitAssessmentBody;
      const stored = record.assessments.find((assessment) => assessment.id === input.id);
      if (stored?.status === 'complete') {
        return input.status === 'complete'
          ? HttpResponse.json(stored)
          : error(409, 'assessment_final', messages.assessmentFinal);
      }
      if (stored) {
        Object.assign(stored, { status: input.status, answeredAt: input.answeredAt });
        return HttpResponse.json(stored);
      }
      const date = localDateOf(new Date(input.answeredAt), record.person.timezone);
      const assessment: Assessment = {
        id: input.id,
        calendarEventId: null,
        name: input.name,
        step: record.journey.currentStep,
        date,
        status: input.status,
        answeredAt: input.answeredAt,
      };
      record.assessments.unshift(assessment);
      return HttpResponse.json(assessment, { status: 201 });
    }),
    handle('listReflections', (request) => {
      const record = clientFor(state, request, 'coachOrClient');
      if (record instanceof Response) return record;
      const range = rangeOf(request.query);
      if (range instanceof Response) return range;
      const reflections = record.reflections.filter((item) => inRange(item.localDate, range));
      return HttpResponse.json({
        clientId: record.person.id,
        reflections: options.emptyLists ? [] : reflections,
      });
    }),
    handle('listAssessments', (request) => {
      const record = clientFor(state, request, 'coachOrClient');
      if (record instanceof Response) return record;
      const range = rangeOf(request.query);
      if (range instanceof Response) return range;
      const assessments = record.assessments.filter((item) => inRange(item.date, range));
      return HttpResponse.json({
        clientId: record.person.id,
        assessments: options.emptyLists ? [] : assessments,
      });
    }),
  ];
}

/** MSW handlers of the exercise service. */
export function createExerciseHandlers(options: ClientDataHandlerOptions = {}): HttpHandler[] {
  const { state, handle } = mockService(options);
  return [
    handle('recordExercise', ({ userId, body }) => {
      const record = ownRecord(state, userId, messages.onlyClientsRecordExercises);
      if (record instanceof Response) return record;
      const input = body as RecordExerciseBody;
      const stored = record.exercises.find((exercise) => exercise.id === input.id);
      if (stored) return HttpResponse.json(stored);
      const localDate = localDateOf(new Date(input.completedAt), record.person.timezone);
      const at = Date.parse(input.completedAt);
      const slot = record.events.find(
        (event) =>
          event.entityType === 'exercise' &&
          event.status === 'active' &&
          event.localDate === localDate &&
          Date.parse(event.startsAt) <= at,
      );
      if (slot) Object.assign(slot, { status: 'completed', completedAt: input.completedAt });
      const before = measuresOf(input.before);
      const after = measuresOf(input.after);
      const exercise: Exercise = {
        id: input.id,
        step: record.journey.currentStep,
        goal: input.goal,
        stepGoal: input.stepGoal ?? null,
        bpm: input.bpm ?? null,
        localDate,
        startedAt: input.startedAt,
        completedAt: input.completedAt,
        before,
        after,
        result: input.result,
        effect: effectLevel({ goal: input.goal, before, after }),
        calendarEventId: slot?.id ?? null,
      };
      record.exercises.unshift(exercise);
      return HttpResponse.json(exercise, { status: 201 });
    }),
    handle('listExercises', (request) => {
      const record = clientFor(state, request, 'coachOrClient');
      if (record instanceof Response) return record;
      const range = rangeOf(request.query);
      if (range instanceof Response) return range;
      const exercises = record.exercises.filter((item) => inRange(item.localDate, range));
      return HttpResponse.json({
        clientId: record.person.id,
        exercises: options.emptyLists ? [] : exercises,
      });
    }),
    handle('getExercise', (request) => {
      const record = clientFor(state, request, 'coachOrClient');
      if (record instanceof Response) return record;
      const exercise = record.exercises.find((item) => item.id === request.params.exerciseId);
      return exercise
        ? HttpResponse.json(exercise)
        : error(404, 'not_found', messages.exerciseNotFound);
    }),
  ];
}

/** An item's key of the activity history: its instant with the server's microseconds. */
const activityKeyOf = (item: ActivityItem): ActivityKey & { item: ActivityItem } => ({
  at: `${new Date(item.at).toISOString().slice(0, 23)}000Z`,
  id: item.id.toLowerCase(),
  item,
});

/** MSW handlers of the analytics service: the clients table, profile, series and activity. */
export function createAnalyticsHandlers(options: ClientDataHandlerOptions = {}): HttpHandler[] {
  const { state, handle, now } = mockService(options);
  // Only the client's coach gets these answers, and may see the client: a signed picture URL.
  const signed = <T extends ClientSummary>(summary: T) =>
    withSignedPicture(state, summary.clientId, summary, now());
  // What the client's row holds from the messaging and notes mocks.
  const extrasOf = (record: MockClientRecord): SummaryExtras => ({
    unreadMessages: coachUnreadOf(state, record.person.id),
    followUp: listedFollowUpOf(state, record.person.id, mockNow),
  });
  return [
    handle('listClientSummaries', ({ userId }) => {
      const caller = callerOf(state, userId);
      if (caller?.type !== 'coach')
        return error(403, 'invalid_user_type', messages.invalidUserType);
      const clients = options.emptyLists
        ? []
        : state.clients
            .filter((record) => record.person.coachId === caller.id)
            .map((record) => signed(summaryOf(record, mockNow, extrasOf(record))))
            .sort(
              (a, b) =>
                a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
            );
      return HttpResponse.json({
        clients,
        generatedAt: mockNow.toISOString(),
        attentionFigures: mockAttentionFigures(state, caller.id, options.emptyLists === true),
      } satisfies ClientSummaryList);
    }),
    handle('getClientProfileSummary', (request) => {
      const record = clientFor(state, request, 'coach');
      return record instanceof Response
        ? record
        : HttpResponse.json(signed(profileSummaryOf(record, mockNow, extrasOf(record))));
    }),
    handle('getClientSeries', (request) => {
      const record = clientFor(state, request, 'coach');
      if (record instanceof Response) return record;
      const range = rangeOf(request.query);
      if (range instanceof Response) return range;
      return HttpResponse.json({
        clientId: record.person.id,
        from: range.from,
        to: range.to,
        days: seriesDaysOf(record, range.from, range.to),
      });
    }),
    handle('getClientActivity', (request) => {
      const record = clientFor(state, request, 'coach');
      if (record instanceof Response) return record;
      const { limit = 20, before } = request.query as { limit?: number; before?: string };
      const cursor = before === undefined ? null : decodePageCursor(before);
      if (before !== undefined && cursor === null) {
        return error(400, 'invalid_request', messages.invalidCursor);
      }
      const keyed = (options.emptyLists ? [] : activityOf(record)).map(activityKeyOf);
      const after = cursor ? keyed.filter((key) => compareNewestFirst(key, cursor) > 0) : keyed;
      const page = pageNewestFirst([after], limit);
      return HttpResponse.json({
        clientId: record.person.id,
        items: page.items.map((key) => key.item),
        nextCursor: page.next === null ? null : encodePageCursor(page.next),
      });
    }),
  ];
}

/** MSW handlers of the device-metrics service: counts new and already sent records by id. */
export function createDeviceMetricsHandlers(options: ClientDataHandlerOptions = {}): HttpHandler[] {
  const { state, handle } = mockService(options);
  return [
    handle('postDeviceMetrics', ({ userId, body }) => {
      const record = ownRecord(state, userId, messages.onlyClientsSendDeviceMetrics);
      if (record instanceof Response) return record;
      const batch = body as DeviceMetricsBatchBody;
      const tally = (ids: readonly string[]) => {
        const fresh = ids.filter((id) => !record.receivedIds.has(id));
        for (const id of fresh) record.receivedIds.add(id);
        return { accepted: fresh.length, duplicates: ids.length - fresh.length };
      };
      const samples = tally((batch.samples ?? []).map((sample) => sample.id));
      const sent = batch.sessions ?? [];
      const known = new Set(record.receivedIds);
      const sessions = tally(sent.map((session) => session.id));
      // New sessions count in the engagement figures, as the server's do.
      for (const session of sent) {
        if (known.has(session.id)) continue;
        known.add(session.id);
        record.usageSessions.push({
          startedAt: new Date(session.startedAt),
          endedAt: new Date(session.endedAt),
        });
      }
      return HttpResponse.json({
        accepted: { samples: samples.accepted, sessions: sessions.accepted },
        duplicates: { samples: samples.duplicates, sessions: sessions.duplicates },
      });
    }),
  ];
}
