import {
  addDays,
  assessmentStatusNames,
  compareCalendarEvents,
  decodePageCursor,
  goalEffectNames,
  localDateOf,
  maxActivityPageSize,
  plannedEvents,
  zonedLocalToUtc,
} from '@coach/domain';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it, vi } from 'vitest';
import { mswFetch } from '../../test/mswFetch.ts';
import { rejection } from '../../test/rejection.ts';
import { createCoachApi } from '../client/index.ts';
import { PersonSchema } from '../contract/account.ts';
import {
  ActivityPageSchema,
  ClientProfileSummarySchema,
  ClientSeriesSchema,
  ClientSummaryListSchema,
} from '../contract/analytics.ts';
import { CalendarSchema } from '../contract/calendar.ts';
import { ExerciseListSchema, ExerciseSchema } from '../contract/exercise.ts';
import { JourneySchema } from '../contract/journey.ts';
import {
  AssessmentListSchema,
  AssessmentSchema,
  ReflectionListSchema,
  ReflectionSchema,
} from '../contract/survey.ts';
import { defaultServiceBaseUrls } from '../services.ts';
import { createMemoryTokenStore } from '../tokens.ts';
import { mockClientIds } from './fixtures/clientTable.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { fixtureTokens } from './fixtures.ts';
import { createHandlers, type HandlersOptions } from './handlers.ts';
import { activityOf, profileSummaryOf, seriesDaysOf, summaryOf } from './mockAnalytics.ts';
import { createMockState, type MockState } from './state.ts';

/** The real client over the MSW handlers, signed in as the coach (or the demo client). */
function setup(options: HandlersOptions = {}, as: 'coach' | 'client' = 'coach') {
  const state = options.state ?? createMockState();
  const handlers = createHandlers({ ...options, state });
  const fetch = mswFetch(handlers);
  const api = createCoachApi({
    baseURLs: defaultServiceBaseUrls('http://localhost:6006'),
    tokens: createMemoryTokenStore(fixtureTokens[as]),
    fetch,
  });
  return { api, state };
}

/** Tells whether a promise has settled yet, without waiting for it. */
function settledFlag(promise: Promise<unknown>) {
  const flag = { settled: false };
  promise.then(
    () => (flag.settled = true),
    () => (flag.settled = true),
  );
  return flag;
}

/** Asserts a value matches a contract schema, naming the first mismatch. */
function expectValid(schema: TSchema, value: unknown, what: string) {
  const [first] = Value.Errors(schema, value);
  expect(first ? `${what}: ${first.instancePath} ${first.message}` : 'valid').toBe('valid');
}

const month = { from: addDays('2026-11-16', -29), to: '2026-11-16' };
const wholeHistory = { from: addDays('2026-11-16', -40), to: addDays('2026-11-16', 8) };

describe('the client fixtures', () => {
  const state: MockState = createMockState();

  it('validate against the contract schemas, for every client', () => {
    for (const record of state.clients) {
      const name = record.person.firstName;
      expectValid(PersonSchema, record.person, `${name} person`);
      expectValid(JourneySchema, record.journey, `${name} journey`);
      expectValid(
        ClientSummaryListSchema,
        { clients: [summaryOf(record)], generatedAt: mockNow.toISOString() },
        `${name} summary`,
      );
      expectValid(ClientProfileSummarySchema, profileSummaryOf(record), `${name} profile`);
      expectValid(
        ClientSeriesSchema,
        { clientId: record.person.id, ...month, days: seriesDaysOf(record, month.from, month.to) },
        `${name} series`,
      );
      expectValid(
        CalendarSchema,
        {
          clientId: record.person.id,
          timezone: record.person.timezone,
          ...month,
          events: record.events,
        },
        `${name} calendar`,
      );
      for (const reflection of record.reflections) {
        expectValid(ReflectionSchema, reflection, `${name} reflection`);
      }
      for (const assessment of record.assessments) {
        expectValid(AssessmentSchema, assessment, `${name} assessment`);
      }
      for (const exercise of record.exercises)
        expectValid(ExerciseSchema, exercise, `${name} exercise`);
      expectValid(
        ActivityPageSchema,
        // The first page: a page holds at most maxActivityPageSize items.
        {
          clientId: record.person.id,
          items: activityOf(record).slice(0, maxActivityPageSize),
          nextCursor: null,
        },
        `${name} activity`,
      );
    }
  });

  it('vary as the clients table and profile stories need', () => {
    const summaries = state.clients.map((record) => summaryOf(record));
    const indicators = summaries.flatMap(({ indicators: { productivity, mental, physical } }) => [
      productivity,
      mental,
      physical,
    ]);
    const figures = summaries.flatMap((summary) => [
      summary.exercises,
      summary.reflections,
      summary.assessments,
    ]);
    expect(summaries.length).toBeGreaterThanOrEqual(12);
    expect(new Set(summaries.map((summary) => summary.journey.step))).toEqual(
      new Set(['learn', 'sense', 'grow']),
    );
    expect(indicators.some((figure) => figure.lagging)).toBe(true);
    expect(indicators.some((figure) => figure.value !== null && !figure.lagging)).toBe(true);
    expect(indicators.some((figure) => figure.value === null && !figure.lagging)).toBe(true);
    expect(summaries.some((summary) => summary.engagement.hours === 0)).toBe(true);
    expect(summaries.some((summary) => summary.engagement.hours > 10)).toBe(true);
    expect(summaries.some((summary) => summary.engagement.lastConnectedAt === null)).toBe(true);
    expect(new Set(summaries.map((summary) => summary.timezone)).size).toBeGreaterThanOrEqual(10);
    // The coach works in London (UTC+0 in November): one client is 12 hours away.
    expect(summaries.some((summary) => Math.abs(summary.utcOffsetMinutes) === 720)).toBe(true);
    expect(summaries.some((summary) => summary.profilePicture === null)).toBe(true);
    expect(summaries.some((summary) => summary.profilePicture !== null)).toBe(true);
    expect(figures.some((count) => count.completed === 0 && count.scheduled === 0)).toBe(true);
    expect(figures.some((count) => count.completed > 0 && count.completed < count.scheduled)).toBe(
      true,
    );
  });

  it("give Jamie's profile every effect level and every assessment status", () => {
    const jamie = state.clients.find((record) => record.person.id === mockClientIds.jamie);
    const effects = new Set(jamie?.exercises.map((exercise) => exercise.effect));
    expect(effects).toEqual(new Set([...goalEffectNames, null]));
    const statuses = new Set(jamie?.assessments.map((assessment) => assessment.status));
    expect(statuses).toEqual(new Set(assessmentStatusNames));
    expect(jamie?.journey).toMatchObject({ currentStep: 'sense', currentDay: 5 });
  });

  it('have a 12-hour-away client, a 0/0 client and a grow client where the ids say', () => {
    const summary = (id: string) => {
      const record = state.clients.find((candidate) => candidate.person.id === id);
      if (!record) throw new Error(`no client ${id}`);
      return summaryOf(record);
    };
    expect(summary(mockClientIds.kai).utcOffsetMinutes).toBe(720);
    expect(summary(mockClientIds.kai).indicators.mental).toEqual({
      value: 70,
      lagging: false,
      lowDays: 0,
    });
    expect(summary(mockClientIds.noah)).toMatchObject({
      exercises: { completed: 0, scheduled: 0 },
      reflections: { completed: 0, scheduled: 0 },
      // The step's assessment opens at the local midnight of its start date.
      assessments: { completed: 0, scheduled: 1 },
      indicators: { productivity: { value: null, lagging: false, lowDays: 0 } },
    });
    expect(summary(mockClientIds.aiko).journey).toMatchObject({
      step: 'grow',
      // Learn started 28 days before the mocks' today.
      journeyStartDate: '2026-10-19',
    });
    // Grow shows sense's averages, labelled with it and never flagged.
    const aikoIndicators = summary(mockClientIds.aiko).indicators;
    expect(aikoIndicators).toMatchObject({ basis: 'previousPhase', phase: 'sense' });
    expect(aikoIndicators.productivity.value).not.toBeNull();
    expect(summary(mockClientIds.jamie).indicators.basis).toBe('currentPhase');
    // Engagement comes from usage sessions by the server's rule: 15 h in 48 h, some in 24 h.
    expect(summary(mockClientIds.fatima).engagement).toMatchObject({ hours: 15, ratio: 1 });
    const { hoursLast24h } = summary(mockClientIds.fatima).engagement;
    expect(hoursLast24h).toBeGreaterThan(0);
    expect(hoursLast24h).toBeLessThan(15);
    expect(summary(mockClientIds.maria).indicators.mental.lagging).toBe(true);
  });

  it("count each indicator's latest low days from the days the series shows, within the phase", () => {
    const counts = new Set<number>();
    for (const record of state.clients) {
      const listed = summaryOf(record);
      const { step, startDate } = listed.journey;
      const days = seriesDaysOf(record, startDate, '2026-11-16').reverse();
      for (const indicator of ['productivity', 'mental', 'physical'] as const) {
        // The run read off the series by hand: the latest days with a figure, while under 70.
        let run = 0;
        for (const day of days) {
          const value = day[indicator];
          if (value === null) continue;
          if (value >= 70) break;
          run += 1;
        }
        const expected = step === 'grow' ? 0 : run;
        expect(listed.indicators[indicator].lowDays, `${listed.firstName} ${indicator}`).toBe(
          expected,
        );
        counts.add(expected);
      }
    }
    // The stories need a count of 0 beside a lagging average, of 1, and of several days.
    expect([...counts].filter((count) => count > 1).length).toBeGreaterThan(0);
    expect(counts.has(1)).toBe(true);
    const priya = state.clients.find((record) => record.person.firstName === 'Priya');
    expect(priya && summaryOf(priya).indicators.productivity).toMatchObject({
      lagging: true,
      lowDays: 0,
    });
  });
});

describe('the client-data handlers', () => {
  it("serve the coach's clients by last name, valid against the contract", async () => {
    const { api, state } = setup();
    const list = await api.analytics.listClientSummaries();
    expectValid(ClientSummaryListSchema, list, 'list');
    expect(list.clients).toHaveLength(state.clients.length);
    const names = list.clients.map((client) => client.lastName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it("refuse the clients list to a client with 403 'Invalid user type. Only coaches allowed'", async () => {
    const { api } = setup({}, 'client');
    const error = await rejection(api.analytics.listClientSummaries());
    expect(error).toMatchObject({
      status: 403,
      message: 'Invalid user type. Only coaches allowed',
    });
  });

  it("serve a client's profile, series, lists and calendar, each valid against the contract", async () => {
    const { api } = setup();
    const id = mockClientIds.jamie;
    expectValid(
      ClientProfileSummarySchema,
      await api.analytics.getClientProfileSummary(id),
      'profile',
    );
    const series = await api.analytics.getClientSeries(id, month);
    expectValid(ClientSeriesSchema, series, 'series');
    expect(series.days).toHaveLength(30);
    expect(series.days.map((day) => day.date)[29]).toBe('2026-11-16');
    const calendar = await api.calendar.getCalendar(id, month);
    expectValid(CalendarSchema, calendar, 'calendar');
    expect(calendar.events.length).toBeGreaterThan(0);
    expect(calendar.events.every((event) => event.localDate >= month.from)).toBe(true);
    expect(calendar.events.every((event) => event.localDate <= month.to)).toBe(true);
    expectValid(JourneySchema, await api.journey.getJourney(id), 'journey');
    const reflections = await api.survey.listReflections(id, month);
    expectValid(ReflectionListSchema, reflections, 'reflections');
    expect(reflections.reflections.length).toBeGreaterThan(0);
    const assessments = await api.survey.listAssessments(id, wholeHistory);
    expectValid(AssessmentListSchema, assessments, 'assessments');
    expect(assessments.assessments.length).toBeGreaterThan(0);
    const exercises = await api.exercise.listExercises(id, wholeHistory);
    expectValid(ExerciseListSchema, exercises, 'exercises');
    expect(exercises.exercises.length).toBeGreaterThan(0);
  });

  it('page the activity history with a cursor, newest first, without gaps or repeats', async () => {
    const { api, state } = setup();
    const id = mockClientIds.jamie;
    const seen: string[] = [];
    let before: string | undefined;
    let pages = 0;
    do {
      const page = await api.analytics.getClientActivity(id, {
        limit: 7,
        ...(before ? { before } : {}),
      });
      expectValid(ActivityPageSchema, page, 'activity page');
      seen.push(...page.items.map((item) => item.id));
      before = page.nextCursor ?? undefined;
      pages += 1;
    } while (before);
    const record = state.clients.find((candidate) => candidate.person.id === id);
    const all = record ? activityOf(record) : [];
    expect(seen).toEqual(all.map((item) => item.id));
    expect(pages).toBe(Math.ceil(all.length / 7));
    await expect(api.analytics.getClientActivity(id, { before: 'nope' })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
  });

  it("answer 404 'Client not found' for an unknown id, and to a client on the coach-only calls", async () => {
    const { api } = setup();
    const unknown = '00000000-0000-4000-8000-0000000fffff';
    await expect(api.journey.getJourney(unknown)).rejects.toMatchObject({
      status: 404,
      message: 'Client not found',
    });
    const asClient = setup({}, 'client').api;
    await expect(asClient.journey.getJourney(mockClientIds.jamie)).resolves.toMatchObject({
      currentStep: 'sense',
    });
    await expect(
      asClient.analytics.getClientProfileSummary(mockClientIds.jamie),
    ).rejects.toMatchObject({ status: 404, message: 'Client not found' });
    await expect(asClient.journey.getJourney(mockClientIds.maria)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Client not found',
    });
  });

  it('start the next phase of a learn client, and refuse one after grow with 409', async () => {
    const { api } = setup();
    const phase = {
      goals: ['breathing' as const],
      bpm: 6 as const,
      goalChoices: ['calm' as const],
    };
    const journey = await api.journey.startNextPhase(mockClientIds.maria, {
      nextPhase: 'sense',
      ...phase,
    });
    expectValid(JourneySchema, journey, 'journey');
    expect(journey).toMatchObject({ currentStep: 'sense', currentDay: 1, nextPhase: 'grow' });
    expect(journey.steps.map((step) => [step.step, step.status])).toEqual([
      ['learn', 'completed'],
      ['sense', 'active'],
    ]);
    const summary = await api.analytics.getClientProfileSummary(mockClientIds.maria);
    expect(summary.journey).toMatchObject({ step: 'sense', currentDay: 1 });
    // From today on the calendar plans the new step: sense has 5 reflection windows and 6 exercise
    // slots a day (learn: 5 and 3).
    const today = { from: '2026-11-16', to: '2026-11-17' };
    const { events } = await api.calendar.getCalendar(mockClientIds.maria, today);
    expect(new Set(events.map((event) => event.step))).toEqual(new Set(['sense']));
    expect(events.filter((event) => event.localDate === '2026-11-17')).toHaveLength(11);
    await expect(
      api.journey.startNextPhase(mockClientIds.maria, { nextPhase: 'sense', ...phase }),
    ).rejects.toMatchObject({ status: 409, code: 'not_next_phase' });
    const error = await rejection(
      api.journey.startNextPhase(mockClientIds.aiko, { nextPhase: 'grow', ...phase }),
    );
    expect(error).toMatchObject({
      status: 409,
      code: 'no_phase_planned',
      message: 'No new phases are planned yet',
    });
  });

  it('answer empty lists with emptyLists', async () => {
    const { api } = setup({ emptyLists: true });
    await expect(api.analytics.listClientSummaries()).resolves.toMatchObject({ clients: [] });
    const id = mockClientIds.jamie;
    await expect(api.survey.listReflections(id, month)).resolves.toMatchObject({ reflections: [] });
    await expect(api.exercise.listExercises(id, month)).resolves.toMatchObject({ exercises: [] });
    await expect(api.survey.listAssessments(id, month)).resolves.toMatchObject({ assessments: [] });
    await expect(api.calendar.getCalendar(id, month)).resolves.toMatchObject({ events: [] });
    await expect(api.analytics.getClientActivity(id)).resolves.toMatchObject({
      items: [],
      nextCursor: null,
    });
  });

  it('fail, delay or hold a call as a story asks', async () => {
    const { api } = setup({
      failures: { getClientSeries: { status: 500, error: 'internal_error', message: 'Boom' } },
      delays: { getClientActivity: 'forever', listClientSummaries: 5_000 },
    });
    await expect(api.analytics.getClientSeries(mockClientIds.jamie, month)).rejects.toMatchObject({
      status: 500,
      message: 'Boom',
    });
    // On a fake clock: a delayed call answers once its delay has passed, a held one never does.
    vi.useFakeTimers();
    try {
      const delayed = settledFlag(api.analytics.listClientSummaries());
      const held = settledFlag(api.analytics.getClientActivity(mockClientIds.jamie));
      await vi.advanceTimersByTimeAsync(4_999);
      expect(delayed.settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(delayed.settled).toBe(true);
      await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
      expect(held.settled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('check query ranges as the server does', async () => {
    const { api } = setup();
    const error = await rejection(
      api.survey.listReflections(mockClientIds.jamie, { from: '2025-01-01', to: '2026-11-16' }),
    );
    expect(error).toMatchObject({ status: 400, message: 'The range is at most 366 days' });
  });
});

describe("the client-data handlers, by the server's rules", () => {
  it("plan the calendar as the server does, the step's assessment open for its 7 days", async () => {
    const { api, state } = setup();
    const id = mockClientIds.maria;
    const record = state.clients.find((candidate) => candidate.person.id === id);
    if (!record) throw new Error('no Maria');
    const { timezone, startDate } = record.journey;
    const { events } = await api.calendar.getCalendar(id, { from: startDate, to: startDate });
    expect(events.find((event) => event.kind === 'assessment')).toMatchObject({
      startsAt: zonedLocalToUtc(startDate, '00:00', timezone).toISOString(),
      endsAt: zonedLocalToUtc(addDays(startDate, 7), '00:00', timezone).toISOString(),
    });
    // Dates without stored events (here none are), up to a week ahead: the rule's plan, event
    // for event, in the server's order.
    record.events = [];
    const today = localDateOf(mockNow, timezone);
    const later = { from: addDays(today, 5), to: addDays(today, 7) };
    const planned = await api.calendar.getCalendar(id, later);
    const steps = [{ step: 'learn' as const, startDate }];
    expect(
      planned.events.map(({ step, kind, slot, localDate, startsAt, endsAt }) => ({
        step,
        kind,
        slot,
        localDate,
        startsAt,
        endsAt,
      })),
    ).toEqual(
      plannedEvents(timezone, steps, later.from, later.to)
        .map((event) => ({
          step: event.step,
          entityType: event.entityType,
          kind: event.kind,
          slot: event.slot,
          localDate: event.localDate,
          startsAt: event.startsAt.toISOString(),
          endsAt: event.endsAt.toISOString(),
        }))
        .sort(compareCalendarEvents)
        .map(({ entityType: _entityType, ...event }) => event),
    );
    expect(planned.events.length).toBeGreaterThan(0);
    // Past the week ahead the server holds no events: nor do the mocks.
    const beyond = await api.calendar.getCalendar(id, { from: '2026-12-01', to: '2026-12-03' });
    expect(beyond.events).toEqual([]);
  });

  it("page the activity with the server's opaque cursor, naming the page's last item", async () => {
    const { api } = setup();
    const page = await api.analytics.getClientActivity(mockClientIds.jamie, { limit: 3 });
    const last = page.items[2];
    expect(page.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePageCursor(page.nextCursor ?? '')).toMatchObject({ id: last?.id });
  });

  it("total the profile's phase from the table's figures, the step judged on its whole plan", async () => {
    const { api } = setup();
    const id = mockClientIds.jamie;
    const profile = await api.analytics.getClientProfileSummary(id);
    const kinds = [profile.exercises, profile.reflections, profile.assessments];
    expect(profile.phase.total).toEqual({
      completed: kinds.reduce((sum, count) => sum + count.completed, 0),
      scheduled: kinds.reduce((sum, count) => sum + count.scheduled, 0),
    });
    // Jamie is on day 5 of sense: far from 80 % of the 7 planned days.
    expect(profile.phase.stepDone).toBe(false);
  });
});
