import { type Static, Type } from 'typebox';
import { IdSchema } from './common.ts';
import { literalUnion } from './enumeration.ts';
import { ClientIdParamsSchema, JourneyStepSchema, LocalDateSchema } from './journey.ts';
import { errors, type RouteDefinition } from './routeDefinition.ts';

/** Calendar event statuses (spec point 3). */
export const calendarEventStatusNames = ['active', 'completed'] as const;
/** A calendar event or survey status. */
export type CalendarEventStatus = (typeof calendarEventStatusNames)[number];
/** Survey types (spec point 3). */
export const surveyTypeNames = ['assessment', 'reflection', 'morningReflection'] as const;
/** A survey type. */
export type SurveyType = (typeof surveyTypeNames)[number];
/** Entity types of calendar events (spec point 3). */
export const entityTypeNames = ['journeyStep', 'survey', 'journey', 'exercise'] as const;
/** An entity type. */
export type EntityType = (typeof entityTypeNames)[number];
/** Reflection windows of learn and sense, in the client's day. */
export const reflectionWindowNames = ['morning', 'noon', 'afternoon', 'evening', 'night'] as const;
/** A reflection window. */
export type ReflectionWindowName = (typeof reflectionWindowNames)[number];
/** Exercise slots of learn and sense. */
export const exerciseSlotNames = ['morning', 'afternoon', 'evening'] as const;
/** An exercise slot. */
export type ExerciseSlotName = (typeof exerciseSlotNames)[number];
/** Longest date range of one calendar, series or list call, in days (a year and a day). */
export const maxRangeDays = 366;

/** A survey type. */
export const SurveyTypeSchema = literalUnion(surveyTypeNames, {
  description: 'assessment, reflection or morningReflection',
});

/** `?from=&to=`: an inclusive range of the client's local dates, at most 366 days. */
export const DateRangeQuerySchema = Type.Object(
  {
    from: LocalDateSchema,
    to: LocalDateSchema,
  },
  {
    additionalProperties: false,
    description: "An inclusive range of the client's local dates (YYYY-MM-DD), at most 366 days",
  },
);

/** See {@link DateRangeQuerySchema}. */
export type DateRangeQuery = Static<typeof DateRangeQuerySchema>;

/** One scheduled action of a client: a reflection window, an assessment or an exercise slot. */
export const CalendarEventSchema = Type.Object(
  {
    id: IdSchema,
    step: JourneyStepSchema,
    entityType: Type.Union([Type.Literal('survey'), Type.Literal('exercise')], {
      description: "'survey' (reflection windows, assessments) or 'exercise' (exercise slots)",
    }),
    kind: Type.String({
      maxLength: 32,
      description:
        "The reflection window (morning, noon, afternoon, evening, night), the exercise slot (morning, afternoon, evening) or 'assessment'",
    }),
    slot: Type.Integer({
      minimum: 0,
      maximum: 3,
      description: '0, or 0..3 for the four afternoon exercise slots of sense',
    }),
    surveyType: Type.Union([SurveyTypeSchema, Type.Null()], {
      description: 'The survey a window expects (null for exercise slots)',
    }),
    status: literalUnion(calendarEventStatusNames, { description: 'active or completed' }),
    localDate: LocalDateSchema,
    startsAt: Type.String({ format: 'date-time', description: 'When it opens (UTC)' }),
    endsAt: Type.String({ format: 'date-time', description: 'When it closes (UTC, exclusive)' }),
    completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When it was completed',
    }),
  },
  { description: 'A calendar event' },
);

/** See {@link CalendarEventSchema}. */
export type CalendarEvent = Static<typeof CalendarEventSchema>;

/** `GET /clients/:clientId/events` answer. */
export const CalendarSchema = Type.Object(
  {
    clientId: IdSchema,
    timezone: Type.String({ maxLength: 64, description: "The client's IANA timezone" }),
    from: LocalDateSchema,
    to: LocalDateSchema,
    events: Type.Array(CalendarEventSchema, {
      description: 'The events of the range, by start time',
    }),
  },
  { description: "A client's calendar over a date range" },
);

/** See {@link CalendarSchema}. */
export type Calendar = Static<typeof CalendarSchema>;

/** The calls of the calendar service. */
export const calendarRoutes = {
  getCalendar: {
    service: 'calendar',
    method: 'GET',
    path: '/clients/:clientId/events',
    summary:
      "A client's calendar events over a range of their local dates (their coach, or the client)",
    auth: true,
    params: ClientIdParamsSchema,
    query: DateRangeQuerySchema,
    response: { 200: CalendarSchema, ...errors(400, 401, 404) },
  },
} as const satisfies Record<string, RouteDefinition>;
