export type { HttpMethod, RouteDefinition } from './routeDefinition.ts';

import {
  PersonListSchema,
  PersonSchema,
  PersonsQuerySchema,
  UpdatePersonBodySchema,
} from './account.ts';
import { analyticsRoutes } from './analytics.ts';
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
  PasswordResetRequestBodySchema,
  RefreshBodySchema,
  UserListSchema,
  UserSchema,
  VerifyResetCodeBodySchema,
  VerifyResetCodeResponseSchema,
} from './auth.ts';
import { calendarRoutes } from './calendar.ts';
import { coachActionRoutes } from './coachActions.ts';
import {
  EmptySchema,
  IdParamsSchema,
  limits,
  profilePictureContentTypes,
  TokensSchema,
} from './common.ts';
import {
  DeviceMetricsBatchBodySchema,
  DeviceMetricsBatchResultSchema,
  maxBatchBodyBytes,
} from './deviceMetrics.ts';
import { exerciseRoutes } from './exercise.ts';
import { ClientIdParamsSchema, JourneySchema, PhaseChangeBodySchema } from './journey.ts';
import { BinarySchema, ProfilePictureQuerySchema, UploadedPictureSchema } from './resource.ts';
import { reportRoutes } from './reports.ts';
import {
  errors,
  NoContentSchema,
  NotModifiedSchema,
  type RouteDefinition,
} from './routeDefinition.ts';
import { surveyRoutes } from './survey.ts';

/**
 * Every call of every service. The server iterates it to register its
 * routes with validation and to generate the OpenAPI document; the key is the operation id.
 */
export const routes = {
  login: {
    service: 'auth',
    method: 'POST',
    path: '/login',
    summary: 'Sign in with email and password',
    auth: false,
    body: LoginBodySchema,
    response: { 200: TokensSchema, ...errors(400, 401, 429) },
  },
  currentSession: {
    service: 'auth',
    method: 'GET',
    path: '/session/current',
    summary: 'The signed-in user',
    auth: true,
    response: { 200: UserSchema, ...errors(401) },
  },
  logout: {
    service: 'auth',
    method: 'POST',
    path: '/session/logout',
    summary: 'Sign out: revoke the refresh token (and the session of the bearer token, if any)',
    auth: false,
    body: LogoutBodySchema,
    response: { 204: NoContentSchema, ...errors(400) },
  },
  refresh: {
    service: 'auth',
    method: 'POST',
    path: '/session/refresh',
    summary: 'Exchange a refresh token for new tokens (the refresh token rotates)',
    auth: false,
    body: RefreshBodySchema,
    response: { 200: TokensSchema, ...errors(400, 401, 429) },
  },
  listUsers: {
    service: 'auth',
    method: 'GET',
    path: '/users',
    summary: 'The users the caller may see (a coach: self and own clients)',
    auth: true,
    response: { 200: UserListSchema, ...errors(401) },
  },
  createInvite: {
    service: 'auth',
    method: 'POST',
    path: '/invites',
    summary: 'Invite a client by email (a pending invite is resent, not duplicated)',
    auth: true,
    body: CreateInviteBodySchema,
    response: { 201: InviteSchema, ...errors(400, 401, 403, 409, 429, 503) },
  },
  listInvites: {
    service: 'auth',
    method: 'GET',
    path: '/invites',
    summary: "The caller's pending invites (expired ones included), most recently sent first",
    auth: true,
    response: { 200: InviteListSchema, ...errors(401, 403) },
  },
  resendInvite: {
    service: 'auth',
    method: 'POST',
    path: '/invites/:id/resend',
    summary: 'Mail a pending invite again with a new link and a new expiry (the old link stops)',
    auth: true,
    params: IdParamsSchema,
    response: { 200: InviteSchema, ...errors(400, 401, 403, 404, 429, 503) },
  },
  withdrawInvite: {
    service: 'auth',
    method: 'DELETE',
    path: '/invites/:id',
    summary: 'Withdraw a pending invite: its link stops working',
    auth: true,
    params: IdParamsSchema,
    response: { 204: NoContentSchema, ...errors(400, 401, 403, 404) },
  },
  checkInvite: {
    service: 'auth',
    method: 'POST',
    path: '/invites/check',
    summary: 'Tell whether an invite link is live (and for whom) without using it',
    auth: false,
    body: InviteTokenBodySchema,
    response: { 200: InviteCheckSchema, ...errors(400, 404, 409, 429) },
  },
  acceptInvite: {
    service: 'auth',
    method: 'POST',
    path: '/invites/accept',
    summary: 'Accept an invite: set a password and a name, and sign in',
    auth: false,
    body: AcceptInviteBodySchema,
    response: { 200: TokensSchema, ...errors(400, 404, 409, 429) },
  },
  requestPasswordReset: {
    service: 'auth',
    method: 'POST',
    path: '/passwordReset/request',
    summary: 'Mail a 6-digit reset code (answers the same for unknown emails)',
    auth: false,
    body: PasswordResetRequestBodySchema,
    response: { 202: EmptySchema, ...errors(400, 429) },
  },
  verifyResetCode: {
    service: 'auth',
    method: 'POST',
    path: '/passwordReset/verifyCode',
    summary: 'Check a reset code without using it',
    auth: false,
    body: VerifyResetCodeBodySchema,
    response: { 200: VerifyResetCodeResponseSchema, ...errors(400, 429) },
  },
  resetPassword: {
    service: 'auth',
    method: 'POST',
    path: '/passwordReset',
    summary: 'Set a new password with a reset code and sign in',
    auth: false,
    body: PasswordResetBodySchema,
    response: { 200: TokensSchema, ...errors(400, 429) },
  },
  listPersons: {
    service: 'account',
    method: 'GET',
    path: '/persons',
    summary: "Profiles the caller may see (own and, for a coach, the clients'), by userId",
    auth: true,
    query: PersonsQuerySchema,
    response: { 200: PersonListSchema, ...errors(400, 401) },
  },
  getPerson: {
    service: 'account',
    method: 'GET',
    path: '/persons/:id',
    summary: 'One profile (404 for anyone the caller may not see)',
    auth: true,
    params: IdParamsSchema,
    response: { 200: PersonSchema, ...errors(400, 401, 404) },
  },
  updatePerson: {
    service: 'account',
    method: 'PUT',
    path: '/persons/:id',
    summary: 'Store the full profile (only your own)',
    auth: true,
    params: IdParamsSchema,
    body: UpdatePersonBodySchema,
    response: { 200: PersonSchema, ...errors(400, 401, 403, 404) },
  },
  getProfilePicture: {
    service: 'resource',
    method: 'GET',
    path: '/profilePicture/:id',
    summary:
      "A profile picture, for whoever may see the person (themself, their coach, a coach's " +
      'clients): with a bearer token, or through the signed URL the answers carrying it give',
    auth: true,
    params: IdParamsSchema,
    query: ProfilePictureQuerySchema,
    responseContentTypes: profilePictureContentTypes,
    response: { 200: BinarySchema, 304: NotModifiedSchema, ...errors(400, 401, 404) },
  },
  putProfilePicture: {
    service: 'resource',
    method: 'PUT',
    path: '/profilePicture/:id',
    summary: 'Upload your profile picture (PNG, JPEG or WebP, at most 7 MB)',
    auth: true,
    params: IdParamsSchema,
    requestContentTypes: profilePictureContentTypes,
    bodyLimit: limits.profilePictureMaxBytes,
    response: { 200: UploadedPictureSchema, ...errors(400, 401, 403, 413, 415, 422) },
  },
  postDeviceMetrics: {
    service: 'device-metrics',
    method: 'POST',
    path: '/batches',
    summary: "A client's device samples and app-usage sessions (idempotent by their ids)",
    auth: true,
    body: DeviceMetricsBatchBodySchema,
    bodyLimit: maxBatchBodyBytes,
    response: { 200: DeviceMetricsBatchResultSchema, ...errors(400, 401, 403, 413) },
  },
  getJourney: {
    service: 'journey',
    method: 'GET',
    path: '/clients/:clientId/journey',
    summary: "A client's journey (the coach's own clients, or a client's own)",
    auth: true,
    params: ClientIdParamsSchema,
    response: { 200: JourneySchema, ...errors(400, 401, 404) },
  },
  startNextPhase: {
    service: 'journey',
    method: 'POST',
    path: '/clients/:clientId/phase',
    summary: "Start a client's next journey phase (their coach only; irreversible)",
    auth: true,
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
} as const satisfies Record<string, RouteDefinition>;

/** The operation ids of {@link routes}. */
export type RouteName = keyof typeof routes;

/** The OpenAPI form of a route path: `/persons/:id` becomes `/persons/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Fills the `:name` parameters of a route path (URI-encoded). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
