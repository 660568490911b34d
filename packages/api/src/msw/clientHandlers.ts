import { type HttpHandler, HttpResponse } from 'msw';
import type { Person } from '../contract/account.ts';
import type { ActivityItem, ClientSummaryList } from '../contract/analytics.ts';
import { type CalendarEvent, type DateRangeQuery, maxRangeDays } from '../contract/calendar.ts';
import { messages } from '../contract/common.ts';
import type { DeviceMetricsBatchBody } from '../contract/deviceMetrics.ts';
import type { Exercise, RecordExerciseBody } from '../contract/exercise.ts';
import { noPhasePlannedMessage, type PhaseChangeBody } from '../contract/journey.ts';
import type { Assessment, SubmitAssessmentBody, SubmitReflectionBody } from '../contract/survey.ts';
import {
  activityOf,
  type MockClientRecord,
  mockNow,
  nextStepOf,
  plannedEvents,
  profileSummaryOf,
  seriesDaysOf,
  summaryOf,
} from './clientFixtures.ts';
import {
  errorResponse as error,
  type MockHandlerOptions,
  type MockRequestContext,
  mockService,
} from './route.ts';
import type { MockState } from './state.ts';
import { daysFrom, localDateAt, shiftDate } from './zonedDates.ts';

/** Options of the client-data handlers (journey, calendar, survey, exercise, analytics...). */
export type ClientDataHandlerOptions = MockHandlerOptions & {
  /**
   * Every list answers empty: no clients, reflections, assessments, exercises, activity or
   * calendar events (the series keeps its dates, with nulls and zeros).
   */
  emptyLists?: boolean;
};

type Audience = 'coach' | 'coachOrClient';

const clientNotFound = () => error(404, 'not_found', 'Client not found');

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
  const days = daysFrom(range.from, range.to) + 1;
  if (days < 1) return error(400, 'invalid_range', 'The range ends before it starts');
  if (days > maxRangeDays) {
    return error(400, 'invalid_range', `The range is at most ${maxRangeDays} days`);
  }
  return range;
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
      const body = request.body as PhaseChangeBody;
      const { journey, person } = record;
      const next = nextStepOf(journey.currentStep);
      if (next === null) return error(409, 'no_phase_planned', noPhasePlannedMessage);
      if (body.nextPhase !== next) {
        return error(
          409,
          'not_next_phase',
          `The next phase is '${next}': once changing journey phase, you can not return the old one`,
        );
      }
      const now = mockNow.toISOString();
      const today = localDateAt(mockNow, person.timezone);
      for (const entry of journey.steps) {
        if (entry.status === 'active')
          Object.assign(entry, { status: 'completed', completedAt: now });
      }
      journey.steps.push({
        step: next,
        status: 'active',
        startDate: today,
        goals: [...body.goals],
        bpm: body.bpm,
        goalChoices: [...body.goalChoices],
        startedByPersonId: callerOf(state, request.userId)?.id ?? null,
        startedAt: now,
        completedAt: null,
      });
      const following = nextStepOf(next);
      Object.assign(journey, {
        currentStep: next,
        startDate: today,
        currentDay: 1,
        nextPhasePlanned: following !== null,
        nextPhase: following,
        nextPhaseMessage: following === null ? noPhasePlannedMessage : null,
      });
      // From today on, the calendar follows the new step.
      const nextId = eventIds('ffffffff', record.events.length);
      const later = record.events.filter((event) => event.localDate >= today);
      record.events = record.events.filter((event) => event.localDate < today);
      for (const date of [...new Set(later.map((event) => event.localDate))]) {
        record.events.push(...plannedEvents(journey, date, nextId));
      }
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
      // Dates beyond the fixtures' window: the plan, nothing done yet.
      const nextId = eventIds('eeeeeeee', 0);
      for (let date = range.from; date <= range.to; date = shiftDate(date, 1)) {
        if (!known.has(date)) events.push(...plannedEvents(record.journey, date, nextId));
      }
      events.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
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
      const record = ownRecord(state, userId, 'Only a client can submit reflections');
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
      if (!window) return error(409, 'outside_window', 'No reflection window is open at that time');
      if (window.status === 'completed') {
        return error(409, 'window_completed', 'This reflection window is already completed');
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
      const record = ownRecord(state, userId, 'Only a client can submit assessments');
      if (record instanceof Response) return record;
      const input = body as SubmitAssessmentBody;
      const stored = record.assessments.find((assessment) => assessment.id === input.id);
      if (stored?.status === 'complete') {
        return input.status === 'complete'
          ? HttpResponse.json(stored)
          : error(409, 'assessment_final', 'A complete assessment can not be changed');
      }
      if (stored) {
        Object.assign(stored, { status: input.status, answeredAt: input.answeredAt });
        return HttpResponse.json(stored);
      }
      const date = localDateAt(new Date(input.answeredAt), record.person.timezone);
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

/** The effect level of an exercise from its HRV-1 change (the mocks' simple stand-in). */
function mockEffect(input: RecordExerciseBody): Exercise['effect'] {
  const { hrv1: before } = input.before;
  const { hrv1: after } = input.after;
  if (before === undefined || after === undefined || before <= 0) return null;
  const change = ((after - before) * 100) / before;
  if (change >= 15) return 'positive';
  if (change >= 5) return 'moderatelyPositive';
  if (change > -5) return 'neutral';
  if (change > -15) return 'moderatelyNegative';
  return 'negative';
}

/** MSW handlers of the exercise service. */
export function createExerciseHandlers(options: ClientDataHandlerOptions = {}): HttpHandler[] {
  const { state, handle } = mockService(options);
  const measures = (values: RecordExerciseBody['before']) => ({
    hrv1: values.hrv1 ?? null,
    hrv2: values.hrv2 ?? null,
    pulseRate: values.pulseRate ?? null,
    respiratoryRate: values.respiratoryRate ?? null,
  });
  return [
    handle('recordExercise', ({ userId, body }) => {
      const record = ownRecord(state, userId, 'Only a client can record exercises');
      if (record instanceof Response) return record;
      const input = body as RecordExerciseBody;
      const stored = record.exercises.find((exercise) => exercise.id === input.id);
      if (stored) return HttpResponse.json(stored);
      const localDate = localDateAt(new Date(input.completedAt), record.person.timezone);
      const at = Date.parse(input.completedAt);
      const slot = record.events.find(
        (event) =>
          event.entityType === 'exercise' &&
          event.status === 'active' &&
          event.localDate === localDate &&
          Date.parse(event.startsAt) <= at,
      );
      if (slot) Object.assign(slot, { status: 'completed', completedAt: input.completedAt });
      const exercise: Exercise = {
        id: input.id,
        step: record.journey.currentStep,
        goal: input.goal,
        stepGoal: input.stepGoal ?? null,
        bpm: input.bpm ?? null,
        localDate,
        startedAt: input.startedAt,
        completedAt: input.completedAt,
        before: measures(input.before),
        after: measures(input.after),
        result: input.result,
        effect: mockEffect(input),
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
      return exercise ? HttpResponse.json(exercise) : error(404, 'not_found', 'Exercise not found');
    }),
  ];
}

/** The activity cursor: the last item's time and id. */
const cursorOf = (item: ActivityItem) => `${item.at}_${item.id}`;

/** MSW handlers of the analytics service: the clients table, profile, series and activity. */
export function createAnalyticsHandlers(options: ClientDataHandlerOptions = {}): HttpHandler[] {
  const { state, handle } = mockService(options);
  return [
    handle('listClientSummaries', ({ userId }) => {
      const caller = callerOf(state, userId);
      if (caller?.type !== 'coach')
        return error(403, 'invalid_user_type', messages.invalidUserType);
      const clients = options.emptyLists
        ? []
        : state.clients
            .filter((record) => record.person.coachId === caller.id)
            .map((record) => summaryOf(record))
            .sort(
              (a, b) =>
                a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
            );
      return HttpResponse.json({
        clients,
        generatedAt: mockNow.toISOString(),
      } satisfies ClientSummaryList);
    }),
    handle('getClientProfileSummary', (request) => {
      const record = clientFor(state, request, 'coach');
      return record instanceof Response ? record : HttpResponse.json(profileSummaryOf(record));
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
      const items = options.emptyLists ? [] : activityOf(record);
      let start = 0;
      if (before !== undefined) {
        const index = items.findIndex((item) => cursorOf(item) === before);
        if (index < 0) return error(400, 'invalid_request', 'Invalid cursor');
        start = index + 1;
      }
      const page = items.slice(start, start + limit);
      const last = page[page.length - 1];
      const hasMore = start + limit < items.length;
      return HttpResponse.json({
        clientId: record.person.id,
        items: page,
        nextCursor: hasMore && last ? cursorOf(last) : null,
      });
    }),
  ];
}

/** MSW handlers of the device-metrics service: counts new and already sent records by id. */
export function createDeviceMetricsHandlers(options: ClientDataHandlerOptions = {}): HttpHandler[] {
  const { state, handle } = mockService(options);
  return [
    handle('postDeviceMetrics', ({ userId, body }) => {
      const record = ownRecord(state, userId, 'Only a client can send device metrics');
      if (record instanceof Response) return record;
      const batch = body as DeviceMetricsBatchBody;
      const tally = (ids: readonly string[]) => {
        const fresh = ids.filter((id) => !record.receivedIds.has(id));
        for (const id of fresh) record.receivedIds.add(id);
        return { accepted: fresh.length, duplicates: ids.length - fresh.length };
      };
      const samples = tally((batch.samples ?? []).map((sample) => sample.id));
      const sessions = tally((batch.sessions ?? []).map((session) => session.id));
      return HttpResponse.json({
        accepted: { samples: samples.accepted, sessions: sessions.accepted },
        duplicates: { samples: samples.duplicates, sessions: sessions.duplicates },
      });
    }),
  ];
}
