// The analytics service's plain values without schemas: the app and the rules use them without
// TypeBox. analytics.ts builds the schemas on them.
import { maxRangeDays } from './calendarValues.ts';

/** Activity kinds of the history, newest first (requirements R3.8). */
export const activityKindNames = ['assessment', 'reflection', 'exercise'] as const;
/** An activity kind. */
export type ActivityKind = (typeof activityKindNames)[number];
/** Most items one activity page holds; the default is 20. */
export const maxActivityPageSize = 100;
/** An indicator under this percentage is lagging (one at it is not). */
export const laggingLimitPercent = 70;
/** The longest run of low days an indicator figure counts (`lowDays`): a year and a day. */
export const maxLowDays = maxRangeDays;
/** Hours of app use in 48 h that fill the engagement bar (`ratio` 1). */
export const engagementFullHours = 10;
/**
 * What the indicator averages are over: the current phase, or (in a phase without reflection
 * windows: grow) the last phase that had them.
 */
export const indicatorBasisNames = ['currentPhase', 'previousPhase'] as const;
/** See {@link indicatorBasisNames}. */
export type IndicatorBasis = (typeof indicatorBasisNames)[number];
