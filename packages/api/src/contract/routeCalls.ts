import type { ServiceName } from '../services.ts';

// How each call of the contract is made: its service, method, path and whether it needs the
// session. This table is the one source of every path: the route table (routes.ts) spreads each
// entry and adds the schemas and the documentation; the API client calls from this table alone,
// so an app bundles the paths without TypeBox, the schemas or their prose.

/** The HTTP methods the contract uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How one call is made. */
export type RouteCall = {
  /** The service whose base path the route lives under (`/api/<service>`). */
  service: ServiceName;
  method: HttpMethod;
  /** Path relative to the service base, Fastify style (`/persons/:id`). */
  path: string;
  /** Whether a valid bearer access token is required. */
  auth: boolean;
};

/** Every call of every service by operation id (the keys of the route table). */
export const routeCalls = {
  login: { service: 'auth', method: 'POST', path: '/login', auth: false },
  currentSession: { service: 'auth', method: 'GET', path: '/session/current', auth: true },
  logout: { service: 'auth', method: 'POST', path: '/session/logout', auth: false },
  refresh: { service: 'auth', method: 'POST', path: '/session/refresh', auth: false },
  listUsers: { service: 'auth', method: 'GET', path: '/users', auth: true },
  createInvite: { service: 'auth', method: 'POST', path: '/invites', auth: true },
  listInvites: { service: 'auth', method: 'GET', path: '/invites', auth: true },
  resendInvite: { service: 'auth', method: 'POST', path: '/invites/:id/resend', auth: true },
  withdrawInvite: { service: 'auth', method: 'DELETE', path: '/invites/:id', auth: true },
  checkInvite: { service: 'auth', method: 'POST', path: '/invites/check', auth: false },
  acceptInvite: { service: 'auth', method: 'POST', path: '/invites/accept', auth: false },
  requestPasswordReset: {
    service: 'auth',
    method: 'POST',
    path: '/passwordReset/request',
    auth: false,
  },
  verifyResetCode: {
    service: 'auth',
    method: 'POST',
    path: '/passwordReset/verifyCode',
    auth: false,
  },
  resetPassword: { service: 'auth', method: 'POST', path: '/passwordReset', auth: false },
  completeSecondStep: { service: 'auth', method: 'POST', path: '/login/second-step', auth: false },
  secondStepPasskeyOptions: {
    service: 'auth',
    method: 'POST',
    path: '/login/second-step/passkey/options',
    auth: false,
  },
  completeSecondStepWithPasskey: {
    service: 'auth',
    method: 'POST',
    path: '/login/second-step/passkey',
    auth: false,
  },
  passkeySignInOptions: {
    service: 'auth',
    method: 'POST',
    path: '/passkeys/sign-in/options',
    auth: false,
  },
  signInWithPasskey: { service: 'auth', method: 'POST', path: '/passkeys/sign-in', auth: false },
  listSignInMethods: { service: 'auth', method: 'GET', path: '/sign-in-methods', auth: true },
  passkeyRegistrationOptions: {
    service: 'auth',
    method: 'POST',
    path: '/passkeys/registration/options',
    auth: true,
  },
  addPasskey: { service: 'auth', method: 'POST', path: '/passkeys', auth: true },
  renamePasskey: { service: 'auth', method: 'PATCH', path: '/passkeys/:id', auth: true },
  removePasskey: { service: 'auth', method: 'DELETE', path: '/passkeys/:id', auth: true },
  startAuthenticatorEnrolment: {
    service: 'auth',
    method: 'POST',
    path: '/authenticator/enrolment',
    auth: true,
  },
  confirmAuthenticator: { service: 'auth', method: 'POST', path: '/authenticator', auth: true },
  removeAuthenticator: { service: 'auth', method: 'DELETE', path: '/authenticator', auth: true },
  regenerateRecoveryCodes: { service: 'auth', method: 'POST', path: '/recovery-codes', auth: true },
  confirmSecondFactor: {
    service: 'auth',
    method: 'POST',
    path: '/session/second-factor',
    auth: true,
  },
  secondFactorPasskeyOptions: {
    service: 'auth',
    method: 'POST',
    path: '/session/second-factor/passkey/options',
    auth: true,
  },
  confirmSecondFactorWithPasskey: {
    service: 'auth',
    method: 'POST',
    path: '/session/second-factor/passkey',
    auth: true,
  },
  confirmPassword: { service: 'auth', method: 'POST', path: '/session/password', auth: true },
  listSecurityEvents: { service: 'auth', method: 'GET', path: '/security-events', auth: true },
  endOtherSessions: {
    service: 'auth',
    method: 'POST',
    path: '/session/end-others',
    auth: true,
  },
  useSecurityLink: { service: 'auth', method: 'POST', path: '/security-link', auth: false },
  listPersons: { service: 'account', method: 'GET', path: '/persons', auth: true },
  getPerson: { service: 'account', method: 'GET', path: '/persons/:id', auth: true },
  updatePerson: { service: 'account', method: 'PUT', path: '/persons/:id', auth: true },
  getCoachSettings: { service: 'account', method: 'GET', path: '/coachSettings', auth: true },
  updateCoachSettings: { service: 'account', method: 'PUT', path: '/coachSettings', auth: true },
  setDetectedTimezone: {
    service: 'account',
    method: 'POST',
    path: '/coachSettings/detectedTimezone',
    auth: true,
  },
  getProfilePicture: {
    service: 'resource',
    method: 'GET',
    path: '/profilePicture/:id',
    auth: true,
  },
  putProfilePicture: {
    service: 'resource',
    method: 'PUT',
    path: '/profilePicture/:id',
    auth: true,
  },
  postDeviceMetrics: { service: 'device-metrics', method: 'POST', path: '/batches', auth: true },
  getJourney: { service: 'journey', method: 'GET', path: '/clients/:clientId/journey', auth: true },
  startNextPhase: {
    service: 'journey',
    method: 'POST',
    path: '/clients/:clientId/phase',
    auth: true,
  },
  getCalendar: {
    service: 'calendar',
    method: 'GET',
    path: '/clients/:clientId/events',
    auth: true,
  },
  submitReflection: { service: 'survey', method: 'POST', path: '/reflections', auth: true },
  submitAssessment: { service: 'survey', method: 'POST', path: '/assessments', auth: true },
  listReflections: {
    service: 'survey',
    method: 'GET',
    path: '/clients/:clientId/reflections',
    auth: true,
  },
  listAssessments: {
    service: 'survey',
    method: 'GET',
    path: '/clients/:clientId/assessments',
    auth: true,
  },
  recordExercise: { service: 'exercise', method: 'POST', path: '/exercises', auth: true },
  listExercises: {
    service: 'exercise',
    method: 'GET',
    path: '/clients/:clientId/exercises',
    auth: true,
  },
  getExercise: {
    service: 'exercise',
    method: 'GET',
    path: '/clients/:clientId/exercises/:exerciseId',
    auth: true,
  },
  listClientSummaries: { service: 'analytics', method: 'GET', path: '/clients', auth: true },
  getClientProfileSummary: {
    service: 'analytics',
    method: 'GET',
    path: '/clients/:clientId/profile',
    auth: true,
  },
  getClientSeries: {
    service: 'analytics',
    method: 'GET',
    path: '/clients/:clientId/series',
    auth: true,
  },
  getClientActivity: {
    service: 'analytics',
    method: 'GET',
    path: '/clients/:clientId/activity',
    auth: true,
  },
  createClientReport: {
    service: 'resource',
    method: 'POST',
    path: '/clients/:clientId/reports',
    auth: true,
  },
  listClientReports: {
    service: 'resource',
    method: 'GET',
    path: '/clients/:clientId/reports',
    auth: true,
  },
  getClientReport: {
    service: 'resource',
    method: 'GET',
    path: '/clients/:clientId/reports/:reportId',
    auth: true,
  },
  deleteClientReport: {
    service: 'resource',
    method: 'DELETE',
    path: '/clients/:clientId/reports/:reportId',
    auth: true,
  },
  streamLiveEvents: { service: 'analytics', method: 'GET', path: '/events', auth: true },
  listClientCoachActions: {
    service: 'analytics',
    method: 'GET',
    path: '/clients/:clientId/coachActions',
    auth: true,
  },
  listClientEpisodes: {
    service: 'analytics',
    method: 'GET',
    path: '/clients/:clientId/episodes',
    auth: true,
  },
  markClientReviewed: {
    service: 'analytics',
    method: 'PUT',
    path: '/clients/:clientId/review',
    auth: true,
  },
  unmarkClientReviewed: {
    service: 'analytics',
    method: 'DELETE',
    path: '/clients/:clientId/review',
    auth: true,
  },
  listMessages: {
    service: 'messaging',
    method: 'GET',
    path: '/clients/:clientId/messages',
    auth: true,
  },
  sendMessage: {
    service: 'messaging',
    method: 'POST',
    path: '/clients/:clientId/messages',
    auth: true,
  },
  markMessagesRead: {
    service: 'messaging',
    method: 'POST',
    path: '/clients/:clientId/messages/read',
    auth: true,
  },
  deleteMessage: {
    service: 'messaging',
    method: 'DELETE',
    path: '/clients/:clientId/messages/:messageId',
    auth: true,
  },
  listUnreadCounts: { service: 'messaging', method: 'GET', path: '/unread', auth: true },
  getQuickReplies: { service: 'messaging', method: 'GET', path: '/quickReplies', auth: true },
  updateQuickReplies: { service: 'messaging', method: 'PUT', path: '/quickReplies', auth: true },
  listNotes: { service: 'notes', method: 'GET', path: '/clients/:clientId/notes', auth: true },
  writeNote: { service: 'notes', method: 'POST', path: '/clients/:clientId/notes', auth: true },
  editNote: {
    service: 'notes',
    method: 'PATCH',
    path: '/clients/:clientId/notes/:noteId',
    auth: true,
  },
  deleteNote: {
    service: 'notes',
    method: 'DELETE',
    path: '/clients/:clientId/notes/:noteId',
    auth: true,
  },
  getFollowUp: { service: 'notes', method: 'GET', path: '/clients/:clientId/followUp', auth: true },
  setFollowUp: { service: 'notes', method: 'PUT', path: '/clients/:clientId/followUp', auth: true },
  endFollowUp: {
    service: 'notes',
    method: 'POST',
    path: '/clients/:clientId/followUp/end',
    auth: true,
  },
} as const satisfies Record<string, RouteCall>;

/** The operation ids of {@link routeCalls}. */
export type RouteCallName = keyof typeof routeCalls;

/** Fills the `:name` parameters of a route path (URI-encoded). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
