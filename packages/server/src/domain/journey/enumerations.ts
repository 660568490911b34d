// The enumerations of spec point 3, with the spec's exact names. The database schema stores the
// same strings (text columns with check constraints), so these arrays are the one source.

export const journeySteps = ['learn', 'sense', 'grow'] as const;
export type JourneyStep = (typeof journeySteps)[number];

export const journeyStepStatuses = ['planned', 'active', 'completed'] as const;
export type JourneyStepStatus = (typeof journeyStepStatuses)[number];

/** Calendar event and survey statuses. */
export const calendarEventStatuses = ['active', 'completed'] as const;
export type CalendarEventStatus = (typeof calendarEventStatuses)[number];

export const surveyTypes = ['assessment', 'reflection', 'morningReflection'] as const;
export type SurveyType = (typeof surveyTypes)[number];

export const assessmentStatuses = ['complete', 'incomplete', 'inProgress'] as const;
export type AssessmentStatus = (typeof assessmentStatuses)[number];

export const entityTypes = ['journeyStep', 'survey', 'journey', 'exercise'] as const;
export type EntityType = (typeof entityTypes)[number];

export const indicators = ['mental', 'physical', 'productivity'] as const;
export type Indicator = (typeof indicators)[number];

export const exerciseStepGoals = [
  'productivity',
  'athleticPerformance',
  'stressBalance',
  'anxietyReliefBeginner',
  'anxietyReliefAdvanced',
  'breathing',
] as const;
export type ExerciseStepGoal = (typeof exerciseStepGoals)[number];

export const breathsPerMinute = [10, 8, 6] as const;
export type BreathsPerMinute = (typeof breathsPerMinute)[number];

export const exerciseGoals = ['learn', 'energy', 'focus', 'calm'] as const;
export type ExerciseGoal = (typeof exerciseGoals)[number];

export const goalEffects = [
  'negative',
  'moderatelyNegative',
  'neutral',
  'moderatelyPositive',
  'positive',
] as const;
export type GoalEffect = (typeof goalEffects)[number];

export const activityKinds = ['assessment', 'reflection', 'exercise'] as const;
export type ActivityKind = (typeof activityKinds)[number];

export const metricKinds = ['hrv', 'pulse', 'respiratory'] as const;
export type MetricKind = (typeof metricKinds)[number];

export const reflectionWindowNames = ['morning', 'noon', 'afternoon', 'evening', 'night'] as const;
export type ReflectionWindowName = (typeof reflectionWindowNames)[number];

export const exerciseSlotNames = ['morning', 'afternoon', 'evening'] as const;
export type ExerciseSlotName = (typeof exerciseSlotNames)[number];

/** Narrows an unknown value to one of `values` (for validating input against an enumeration). */
export function isOneOf<const T extends string | number>(
  values: readonly T[],
  value: unknown,
): value is T {
  return (values as readonly unknown[]).includes(value);
}
