export { type AccountClient, createAccountClient } from './client/account.ts';
export { type AnalyticsClient, createAnalyticsClient } from './client/analytics.ts';
export { type AuthClient, createAuthClient } from './client/auth.ts';
export type { BrowserPasskeys, WebAuthnJson } from './client/browserPasskeys.ts';
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
export { createMessagingClient, type MessagingClient } from './client/messaging.ts';
export { createNotesClient, type NotesClient } from './client/notes.ts';
export { type RefreshLock, refreshLockName } from './client/refreshLock.ts';
export type {
  QueryValues,
  RequestOptions,
  ResponseFormat,
  ServiceRequest,
} from './client/request.ts';
export { createResourceClient, type ImageBody, type ResourceClient } from './client/resource.ts';
export {
  createSignInFactorsClient,
  isSecondStep,
  type SignInFactorsClient,
  type TokensOrSecondStep,
} from './client/signInFactors.ts';
export { createSurveyClient, type SurveyClient } from './client/survey.ts';
export * from './contract/index.ts';
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
