export { type AccountClient, createAccountClient } from './client/account.ts';
export { type AnalyticsClient, createAnalyticsClient } from './client/analytics.ts';
export { type AuthClient, createAuthClient } from './client/auth.ts';
export { type CalendarClient, createCalendarClient } from './client/calendar.ts';
export { createDeviceMetricsClient, type DeviceMetricsClient } from './client/deviceMetrics.ts';
export {
  ApiError,
  type ApiErrorCode,
  codeForStatus,
  isApiError,
  toApiError,
} from './client/errors.ts';
export { createExerciseClient, type ExerciseClient } from './client/exercise.ts';
export { type CoachApi, type CoachApiOptions, createCoachApi } from './client/index.ts';
export { createJourneyClient, type JourneyClient } from './client/journey.ts';
export { type RefreshLock, refreshLockName } from './client/refreshLock.ts';
export type {
  QueryValues,
  RequestOptions,
  ResponseFormat,
  ServiceRequest,
} from './client/request.ts';
export { createResourceClient, type ImageBody, type ResourceClient } from './client/resource.ts';
export { createSurveyClient, type SurveyClient } from './client/survey.ts';
export * from './contract/index.ts';
export {
  type ActivityKey,
  type ActivityPageOf,
  compareNewestFirst,
  decodeActivityCursor,
  encodeActivityCursor,
  pageNewestFirst,
} from './rules/activityPage.ts';
export { ageOn } from './rules/age.ts';
export { completionCount, phaseCompletion } from './rules/completion.ts';
export {
  type EffectInput,
  type EffectMeasures,
  effectComponentCap,
  effectLevel,
  effectLevelForScore,
  effectScore,
  effectThresholds,
  effectWeights,
  measuresOf,
} from './rules/effect.ts';
export {
  type Engagement,
  engagement,
  engagementBar,
  engagementWindowHours,
  type Interval,
  mergeIntervals,
  recentUseWindowHours,
  type UsageSession,
} from './rules/engagement.ts';
export {
  indicatorDecimals,
  indicatorPhaseOf,
  isLagging,
  lowDayCount,
  type PhaseIndicatorSums,
  type PhaseIndicators,
  phaseIndicatorAverage,
  phaseIndicatorFigure,
  phaseIndicators,
  type RecentDailyIndicators,
} from './rules/indicators.ts';
export {
  type InviteRefusal,
  inviteAccountExistsMessage,
  inviteExpiry,
  inviteMessages,
  inviteRefusal,
  inviteTtlSeconds,
} from './rules/invites.ts';
export {
  currentStepDay,
  isStepDone,
  nextPhaseOf,
  nextStep,
  type PhaseChangeError,
  type PhaseChangeErrorCode,
  type PhaseChangeInput,
  type PhaseChangeRequest,
  type PhaseChangeResult,
  type PlannedPhaseChange,
  phaseChangeErrorCodes,
  planPhaseChange,
  preferredStepLengthDays,
  stepCompletionPercent,
} from './rules/journey.ts';
export {
  type Attention,
  type AttentionCategory,
  type AttentionInput,
  type AttentionReason,
  attentionOf,
  compareAttention,
  lowEngagementHours,
  noDataAfterHours,
} from './rules/needsAttention.ts';
export { fullName, looksLikeLink, mailSafeName, oneLineName } from './rules/personName.ts';
export { type PersonViewer, personViewFor } from './rules/personView.ts';
export {
  isLivePictureExpiry,
  isSignedPictureQuery,
  pictureUrlBucketSeconds,
  pictureUrlMaxLifeSeconds,
  signedPictureExpiry,
  signedPicturePathOf,
} from './rules/pictureUrls.ts';
export {
  type DateRange,
  type DateRangeRefusal,
  dateRangeError,
  earlierDate,
  laterDate,
} from './rules/range.ts';
export { roundTo } from './rules/rounding.ts';
export {
  type CalendarRequest,
  type ExerciseSlot,
  eventsOfDay,
  exerciseSchedules,
  generateCalendarEvents,
  hasReflections,
  maxCalendarDays,
  type PlannedCalendarEvent,
  plannedEvents,
  type ReflectionWindow,
  reflectionWindows,
  type ScheduledCounts,
  scheduledActionsDue,
  stepAssessment,
  wholeStepScheduled,
} from './rules/schedule.ts';
export { type SeriesScheduleRequest, scheduledByDate } from './rules/series.ts';
export { type StepStart, sortStepStarts, stepOfDate } from './rules/stepStarts.ts';
export { canonicalTimeZone } from './rules/timeZone.ts';
export {
  addDays,
  daysBetween,
  localDateOf,
  parseLocalDate,
  utcOffsetMinutes,
  zonedLocalToUtc,
} from './rules/zonedTime.ts';
export {
  defaultServiceBaseUrls,
  type ServiceBaseUrls,
  type ServiceName,
  serviceNames,
} from './services.ts';
export {
  createLocalStorageTokenStore,
  createMemoryTokenStore,
  type TokenStorage,
  type TokenStore,
  tokenStorageKeys,
} from './tokens.ts';
