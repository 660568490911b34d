// The calendar's enumerations (requirements R3.8) and range limit without schemas: the app and the
// rules use them without TypeBox. calendar.ts builds the schemas on them.

/** Calendar event statuses (requirements R3.8). */
export const calendarEventStatusNames = ['active', 'completed'] as const;
/** A calendar event or survey status. */
export type CalendarEventStatus = (typeof calendarEventStatusNames)[number];
/** Survey types (requirements R3.8). */
export const surveyTypeNames = ['assessment', 'reflection', 'morningReflection'] as const;
/** A survey type. */
export type SurveyType = (typeof surveyTypeNames)[number];
/** Entity types of calendar events (requirements R3.8). */
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

/** How many days after the client's today the calendar holds events (a week ahead). */
export const calendarDaysAhead = 7;
