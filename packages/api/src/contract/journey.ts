import {
  breathsPerMinuteValues,
  exerciseGoalNames,
  exerciseStepGoalNames,
  journeyStepNames,
  journeyStepStatusNames,
  noPhasePlannedMessage,
} from '@coach/domain';
import { type Static, Type } from 'typebox';
import { DateSchema } from './dates.ts';
import { literalUnion } from './enumeration.ts';
import { IdSchema } from './ids.ts';

/** Shared by the journey, calendar, survey, exercise and analytics calls. */
export const JourneyStepSchema = literalUnion(journeyStepNames, {
  description: 'A journey step: learn, sense or grow',
});
/** Shared by the journey, calendar, survey, exercise and analytics calls. */
export const ExerciseStepGoalSchema = literalUnion(exerciseStepGoalNames, {
  description: 'An exercise step goal',
});
/** Shared by the journey, calendar, survey, exercise and analytics calls. */
export const ExerciseGoalSchema = literalUnion(exerciseGoalNames, {
  description: 'An exercise goal',
});
/** Shared by the journey, calendar, survey, exercise and analytics calls. */
export const BpmSchema = literalUnion(breathsPerMinuteValues, {
  description: 'Breaths per minute: 10, 8 or 6',
});
/** Shared by the journey, calendar, survey, exercise and analytics calls. */
export const LocalDateSchema = DateSchema("The client's local date (their timezone), YYYY-MM-DD");

/** Path parameters `{ clientId }`: the client's person id. */
export const ClientIdParamsSchema = Type.Object(
  { clientId: IdSchema },
  { description: "The client's person id" },
);

/** See {@link ClientIdParamsSchema}. */
export type ClientIdParams = Static<typeof ClientIdParamsSchema>;

/** One step of a client's journey: its history, as the phase change that started it recorded. */
export const JourneyStepEntrySchema = Type.Object(
  {
    step: JourneyStepSchema,
    status: literalUnion(journeyStepStatusNames, { description: 'planned, active or completed' }),
    startDate: Type.Union([LocalDateSchema, Type.Null()], {
      description: 'The local date the step started (null when not started)',
    }),
    goals: Type.Array(ExerciseStepGoalSchema, {
      maxItems: exerciseStepGoalNames.length,
      description: 'Exercise step goals (empty for learn, which no coach starts)',
    }),
    bpm: Type.Union([BpmSchema, Type.Null()], {
      description: 'Breaths per minute (null for learn)',
    }),
    goalChoices: Type.Array(ExerciseGoalSchema, {
      maxItems: exerciseGoalNames.length,
      description: 'Exercise goals the client may choose from',
    }),
    startedByPersonId: Type.Union([IdSchema, Type.Null()], {
      description: 'The coach who started the step (null for learn, started by the acceptance)',
    }),
    startedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the step was started',
    }),
    completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the step was completed (the next one started)',
    }),
  },
  { description: 'A journey step' },
);

/** See {@link JourneyStepEntrySchema}. */
export type JourneyStepEntry = Static<typeof JourneyStepEntrySchema>;

/** `GET /clients/:clientId/journey` answer (also the answer of a phase change). */
export const JourneySchema = Type.Object(
  {
    clientId: IdSchema,
    currentStep: JourneyStepSchema,
    startDate: LocalDateSchema,
    currentDay: Type.Integer({
      minimum: 0,
      description: 'The day of the current step, in the client timezone (1 on its start date)',
    }),
    timezone: Type.String({ maxLength: 64, description: "The client's IANA timezone" }),
    steps: Type.Array(JourneyStepEntrySchema, {
      maxItems: journeyStepNames.length,
      description: 'The started steps, in journey order',
    }),
    nextPhasePlanned: Type.Boolean({ description: 'Whether a next phase remains' }),
    nextPhase: Type.Union([JourneyStepSchema, Type.Null()], {
      description: 'The next phase, or null after grow',
    }),
    nextPhaseMessage: Type.Union([Type.String({ maxLength: 200 }), Type.Null()], {
      description: `'${noPhasePlannedMessage}' when none remains, otherwise null`,
    }),
  },
  { description: "A client's journey" },
);

/** See {@link JourneySchema}. */
export type Journey = Static<typeof JourneySchema>;

/** `POST /clients/:clientId/phase` body: the coach starts the client's next phase. */
export const PhaseChangeBodySchema = Type.Object(
  {
    nextPhase: JourneyStepSchema,
    goals: Type.Array(ExerciseStepGoalSchema, {
      minItems: 1,
      maxItems: exerciseStepGoalNames.length,
      uniqueItems: true,
      description: 'Exercise step goals, one or more, distinct',
    }),
    bpm: BpmSchema,
    goalChoices: Type.Array(ExerciseGoalSchema, {
      minItems: 1,
      maxItems: exerciseGoalNames.length,
      uniqueItems: true,
      description: 'Exercise goals the client may choose from, one or more, distinct',
    }),
  },
  { additionalProperties: false, description: 'The next phase with its goals and BPM' },
);

/** See {@link PhaseChangeBodySchema}. */
export type PhaseChangeBody = Static<typeof PhaseChangeBodySchema>;
