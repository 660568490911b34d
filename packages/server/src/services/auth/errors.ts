/** Why an auth operation was refused; `routes.ts` maps each code to its HTTP status. */
export type AuthErrorCode =
  | 'invalid_credentials'
  | 'invalid_refresh_token'
  | 'wrong_code'
  | 'rate_limited'
  | 'forbidden'
  | 'already_registered'
  | 'already_invited'
  | 'invite_not_found'
  | 'invite_used'
  | 'invite_expired'
  | 'invalid_timezone'
  | 'unauthorized'
  | 'mail_failed';

/** A refusal the caller should see, with its words; never carries a secret. */
export class AuthError extends Error {
  readonly code: AuthErrorCode;
  /** For `rate_limited`: seconds until another attempt may succeed. */
  readonly retryAfterSeconds: number | undefined;
  constructor(code: AuthErrorCode, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'AuthError';
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
