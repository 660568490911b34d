// The shapes the rules read and return, as plain types: the contract's schemas describe the same
// shapes on the wire, and the contract holds a compile-time check that each of its static types
// equals the shape here (contract/domainShapes.ts in the api package), so the two cannot drift.
import type { IndicatorBasis } from './values/analyticsValues.ts';
import type { JourneyStep } from './values/journeyValues.ts';

/** completed / scheduled in the current phase. */
export type CompletionCount = { completed: number; scheduled: number };

/** One daily indicator averaged over a phase, with its lagging flag and its run of low days. */
export type IndicatorFigure = { value: number | null; lagging: boolean; lowDays: number };

/** Daily indicators averaged over a phase (see `basis`). */
export type PhaseIndicators = {
  basis: IndicatorBasis;
  phase: JourneyStep;
  productivity: IndicatorFigure;
  mental: IndicatorFigure;
  physical: IndicatorFigure;
};

/** A client's journey progress as the clients list shows it. */
export type JourneyProgress = {
  step: JourneyStep;
  currentDay: number;
  startDate: string;
  journeyStartDate: string;
};

/** A client's app use over the last 48 h. */
export type EngagementFigures = {
  hours: number;
  hoursLast24h: number;
  ratio: number;
  lastConnectedAt: string | null;
};

/** What a journey says of the next phase. */
export type NextPhase = {
  nextPhasePlanned: boolean;
  nextPhase: JourneyStep | null;
  nextPhaseMessage: string | null;
};

/** The measures taken before or after an exercise; each may be missing (no sensor reading). */
export type ExerciseMeasures = {
  hrv1?: number;
  hrv2?: number;
  pulseRate?: number;
  respiratoryRate?: number;
};
