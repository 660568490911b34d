// The enumerations of requirements R3.8 a journey call carries, with the spec's exact names: the
// one source of these values (journey.ts builds the schemas on them, the server's database checks
// and the rules use them). No schemas here, so the app uses them without TypeBox.

/** Journey steps, in order. */
export const journeyStepNames = ['learn', 'sense', 'grow'] as const;
/** A journey step. */
export type JourneyStep = (typeof journeyStepNames)[number];
/** Statuses of a journey step. */
export const journeyStepStatusNames = ['planned', 'active', 'completed'] as const;
/** A journey step's status. */
export type JourneyStepStatus = (typeof journeyStepStatusNames)[number];
/** The statuses of a started step: its start date counts (a planned step's does not). */
export const startedStepStatusNames = [
  'active',
  'completed',
] as const satisfies readonly JourneyStepStatus[];
/** Exercise step goals. */
export const exerciseStepGoalNames = [
  'productivity',
  'athleticPerformance',
  'stressBalance',
  'anxietyReliefBeginner',
  'anxietyReliefAdvanced',
  'breathing',
] as const;
/** An exercise step goal. */
export type ExerciseStepGoal = (typeof exerciseStepGoalNames)[number];
/** Breaths per minute of an exercise step. */
export const breathsPerMinuteValues = [10, 8, 6] as const;
/** Breaths per minute of an exercise step. */
export type BreathsPerMinute = (typeof breathsPerMinuteValues)[number];
/** Exercise goals a client may choose from. */
export const exerciseGoalNames = ['learn', 'energy', 'focus', 'calm'] as const;
/** An exercise goal. */
export type ExerciseGoal = (typeof exerciseGoalNames)[number];
/** The journey's `nextPhaseMessage` after grow, and the message of a refused phase change. */
export const noPhasePlannedMessage = 'No new phases are planned yet';
