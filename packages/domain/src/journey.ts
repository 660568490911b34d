// Journey rules (requirements R4.8 and R9.7, decisions 'Journey'): learn, then sense, then grow.

import type { NextPhase } from './shapes.ts';
import { isOneOf } from './values/isOneOf.ts';
import {
  type BreathsPerMinute,
  breathsPerMinuteValues,
  type ExerciseGoal,
  type ExerciseStepGoal,
  exerciseGoalNames,
  exerciseStepGoalNames,
  type JourneyStep,
  journeyStepNames,
  noPhasePlannedMessage,
} from './values/journeyValues.ts';
import { daysBetween, localDateOf } from './zonedTime.ts';

/** Preferred journey step length, in days. */
export const preferredStepLengthDays = 7;

/**
 * A step is done when this percentage of its scheduled actions is completed (the spec's 0.8, as a
 * whole percentage so the comparison stays in integers and no rounding decides a boundary).
 */
export const stepCompletionPercent = 80;

/** The step after `current`, or null after grow (no new phase is planned). */
export function nextStep(current: JourneyStep): JourneyStep | null {
  return journeyStepNames[journeyStepNames.indexOf(current) + 1] ?? null;
}

/** What a journey says of the phase after `current`: none after grow, with the contract's text. */
export function nextPhaseOf(current: JourneyStep): NextPhase {
  const next = nextStep(current);
  return {
    nextPhasePlanned: next !== null,
    nextPhase: next,
    nextPhaseMessage: next === null ? noPhasePlannedMessage : null,
  };
}

/**
 * Whether a step is done: at least {@link stepCompletionPercent} % of its scheduled actions
 * completed (79 % is not, 80 % is). A step with nothing scheduled yet is not done.
 */
export function isStepDone(completed: number, scheduled: number): boolean {
  if (!Number.isInteger(completed) || !Number.isInteger(scheduled)) {
    throw new RangeError('completed and scheduled are whole numbers');
  }
  if (completed < 0 || scheduled < 0) throw new RangeError('completed and scheduled are >= 0');
  if (scheduled === 0) return false;
  return completed * 100 >= scheduled * stepCompletionPercent;
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

/**
 * The code of the error catalogue each refused phase change answers with (its status follows
 * from the catalogue): the server's and the mocks' one mapping.
 */
export const phaseChangeErrorCodes = {
  noPhasePlanned: 'no_phase_planned',
  notNextPhase: 'not_next_phase',
  invalidGoals: 'invalid_phase',
  invalidBpm: 'invalid_phase',
  invalidGoalChoices: 'invalid_phase',
} as const satisfies Record<PhaseChangeErrorCode, string>;

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
  const goals = distinctListOf(exerciseStepGoalNames, request.goals);
  if (!goals) {
    return failure('invalidGoals', `Goals are one or more of: ${exerciseStepGoalNames.join(', ')}`);
  }
  if (!isOneOf(breathsPerMinuteValues, request.bpm)) {
    return failure('invalidBpm', `BPM is one of ${breathsPerMinuteValues.join(', ')}`);
  }
  const goalChoices = distinctListOf(exerciseGoalNames, request.goalChoices);
  if (!goalChoices) {
    return failure(
      'invalidGoalChoices',
      `Goal choices are one or more of: ${exerciseGoalNames.join(', ')}`,
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
