export type { RouteDefinition } from './routeDefinition.ts';

import { limits, profilePictureContentTypes } from '@coach/domain';
import {
  CoachSettingsSchema,
  DetectedTimezoneBodySchema,
  PersonListSchema,
  PersonSchema,
  PersonsQuerySchema,
  PersonViewSchema,
  UpdateCoachSettingsBodySchema,
  UpdatePersonBodySchema,
} from './account.ts';
import { accountSecurityRoutes } from './accountSecurity.ts';
import { analyticsRoutes } from './analytics.ts';
import { attentionEpisodeRoutes } from './attentionEpisodes.ts';
import {
  AcceptInviteBodySchema,
  CreateInviteBodySchema,
  InviteCheckSchema,
  InviteListSchema,
  InviteSchema,
  InviteTokenBodySchema,
  LoginBodySchema,
  LogoutBodySchema,
  PasswordResetBodySchema,
  PasswordResetRequestAnswerSchema,
  PasswordResetRequestBodySchema,
  RefreshBodySchema,
  UserListSchema,
  UserSchema,
  VerifyResetCodeBodySchema,
  VerifyResetCodeResponseSchema,
} from './auth.ts';
import { calendarRoutes } from './calendar.ts';
import { clientReviewRoutes } from './clientReviews.ts';
import { coachActionRoutes } from './coachActions.ts';
import {
  DeviceMetricsBatchBodySchema,
  DeviceMetricsBatchResultSchema,
  maxBatchBodyBytes,
} from './deviceMetrics.ts';
import { exerciseRoutes } from './exercise.ts';
import { IdParamsSchema } from './ids.ts';
import { ClientIdParamsSchema, JourneySchema, PhaseChangeBodySchema } from './journey.ts';
import { liveEventRoutes } from './liveEvents.ts';
import { messagingRoutes } from './messaging.ts';
import { notesRoutes } from './notes.ts';
import { reportRoutes } from './reports.ts';
import { BinarySchema, ProfilePictureQuerySchema, UploadedPictureSchema } from './resource.ts';
import { type RouteCallName, routeCalls } from './routeCalls.ts';
import {
  errors,
  NoContentSchema,
  NotModifiedSchema,
  type RouteDefinition,
} from './routeDefinition.ts';
import { TokensSchema } from './sessionTokens.ts';
import { SecondStepSchema, signInFactorRoutes } from './signInFactors.ts';
import { surveyRoutes } from './survey.ts';

/**
 * Every call of every service. The server iterates it to register its
 * routes with validation and to generate the OpenAPI document; the key is the operation id.
 * Each route spreads its entry of {@link routeCalls} (service, method, path, auth) and adds its
 * schemas and summary.
 */
export const routes = {
  login: {
    ...routeCalls.login,
    summary:
      'Sign in with email and password (202: a second step comes next, for an account with a second factor)',
    body: LoginBodySchema,
    response: { 200: TokensSchema, 202: SecondStepSchema, ...errors(400, 401, 429) },
  },
  currentSession: {
    ...routeCalls.currentSession,
    summary: 'The signed-in user',
    response: { 200: UserSchema, ...errors(401) },
  },
  logout: {
    ...routeCalls.logout,
    summary: 'Sign out: revoke the refresh token (and the session of the bearer token, if any)',
    body: LogoutBodySchema,
    response: { 204: NoContentSchema, ...errors(400) },
  },
  refresh: {
    ...routeCalls.refresh,
    summary: 'Exchange a refresh token for new tokens (the refresh token rotates)',
    body: RefreshBodySchema,
    response: { 200: TokensSchema, ...errors(400, 401, 429) },
  },
  listUsers: {
    ...routeCalls.listUsers,
    summary: 'The users the caller may see (a coach: self and own clients)',
    response: { 200: UserListSchema, ...errors(401) },
  },
  createInvite: {
    ...routeCalls.createInvite,
    summary: 'Invite a client by email (a pending invite is resent, not duplicated)',
    body: CreateInviteBodySchema,
    response: { 201: InviteSchema, ...errors(400, 401, 403, 409, 429, 503) },
  },
  listInvites: {
    ...routeCalls.listInvites,
    summary: "The caller's pending invites (expired ones included), most recently sent first",
    response: { 200: InviteListSchema, ...errors(401, 403) },
  },
  resendInvite: {
    ...routeCalls.resendInvite,
    summary: 'Mail a pending invite again with a new link and a new expiry (the old link stops)',
    params: IdParamsSchema,
    response: { 200: InviteSchema, ...errors(400, 401, 403, 404, 429, 503) },
  },
  withdrawInvite: {
    ...routeCalls.withdrawInvite,
    summary: 'Withdraw a pending invite: its link stops working',
    params: IdParamsSchema,
    response: { 204: NoContentSchema, ...errors(400, 401, 403, 404) },
  },
  checkInvite: {
    ...routeCalls.checkInvite,
    summary: 'Tell whether an invite link is live (and for whom) without using it',
    body: InviteTokenBodySchema,
    response: { 200: InviteCheckSchema, ...errors(400, 404, 409, 429) },
  },
  acceptInvite: {
    ...routeCalls.acceptInvite,
    summary: 'Accept an invite: set a password and a name, and sign in',
    body: AcceptInviteBodySchema,
    response: { 200: TokensSchema, ...errors(400, 404, 409, 429) },
  },
  requestPasswordReset: {
    ...routeCalls.requestPasswordReset,
    summary: 'Mail a 6-digit reset code (answers the same for unknown emails)',
    body: PasswordResetRequestBodySchema,
    response: { 202: PasswordResetRequestAnswerSchema, ...errors(400, 429) },
  },
  verifyResetCode: {
    ...routeCalls.verifyResetCode,
    summary: 'Check a reset code without using it',
    body: VerifyResetCodeBodySchema,
    response: { 200: VerifyResetCodeResponseSchema, ...errors(400, 429) },
  },
  resetPassword: {
    ...routeCalls.resetPassword,
    summary: 'Set a new password with a reset code and sign in',
    body: PasswordResetBodySchema,
    response: { 200: TokensSchema, 202: SecondStepSchema, ...errors(400, 429) },
  },
  listPersons: {
    ...routeCalls.listPersons,
    summary: "Profiles the caller may see (own and, for a coach, the clients'), by userId",
    query: PersonsQuerySchema,
    response: { 200: PersonListSchema, ...errors(400, 401) },
  },
  getPerson: {
    ...routeCalls.getPerson,
    summary: 'One profile (404 for anyone the caller may not see)',
    params: IdParamsSchema,
    response: { 200: PersonViewSchema, ...errors(400, 401, 404) },
  },
  updatePerson: {
    ...routeCalls.updatePerson,
    summary: 'Store the full profile (only your own)',
    params: IdParamsSchema,
    body: UpdatePersonBodySchema,
    response: { 200: PersonSchema, ...errors(400, 401, 403, 404) },
  },
  getCoachSettings: {
    ...routeCalls.getCoachSettings,
    summary: "The signed-in coach's timezone and morning attention mail (403 for a client)",
    response: { 200: CoachSettingsSchema, ...errors(401, 403) },
  },
  updateCoachSettings: {
    ...routeCalls.updateCoachSettings,
    summary: "Store the signed-in coach's timezone and morning attention mail",
    body: UpdateCoachSettingsBodySchema,
    response: { 200: CoachSettingsSchema, ...errors(400, 401, 403) },
  },
  setDetectedTimezone: {
    ...routeCalls.setDetectedTimezone,
    summary:
      "Store the browser's timezone as the coach's, only while the coach has none (first sign-in)",
    body: DetectedTimezoneBodySchema,
    response: { 200: CoachSettingsSchema, ...errors(400, 401, 403) },
  },
  getProfilePicture: {
    ...routeCalls.getProfilePicture,
    summary:
      "A profile picture, for whoever may see the person (themself, their coach, a coach's " +
      'clients): with a bearer token, or through the signed URL the answers carrying it give',
    params: IdParamsSchema,
    query: ProfilePictureQuerySchema,
    responseContentTypes: profilePictureContentTypes,
    // 429 and 503: too many large answers under way, for the address or in all.
    response: {
      200: BinarySchema,
      304: NotModifiedSchema,
      ...errors(400, 401, 404, 429, 503),
    },
  },
  putProfilePicture: {
    ...routeCalls.putProfilePicture,
    summary: 'Upload your profile picture (PNG, JPEG or WebP, at most 7 MB)',
    params: IdParamsSchema,
    requestContentTypes: profilePictureContentTypes,
    bodyLimit: limits.profilePictureMaxBytes,
    response: { 200: UploadedPictureSchema, ...errors(400, 401, 403, 413, 415, 422) },
  },
  postDeviceMetrics: {
    ...routeCalls.postDeviceMetrics,
    summary: "A client's device samples and app-usage sessions (idempotent by their ids)",
    body: DeviceMetricsBatchBodySchema,
    bodyLimit: maxBatchBodyBytes,
    response: { 200: DeviceMetricsBatchResultSchema, ...errors(400, 401, 403, 413, 429) },
  },
  getJourney: {
    ...routeCalls.getJourney,
    summary: "A client's journey (the coach's own clients, or a client's own)",
    params: ClientIdParamsSchema,
    response: { 200: JourneySchema, ...errors(400, 401, 404) },
  },
  startNextPhase: {
    ...routeCalls.startNextPhase,
    summary: "Start a client's next journey phase (their coach only; irreversible)",
    params: ClientIdParamsSchema,
    body: PhaseChangeBodySchema,
    response: { 200: JourneySchema, ...errors(400, 401, 404, 409) },
  },
  ...calendarRoutes,
  ...surveyRoutes,
  ...exerciseRoutes,
  ...analyticsRoutes,
  ...reportRoutes,
  ...coachActionRoutes,
  ...clientReviewRoutes,
  ...attentionEpisodeRoutes,
  ...liveEventRoutes,
  ...messagingRoutes,
  ...notesRoutes,
  ...signInFactorRoutes,
  ...accountSecurityRoutes,
} as const satisfies Record<RouteCallName, RouteDefinition>;

/** The operation ids of {@link routes}. */
export type RouteName = keyof typeof routes;

/** The OpenAPI form of a route path: `/persons/:id` becomes `/persons/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
