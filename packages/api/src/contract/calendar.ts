import { calendarEventStatusNames, surveyTypeNames } from '@coach/domain';
import { type Static, Type } from 'typebox';
import { literalUnion } from './enumeration.ts';
import { IdSchema } from './ids.ts';
import { ClientIdParamsSchema, JourneyStepSchema, LocalDateSchema } from './journey.ts';
import { routeCalls } from './routeCalls.ts';
import { errors, type RouteDefinition } from './routeDefinition.ts';

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
    ...routeCalls.getCalendar,
    summary:
      "A client's calendar events over a range of their local dates (their coach, or the client)",
    params: ClientIdParamsSchema,
    query: DateRangeQuerySchema,
    response: { 200: CalendarSchema, ...errors(400, 401, 404) },
  },
} as const satisfies Record<string, RouteDefinition>;
