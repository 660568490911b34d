import { limits } from '@coach/domain';
import { type Static, Type } from 'typebox';

/**
 * Every error code the services answer in the `error` field of an {@link ApiErrorBody}, with the
 * one HTTP status each comes with. The server's tests fail on any error answer whose code is not
 * here or whose status differs, so this list is the catalogue a client can rely on.
 */
export const errorStatuses = {
  // 400: the request is malformed or breaks a rule of its own.
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 400,
  invalid_request: 400,
  invalid_range: 400,
  invalid_batch: 400,
  invalid_phase: 400,
  invalid_timezone: 400,
  wrong_code: 400,
  /** The password entered again (a step-up) is not the account's. */
  wrong_password: 400,
  invite_expired: 400,
  // 401: who is calling is not established.
  unauthorized: 401,
  invalid_credentials: 401,
  /** Sign-in needs the code mailed to the account as well (its failures went past a threshold). */
  sign_in_code_required: 401,
  invalid_token: 401,
  invalid_refresh_token: 401,
  /** The sign-in's second step is unknown, used or over (5 minutes): sign in again. */
  second_step_expired: 401,
  token_expired: 401,
  /** Made by the client when the session can not be renewed (never sent by the server). */
  session_expired: 401,
  // 403: the caller may not do this.
  forbidden: 403,
  invalid_user_type: 403,
  /** Removing a factor, turning codes off, or changing the password or email: confirm a second factor first. */
  second_factor_needed: 403,
  /** Adding a factor (an account without one): enter the password again first. */
  password_needed: 403,
  /** REQUIRE_MFA: this session enrols a passkey or an authenticator app before anything else. */
  second_factor_enrolment_required: 403,
  // 404: nothing the caller may reach by that address.
  not_found: 404,
  invite_not_found: 404,
  // 409: the state of things refuses it.
  /** The client's name for a 409 without a known code. */
  conflict: 409,
  already_registered: 409,
  already_invited: 409,
  invite_used: 409,
  no_phase_planned: 409,
  not_next_phase: 409,
  outside_window: 409,
  wrong_survey_type: 409,
  window_completed: 409,
  assessment_final: 409,
  id_conflict: 409,
  /** A message can be deleted only within a few minutes of sending it. */
  delete_window_passed: 409,
  /** A note can be edited only within a day of writing it. */
  edit_window_passed: 409,
  /** The account has the most passkeys it may keep, or the authenticator app is on already. */
  factor_limit_reached: 409,
  /** REQUIRE_MFA: the account's last second factor stays. */
  last_second_factor: 409,
  // Bodies and files.
  /** The request's body came too slowly: the connection was closed. */
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unsupported_image: 415,
  image_too_large: 422,
  rate_limited: 429,
  // The server's side.
  internal_error: 500,
  mail_failed: 503,
  /** The server's workers for a heavy task (report rendering) are all taken: try after Retry-After. */
  server_busy: 503,
  /**
   * The database is unavailable for a moment (stopped, restarting, full): try after Retry-After.
   * Also the client's name for a 503 without a known code.
   */
  service_unavailable: 503,
} as const;

/** A code of {@link errorStatuses}. */
export type ServerErrorCode = keyof typeof errorStatuses;

/** Whether `code` is one of the catalogue's codes. */
export function isServerErrorCode(code: unknown): code is ServerErrorCode {
  return typeof code === 'string' && Object.hasOwn(errorStatuses, code);
}

/**
 * The known error codes; the client adds `network_error` (no answer) and `aborted` (the caller
 * aborted the call), both with status 0.
 */
export type ErrorCode = ServerErrorCode | 'network_error' | 'aborted';

/** Every known error code, the server's and the client's. */
export const errorCodes = [
  ...Object.keys(errorStatuses),
  'network_error',
  'aborted',
] as ErrorCode[];

/** The body of every error answer: a stable machine code and a text for people. */
export const ApiErrorBodySchema = Type.Object(
  {
    error: Type.String({
      maxLength: 64,
      description: 'Machine-readable error code, e.g. invalid_credentials',
    }),
    message: Type.String({
      maxLength: limits.errorMessageMaxLength,
      description: 'Human-readable explanation',
    }),
  },
  { description: 'Error answer' },
);

/** See {@link ApiErrorBodySchema}. */
export type ApiErrorBody = Static<typeof ApiErrorBodySchema>;
