import { routeCalls } from '../contract/routeCalls.ts';
import type { Tokens } from '../contract/sessionTokens.ts';
import { defaultServiceBaseUrls, type ServiceBaseUrls, type ServiceName } from '../services.ts';
import type { TokenStore } from '../tokens.ts';
import { type AccountClient, createAccountClient } from './account.ts';
import { type AnalyticsClient, createAnalyticsClient } from './analytics.ts';
import { type AuthClient, createAuthClient } from './auth.ts';
import { type CalendarClient, createCalendarClient } from './calendar.ts';
import { createDeviceMetricsClient, type DeviceMetricsClient } from './deviceMetrics.ts';
import { createExerciseClient, type ExerciseClient } from './exercise.ts';
import { createJourneyClient, type JourneyClient } from './journey.ts';
import { createMessagingClient, type MessagingClient } from './messaging.ts';
import { createNotesClient, type NotesClient } from './notes.ts';
import { defaultRefreshLock, type RefreshLock } from './refreshLock.ts';
import { createServiceRequest, isAuthRefreshPath, type ServiceRequest } from './request.ts';
import { createResourceClient, type ResourceClient } from './resource.ts';
import { createSession } from './session.ts';
import { createSurveyClient, type SurveyClient } from './survey.ts';

/** Options of {@link createCoachApi}. */
export type CoachApiOptions = {
  /** Base address of each service; missing ones default to `/api/<service>`. */
  baseURLs?: Partial<ServiceBaseUrls>;
  /** Where the tokens live (see `createLocalStorageTokenStore`). */
  tokens: TokenStore;
  /** Called once when the session cannot be renewed, after the tokens are cleared. */
  onSessionReset?: () => void;
  /**
   * Called when a call answers 403 `second_factor_enrolment_required` (REQUIRE_MFA: this session
   * may only enrol a second factor), before the call rejects.
   */
  onSecondFactorEnrolmentRequired?: () => void;
  /** The fetch to use (tests, stories); the global fetch by default. */
  fetch?: typeof globalThis.fetch;
  /**
   * Held around each refresh, so that tabs sharing the stored tokens never spend one refresh
   * token twice; the browser's Web Locks by default (none where they are missing).
   */
  refreshLock?: RefreshLock;
};

/**
 * The client of every platform service, sharing one session: one typed method per call of the
 * contract, plus each service's generic `request` for any other call.
 */
export type CoachApi = {
  auth: AuthClient;
  account: AccountClient;
  resource: ResourceClient;
  journey: JourneyClient;
  calendar: CalendarClient;
  survey: SurveyClient;
  exercise: ExerciseClient;
  analytics: AnalyticsClient;
  'device-metrics': DeviceMetricsClient;
  messaging: MessagingClient;
  notes: NotesClient;
  /** Renews the access token now (single flight with any refresh under way). */
  refreshSession(): Promise<string>;
  /** Clears the tokens and calls `onSessionReset`. */
  resetSession(): void;
};

/**
 * Creates the API client: one ofetch client per service, each call with the bearer access token
 * of the store; on a 401 one shared refresh, then each failed call retried once. Tabs over the
 * same stored tokens refresh one at a time: a tab that waited uses the tokens the other stored.
 */
export function createCoachApi(options: CoachApiOptions): CoachApi {
  const { tokens, onSessionReset, fetch } = options;
  const baseURLs: ServiceBaseUrls = { ...defaultServiceBaseUrls(), ...options.baseURLs };
  const requests = {} as Record<ServiceName, ServiceRequest>;

  const session = createSession({
    tokens,
    onSessionReset,
    refreshLock: options.refreshLock ?? defaultRefreshLock(),
    // The raw refresh call: the session itself handles its failure (one reset).
    exchangeRefreshToken: (refreshToken) =>
      requests.auth<Tokens>(routeCalls.refresh.path, {
        method: routeCalls.refresh.method,
        body: { refreshToken },
        auth: false,
      }),
  });

  const onEnrolmentRequired = options.onSecondFactorEnrolmentRequired;
  for (const name of Object.keys(baseURLs) as ServiceName[]) {
    requests[name] = createServiceRequest({
      baseURL: baseURLs[name],
      session,
      fetch,
      onEnrolmentRequired,
    });
  }
  // The public refresh path: any failure resets the session at once.
  const authRequest = createServiceRequest({
    baseURL: baseURLs.auth,
    session,
    fetch,
    isRefreshPath: isAuthRefreshPath,
    onEnrolmentRequired,
  });

  return {
    auth: createAuthClient(authRequest, tokens),
    account: createAccountClient(requests.account),
    resource: createResourceClient(requests.resource, baseURLs.resource),
    journey: createJourneyClient(requests.journey),
    calendar: createCalendarClient(requests.calendar),
    survey: createSurveyClient(requests.survey),
    exercise: createExerciseClient(requests.exercise),
    analytics: createAnalyticsClient(requests.analytics),
    'device-metrics': createDeviceMetricsClient(requests['device-metrics']),
    messaging: createMessagingClient(requests.messaging),
    notes: createNotesClient(requests.notes),
    refreshSession: session.refresh,
    resetSession: session.reset,
  };
}
