// The domain's plain shapes (packages/domain/src/shapes.ts) are what the rules read and return;
// the schemas here describe the same shapes on the wire. These checks fail the type check when
// the two drift apart, and tie the domain's refusal codes to the error catalogue.
import type {
  ClientReview as DomainClientReview,
  CompletionCount as DomainCompletionCount,
  ExerciseMeasures as DomainExerciseMeasures,
  IndicatorFigure as DomainIndicatorFigure,
  EngagementFigures,
  JourneyProgress,
  NextPhase,
  PhaseChangeErrorCode,
  PhaseIndicators,
} from '@coach/domain';
import { phaseChangeErrorCodes } from '@coach/domain';
import type { ClientSummary, CompletionCount, IndicatorFigure } from './analytics.ts';
import type { ClientReview } from './clientReviews.ts';
import type { ServerErrorCode } from './errorCatalogue.ts';
import type { ExerciseMeasures } from './exercise.ts';
import type { Journey } from './journey.ts';

/** True when A and B are the same type (each assignable to the other, no `any`). */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Each line fails to compile when a wire shape and its domain shape differ. */
export const domainShapesMatch = {
  completionCount: true satisfies Same<CompletionCount, DomainCompletionCount>,
  indicatorFigure: true satisfies Same<IndicatorFigure, DomainIndicatorFigure>,
  phaseIndicators: true satisfies Same<ClientSummary['indicators'], PhaseIndicators>,
  journeyProgress: true satisfies Same<ClientSummary['journey'], JourneyProgress>,
  engagement: true satisfies Same<ClientSummary['engagement'], EngagementFigures>,
  nextPhase: true satisfies Same<
    Pick<Journey, 'nextPhasePlanned' | 'nextPhase' | 'nextPhaseMessage'>,
    NextPhase
  >,
  exerciseMeasures: true satisfies Same<ExerciseMeasures, DomainExerciseMeasures>,
  clientReview: true satisfies Same<ClientReview, DomainClientReview>,
} as const;

/** The domain's refusal of a phase change answers with a code of the catalogue. */
export const phaseChangeErrorCatalogue = phaseChangeErrorCodes satisfies Record<
  PhaseChangeErrorCode,
  ServerErrorCode
>;
