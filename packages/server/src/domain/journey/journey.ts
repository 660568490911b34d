import { noPhasePlannedMessage } from '@coach/api';
// Journey rules (spec points 4 and 9, decisions 'Journey'): learn, then sense, then grow.
import {
  type BreathsPerMinute,
  breathsPerMinute,
  type ExerciseGoal,
  type ExerciseStepGoal,
  exerciseGoals,
  exerciseStepGoals,
  isOneOf,
  type JourneyStep,
  journeySteps,
} from './enumerations.ts';
import { daysBetween, localDateOf } from './zonedTime.ts';

/** Preferred journey step length, in days. */
export const preferredStepLengthDays = 7;

/** A step is done when this share of its scheduled actions is completed. */
export const stepCompletionThreshold = 0.8;

/** 'No new phases are planned yet': the contract's text. */
export { noPhasePlannedMessage };

/** The step after `current`, or null after grow (no new phase is planned). */
export function nextStep(current: JourneyStep): JourneyStep | null {
  return journeySteps[journeySteps.indexOf(current) + 1] ?? null;
}

/**
 * Whether a step is done: at least 80 % of its scheduled actions completed (0.79 is not, 0.8
 * is). Compared in integers (5 x completed >= 4 x scheduled) so no rounding decides a boundary.
 * A step with nothing scheduled yet is not done.
 */
export function isStepDone(completed: number, scheduled: number): boolean {
  if (!Number.isInteger(completed) || !Number.isInteger(scheduled)) {
    throw new RangeError('completed and scheduled are whole numbers');
  }
  if (completed < 0 || scheduled < 0) throw new RangeError('completed and scheduled are >= 0');
  if (scheduled === 0) return false;
  return completed * 5 >= scheduled * 4;
}

/**
 * The day of a step the client is on, counted in the client's timezone: 1 on the start date,
 * 8 on the day after the preferred 7 days (a step is not cut off when it runs longer), 0 before
 * the start date.
 */
export function currentStepDay(startDate: string, now: Date, timeZone: string): number {
  return Math.max(0, daysBetween(startDate, localDateOf(now, timeZone)) + 1);
}

export type PhaseChangeRequest = {
  nextPhase: unknown;
  /** Exercise step goals. */
  goals: unknown;
  bpm: unknown;
  /** Exercise goals the client may choose from in the new step. */
  goalChoices: unknown;
};

export type PhaseChangeErrorCode =
  | 'noPhasePlanned'
  | 'notNextPhase'
  | 'invalidGoals'
  | 'invalidBpm'
  | 'invalidGoalChoices';

export type PhaseChangeError = { code: PhaseChangeErrorCode; message: string };

export type PlannedPhaseChange = {
  step: JourneyStep;
  previousStep: JourneyStep;
  /** The client's local date the new step starts on: today in their timezone. */
  startDate: string;
  goals: ExerciseStepGoal[];
  bpm: BreathsPerMinute;
  goalChoices: ExerciseGoal[];
  startedByPersonId: string;
  startedAt: Date;
};

export type PhaseChangeResult =
  | { ok: true; change: PlannedPhaseChange }
  | { ok: false; error: PhaseChangeError };

export type PhaseChangeInput = {
  currentStep: JourneyStep;
  request: PhaseChangeRequest;
  /** The coach who starts the phase (recorded in the history). */
  coachPersonId: string;
  clientTimeZone: string;
  now: Date;
};

function failure(code: PhaseChangeErrorCode, message: string): PhaseChangeResult {
  return { ok: false, error: { code, message } };
}

/** A non-empty list of distinct values of `values`, or null. */
function distinctListOf<T extends string>(values: readonly T[], input: unknown): T[] | null {
  if (!Array.isArray(input) || input.length === 0) return null;
  if (!input.every((item) => isOneOf(values, item))) return null;
  if (new Set(input).size !== input.length) return null;
  return [...input];
}

/**
 * Checks a coach's phase change and returns what to record. Only the next step is accepted: the
 * change is irreversible, so the same or an earlier step is refused, and after grow no phase is
 * planned ('No new phases are planned yet'). Goals are 1..6 distinct exercise step goals, the
 * BPM is 10, 8 or 6, and goal choices are 1..4 distinct exercise goals.
 */
export function planPhaseChange(input: PhaseChangeInput): PhaseChangeResult {
  const { currentStep, request } = input;
  const planned = nextStep(currentStep);
  if (planned === null) return failure('noPhasePlanned', noPhasePlannedMessage);
  if (request.nextPhase !== planned) {
    return failure(
      'notNextPhase',
      `The next phase is '${planned}': once changing journey phase, you can not return the old one`,
    );
  }
  const goals = distinctListOf(exerciseStepGoals, request.goals);
  if (!goals) {
    return failure('invalidGoals', `Goals are one or more of: ${exerciseStepGoals.join(', ')}`);
  }
  if (!isOneOf(breathsPerMinute, request.bpm)) {
    return failure('invalidBpm', `BPM is one of ${breathsPerMinute.join(', ')}`);
  }
  const goalChoices = distinctListOf(exerciseGoals, request.goalChoices);
  if (!goalChoices) {
    return failure(
      'invalidGoalChoices',
      `Goal choices are one or more of: ${exerciseGoals.join(', ')}`,
    );
  }
  return {
    ok: true,
    change: {
      step: planned,
      previousStep: currentStep,
      startDate: localDateOf(input.now, input.clientTimeZone),
      goals,
      bpm: request.bpm,
      goalChoices,
      startedByPersonId: input.coachPersonId,
      startedAt: input.now,
    },
  };
}
