import type { Journey, PhaseChangeBody } from '@coach/api';
import {
  breathsPerMinuteValues,
  type ExerciseGoal,
  type ExerciseStepGoal,
  exerciseGoalNames,
  exerciseStepGoalNames,
} from '@coach/domain';
import { array, type InferType, mixed, object } from 'yup';
import { validationMessage as message } from '../../../core/fieldRules/index.ts';

/**
 * 'Start next phase' (requirements R3.5): one or more exercise step goals, a BPM of 10,
 * 8 or 6, and one or more goal choices; the contract's rules, said before the call.
 */
export const phaseChangeSchema = object({
  goals: array(mixed<ExerciseStepGoal>().oneOf(exerciseStepGoalNames).required())
    .required()
    .min(1, message('profileActions.validation.goalsRequired')),
  bpm: mixed<string>()
    .oneOf(breathsPerMinuteValues.map(String), message('profileActions.validation.bpmRequired'))
    .required(message('profileActions.validation.bpmRequired')),
  goalChoices: array(mixed<ExerciseGoal>().oneOf(exerciseGoalNames).required())
    .required()
    .min(1, message('profileActions.validation.goalChoicesRequired')),
});

/** The phase change form's values (the BPM as the Select's text). */
export type PhaseChangeValues = InferType<typeof phaseChangeSchema>;

/**
 * What the form starts with: the current phase's goals, BPM and goal choices when it has them
 * (sense to grow usually keeps them), otherwise nothing chosen.
 */
export function phaseChangeDefaults(journey: Journey): PhaseChangeValues {
  const current = journey.steps.find((entry) => entry.step === journey.currentStep);
  return {
    goals: [...(current?.goals ?? [])],
    bpm: current?.bpm === null || current?.bpm === undefined ? '' : String(current.bpm),
    goalChoices: [...(current?.goalChoices ?? [])],
  };
}

/** The call's body from checked values, in the enumerations' order. */
export function toPhaseChangeBody(
  nextPhase: PhaseChangeBody['nextPhase'],
  values: PhaseChangeValues,
): PhaseChangeBody {
  return {
    nextPhase,
    goals: exerciseStepGoalNames.filter((goal) => values.goals.includes(goal)),
    bpm: Number(values.bpm) as PhaseChangeBody['bpm'],
    goalChoices: exerciseGoalNames.filter((goal) => values.goalChoices.includes(goal)),
  };
}
