import {
  activityKindNames,
  engagementFullHours,
  indicatorBasisNames,
  journeyStepNames,
  laggingLimitPercent,
  limits,
  maxActivityPageSize,
  maxLowDays,
  maxRangeDays,
  notesLimits,
} from '@coach/domain';
import { type Static, Type } from 'typebox';
import { AttentionFiguresSchema } from './attentionFigures.ts';
import { DateRangeQuerySchema } from './calendar.ts';
import { ClientReviewSchema } from './clientReviews.ts';
import { DateSchema } from './dates.ts';
import { literalUnion } from './enumeration.ts';
import { GoalEffectSchema } from './exercise.ts';
import { IdSchema } from './ids.ts';
import { ClientIdParamsSchema, JourneyStepSchema, LocalDateSchema } from './journey.ts';
import { NextCursorSchema, PageQuerySchema } from './pages.ts';
import { routeCalls } from './routeCalls.ts';
import { errors, type RouteDefinition } from './routeDefinition.ts';
import { AssessmentStatusSchema } from './survey.ts';

/** completed / scheduled in the current phase. */
export const CompletionCountSchema = Type.Object(
  {
    completed: Type.Integer({ minimum: 0, description: 'Completed' }),
    scheduled: Type.Integer({
      minimum: 0,
      description: 'Scheduled so far (opened by now), plus any completed early',
    }),
  },
  { description: 'completed / scheduled' },
);

/** See {@link CompletionCountSchema}. */
export type CompletionCount = Static<typeof CompletionCountSchema>;

/** One daily indicator averaged over the current phase, with its lagging flag. */
export const IndicatorFigureSchema = Type.Object(
  {
    value: Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()], {
      description: 'Average daily percentage over the current phase, to 0.1; null with no data',
    }),
    lagging: Type.Boolean({
      description: `Under ${laggingLimitPercent} % (the lagging limit) over the current phase; false with no data and always false over a previous phase (stale figures are not flagged)`,
    }),
    lowDays: Type.Integer({
      minimum: 0,
      maximum: maxLowDays,
      description: `How many of the most recent days in a row with a figure (the client's local dates, within the current phase, up to today) had a daily average under ${laggingLimitPercent} % (rounded to 0.1 like the series); days without a figure are skipped, neither low nor breaking the run. 0 when the latest such day was not low, with no data, and always over a previous phase. Counted back at most ${maxLowDays} days`,
    }),
  },
  { description: 'An indicator' },
);

/** See {@link IndicatorFigureSchema}. */
export type IndicatorFigure = Static<typeof IndicatorFigureSchema>;

const clientSummaryProperties = {
  clientId: IdSchema,
  userId: IdSchema,
  firstName: Type.String({ maxLength: limits.nameMaxLength }),
  lastName: Type.String({ maxLength: limits.nameMaxLength }),
  email: Type.String({
    maxLength: limits.emailMaxLength,
    description: "The client's sign-in email",
  }),
  profilePicture: Type.Union([Type.String({ maxLength: limits.urlMaxLength }), Type.Null()], {
    description:
      "Signed picture URL 'resource/profilePicture/{id}?expires=…&signature=…' relative to " +
      'the resource base (works without a bearer token for up to an hour), null when none',
  }),
  age: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: 'Age in whole years today, null without a birth date',
  }),
  gender: Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Null()]),
  timezone: Type.String({ maxLength: 64, description: "The client's IANA timezone" }),
  utcOffsetMinutes: Type.Integer({
    description:
      "The client's UTC offset now, in minutes east of UTC (the app compares it with the coach's device for the 'different timezone' flag)",
  }),
  journey: Type.Object(
    {
      step: JourneyStepSchema,
      currentDay: Type.Integer({ minimum: 0, description: 'Day of the current step (1 = start)' }),
      startDate: LocalDateSchema,
      journeyStartDate: DateSchema(
        "The journey's start: the first step's (learn's) start date, YYYY-MM-DD",
      ),
    },
    { description: 'Journey progress' },
  ),
  engagement: Type.Object(
    {
      hours: Type.Number({ minimum: 0, maximum: 48, description: 'Hours of app use, last 48 h' }),
      hoursLast24h: Type.Number({
        minimum: 0,
        maximum: 24,
        description:
          'Hours of app use, last 24 h (a session crossing the start counts its part inside)',
      }),
      ratio: Type.Number({
        minimum: 0,
        maximum: 1,
        description: `hours / ${engagementFullHours} (the engagement quality hours limit), at most 1`,
      }),
      lastConnectedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'When the app was last in use, null when never',
      }),
    },
    { description: 'Engagement (48 h)' },
  ),
  indicators: Type.Object(
    {
      basis: literalUnion(indicatorBasisNames, {
        description:
          "currentPhase, or previousPhase in a phase without reflection windows (grow): then the averages are the last such phase's, never flagged lagging",
      }),
      phase: literalUnion(journeyStepNames, { description: 'The phase the averages are over' }),
      productivity: IndicatorFigureSchema,
      mental: IndicatorFigureSchema,
      physical: IndicatorFigureSchema,
    },
    { description: 'Daily indicators averaged over a phase (see basis)' },
  ),
  exercises: CompletionCountSchema,
  reflections: CompletionCountSchema,
  assessments: CompletionCountSchema,
  unreadMessages: Type.Integer({
    minimum: 0,
    description:
      "The client's messages their coach has not read yet (not deleted; a client moved from another coach brings none)",
  }),
  followUp: Type.Union(
    [
      Type.Object(
        {
          dueDate: DateSchema("The day to check in again, in the coach's time zone, YYYY-MM-DD"),
          reason: Type.String({ maxLength: notesLimits.followUpReasonMaxLength }),
          isDue: Type.Boolean({
            description: "Whether the day has come in the coach's time zone (at generatedAt)",
          }),
        },
        { description: 'The open follow-up' },
      ),
      Type.Null(),
    ],
    { description: "The client's open follow-up with their coach; null when none" },
  ),
  review: Type.Union([ClientReviewSchema, Type.Null()], {
    description:
      "The coach's 'reviewed for today' of the client, today in the coach's time zone (at " +
      'generatedAt); null when none (a review of an earlier day is never answered)',
  }),
};

/** One row of the clients table: every figure it shows. */
export const ClientSummarySchema = Type.Object(clientSummaryProperties, {
  description: 'A client with the figures of the clients table',
});

/** See {@link ClientSummarySchema}. */
export type ClientSummary = Static<typeof ClientSummarySchema>;

/** `GET /clients` answer: all of the coach's clients in one call. */
export const ClientSummaryListSchema = Type.Object(
  {
    clients: Type.Array(ClientSummarySchema, { description: 'By last name, then first name' }),
    generatedAt: Type.String({ format: 'date-time', description: 'The "now" of the figures' }),
    attentionFigures: Type.Optional({
      ...AttentionFiguresSchema,
      description: "The coach's attention figures (absent from a server before them)",
    }),
  },
  { description: "The coach's clients with their figures, and the coach's attention figures" },
);

/** See {@link ClientSummaryList}. */
export type ClientSummaryList = Static<typeof ClientSummaryListSchema>;

/** `GET /clients/:clientId/profile` answer: the profile header. */
export const ClientProfileSummarySchema = Type.Object(
  {
    ...clientSummaryProperties,
    aboutMe: Type.String({ maxLength: limits.aboutMeMaxLength }),
    phase: Type.Object(
      {
        total: CompletionCountSchema,
        stepDone: Type.Boolean({
          description: '80 % (the completion threshold) of the whole phase schedule completed',
        }),
      },
      { description: 'The current phase as a whole' },
    ),
    generatedAt: Type.String({ format: 'date-time' }),
  },
  { description: "The figures of a client's profile header" },
);

/** See {@link ClientProfileSummarySchema}. */
export type ClientProfileSummary = Static<typeof ClientProfileSummarySchema>;

const nullableNumber = (description: string) =>
  Type.Union([Type.Number(), Type.Null()], { description });

/** One day of a client's series (the charts' data). */
export const SeriesDaySchema = Type.Object(
  {
    date: LocalDateSchema,
    productivity: nullableNumber('Average productivity that day, % (null: no reflection)'),
    mental: nullableNumber('Average mental wellbeing that day, %'),
    physical: nullableNumber('Average physical wellbeing that day, %'),
    usageHours: Type.Number({ minimum: 0, description: 'Hours of app use that day' }),
    hrv: nullableNumber('Average HRV that day (ms)'),
    pulseRate: nullableNumber('Average pulse rate that day (b/min)'),
    respiratoryRate: nullableNumber('Average respiratory rate that day (breaths/min)'),
    exercises: CompletionCountSchema,
    reflections: CompletionCountSchema,
    assessments: CompletionCountSchema,
  },
  { description: "A day of the client's data (their local date)" },
);

/** See {@link SeriesDaySchema}. */
export type SeriesDay = Static<typeof SeriesDaySchema>;

/** `GET /clients/:clientId/series` answer. */
export const ClientSeriesSchema = Type.Object(
  {
    clientId: IdSchema,
    from: LocalDateSchema,
    to: LocalDateSchema,
    days: Type.Array(SeriesDaySchema, {
      maxItems: maxRangeDays,
      description: 'Every date of the range in order, with nulls and zeros where nothing is known',
    }),
  },
  { description: "A client's daily series over a date range" },
);

/** See {@link ClientSeries}. */
export type ClientSeries = Static<typeof ClientSeriesSchema>;

/** `?limit=&before=` of the activity history. */
export const ActivityQuerySchema = PageQuerySchema(
  maxActivityPageSize,
  20,
  'A page of the activity history',
);

/** See {@link ActivityQuerySchema}. */
export type ActivityQuery = Static<typeof ActivityQuerySchema>;

/** One item of the activity history. */
export const ActivityItemSchema = Type.Object(
  {
    kind: literalUnion(activityKindNames, { description: 'assessment, reflection or exercise' }),
    id: IdSchema,
    at: Type.String({ format: 'date-time', description: 'When it happened' }),
    localDate: LocalDateSchema,
    step: JourneyStepSchema,
    title: Type.String({
      maxLength: 120,
      description:
        "The assessment's name, the reflection's type ('reflection' or 'morningReflection') or the exercise's goal",
    }),
    status: Type.Union([AssessmentStatusSchema, Type.Null()], {
      description: 'Assessments: their status',
    }),
    effect: Type.Union([GoalEffectSchema, Type.Null()], {
      description: 'Exercises: their effect level',
    }),
  },
  { description: 'An activity' },
);

/** See {@link ActivityItemSchema}. */
export type ActivityItem = Static<typeof ActivityItemSchema>;

/** `GET /clients/:clientId/activity` answer. */
export const ActivityPageSchema = Type.Object(
  {
    clientId: IdSchema,
    items: Type.Array(ActivityItemSchema, {
      maxItems: maxActivityPageSize,
      description: 'Newest first',
    }),
    nextCursor: NextCursorSchema,
  },
  { description: "A page of a client's activity history" },
);

/** See {@link ActivityPageSchema}. */
export type ActivityPage = Static<typeof ActivityPageSchema>;

/** The calls of the analytics service. */
export const analyticsRoutes = {
  listClientSummaries: {
    ...routeCalls.listClientSummaries,
    summary: "Every figure of the clients table for all of the coach's clients, in one call",
    response: { 200: ClientSummaryListSchema, ...errors(401, 403) },
  },
  getClientProfileSummary: {
    ...routeCalls.getClientProfileSummary,
    summary: "The figures of a client's profile header (their coach only)",
    params: ClientIdParamsSchema,
    response: { 200: ClientProfileSummarySchema, ...errors(400, 401, 404) },
  },
  getClientSeries: {
    ...routeCalls.getClientSeries,
    summary: "A client's daily figures over a date range, for the charts (their coach only)",
    params: ClientIdParamsSchema,
    query: DateRangeQuerySchema,
    response: { 200: ClientSeriesSchema, ...errors(400, 401, 404) },
  },
  getClientActivity: {
    ...routeCalls.getClientActivity,
    summary: "A page of a client's activity history, newest first (their coach only)",
    params: ClientIdParamsSchema,
    query: ActivityQuerySchema,
    response: { 200: ActivityPageSchema, ...errors(400, 401, 404) },
  },
} as const satisfies Record<string, RouteDefinition>;
