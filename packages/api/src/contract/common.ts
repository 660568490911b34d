import {
  coachLanguageMessage,
  dateBoundsPattern,
  dateOutOfBoundsMessage,
  isOneLineName,
  limits,
  messages,
  nameBreakingRanges,
  passwordCharacterLookaheads,
} from '@coach/domain';
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
  invite_expired: 400,
  // 401: who is calling is not established.
  unauthorized: 401,
  invalid_credentials: 401,
  /** Sign-in needs the code mailed to the account as well (its failures went past a threshold). */
  sign_in_code_required: 401,
  invalid_token: 401,
  invalid_refresh_token: 401,
  token_expired: 401,
  /** Made by the client when the session can not be renewed (never sent by the server). */
  session_expired: 401,
  // 403: the caller may not do this.
  forbidden: 403,
  invalid_user_type: 403,
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

/**
 * One character of client text: anything but NUL (and the `excluded` ranges of a field's own
 * rule), and a surrogate only as half of a pair. PostgreSQL can store neither a NUL nor a lone
 * surrogate (UTF-8 has no form for it), so both are refused at the door with a 400 instead of
 * failing in the database. Written so that it holds with and without the regexp `u` flag (Ajv and
 * TypeBox both compile with it).
 */
function textCharacter(excluded = ''): string {
  return `(?:[^\\u0000\\uD800-\\uDFFF${excluded}]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])`;
}

/** The end every text-rule pattern shares, by which a validation issue is recognised. */
const textPatternEnd = '|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$';

/**
 * The text rule as a JSON Schema `pattern`; `lookaheads` adds a field's own rule before it
 * (a name must not be blank, a password needs a digit...), since a schema holds one pattern, and
 * `excluded` the character ranges the field refuses besides (a name's line breaks).
 */
export function textPattern(lookaheads = '', excluded = ''): string {
  return `^${lookaheads}${textCharacter(excluded)}*$`;
}

/** Whether a text breaks the text rule (a NUL or a lone surrogate). */
export function breaksTextRule(text: string): boolean {
  return text.includes('\u0000') || /\p{Cs}/u.test(text);
}

/**
 * Free text from a client (names, notes, answers, tokens...): bounded by `maxLength` and held to
 * the text rule ({@link textPattern}). Every string a request carries is either this or a
 * stricter format (uuid, date, email, digits).
 */
export function FreeTextSchema(
  options: { maxLength: number; minLength?: number; description: string },
  lookaheads = '',
) {
  return Type.String({ ...options, pattern: textPattern(lookaheads) });
}

/** Identifier of any stored entity (a UUID). */
export const IdSchema = Type.String({ format: 'uuid', description: 'Identifier (UUID)' });

/** Path parameters `{ id }`. */
export const IdParamsSchema = Type.Object(
  { id: IdSchema },
  { description: 'The identifier in the path' },
);

/** See {@link IdParamsSchema}. */
export type IdParams = Static<typeof IdParamsSchema>;

/** An email address, trimmed (callers trim it before sending: see {@link normalizeEmail}). */
export const EmailSchema = Type.String({
  format: 'email',
  minLength: 1,
  maxLength: limits.emailMaxLength,
  description: 'Email address, trimmed',
});

/** A new password: 8+ characters with an uppercase letter, a lowercase letter and a digit (the domain's password rule). */
export const PasswordSchema = Type.String({
  minLength: limits.passwordMinLength,
  maxLength: limits.passwordMaxLength,
  pattern: textPattern(passwordCharacterLookaheads),
  description:
    '8+ characters with an uppercase letter, a lowercase letter (of any script) and a digit 0-9',
});

/** A password being checked at sign-in: only required (old passwords may predate the rules). */
export const LoginPasswordSchema = Type.String({
  minLength: 1,
  maxLength: limits.passwordMaxLength,
  pattern: textPattern(),
  description: 'The password',
});

/**
 * A first or last name: 1 to 250 characters, not blank, one line (no control characters nor
 * line breaks: see `nameBreakingCharacters`).
 */
export const NameSchema = Type.String({
  minLength: 1,
  maxLength: limits.nameMaxLength,
  pattern: textPattern('(?=[\\s\\S]*\\S)', nameBreakingRanges),
  description: 'A name, 1 to 250 characters, not blank, on one line',
});

/**
 * A calendar date (YYYY-MM-DD) between 1900-01-01 and 2199-12-31 ({@link dateBounds}): every
 * date a request carries (ranges, report periods, birth dates) is this schema.
 */
export function DateSchema(description: string) {
  return Type.String({ format: 'date', pattern: dateBoundsPattern, description });
}

/**
 * A date-time (RFC 3339) in the years 1900 to 2199 ({@link dateBounds}), at most 64 characters:
 * every date-time a request carries is this schema.
 */
export function DateTimeSchema(description: string) {
  return Type.String({
    format: 'date-time',
    maxLength: 64,
    pattern: dateBoundsPattern,
    description,
  });
}

/** The 6-digit reset code sent by mail. */
export const ResetCodeSchema = Type.String({
  minLength: limits.codeLength,
  maxLength: limits.codeLength,
  pattern: '^[0-9]*$',
  description: 'The 6-digit code sent by mail',
});

/** An IANA timezone name such as Europe/Paris. */
export const TimezoneSchema = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: textPattern(),
  description: 'IANA timezone name, e.g. Europe/Paris',
});

/** Trims an email as the spec asks, before it is validated and sent. */
export function normalizeEmail(email: string): string {
  return email.trim();
}

/** The access and refresh tokens returned by sign-in, refresh, invite acceptance and reset. */
export const TokensSchema = Type.Object(
  {
    accessToken: Type.String({
      minLength: 1,
      maxLength: limits.tokenMaxLength,
      description: 'Short-lived JWT for the bearer header',
    }),
    refreshToken: Type.String({
      minLength: 1,
      maxLength: limits.tokenMaxLength,
      description: 'Opaque token to get new tokens once',
    }),
  },
  { description: 'Session tokens' },
);

/** See {@link TokensSchema}. */
export type Tokens = Static<typeof TokensSchema>;

/**
 * A validation error as both TypeBox (`Value.Errors`) and Ajv report it: enough to pick a message.
 */
export type ValidationIssue = {
  keyword: string;
  instancePath: string;
  /** Where in the schema: TypeBox reports a record key's issue at the key, under propertyNames. */
  schemaPath?: string;
  params?: Record<string, unknown>;
  /** Ajv: the record key a `propertyNames` issue is about (the path is the record's). */
  propertyName?: string;
};

/**
 * The spec's message for a validation error of a contract body (point 5), or undefined when the
 * field has none (the caller then uses its own generic text).
 */
export function validationMessage(issue: ValidationIssue, value?: unknown): string | undefined {
  const keyMessage = recordKeyMessage(issue);
  if (keyMessage) return keyMessage;
  const dateMessage = dateIssueMessage(issue);
  if (dateMessage) return dateMessage;
  // A field's own rule shares the text rule's pattern: the value tells which one it broke.
  if (isTextRuleIssue(issue) && (typeof value !== 'string' || breaksTextRule(value))) {
    return `${fieldPath(issue.instancePath.split('/').slice(1))} contains characters that are not allowed`;
  }
  const missing = issue.params?.missingProperty ?? firstOf(issue.params?.requiredProperties);
  const field =
    issue.keyword === 'required' && typeof missing === 'string'
      ? missing
      : (issue.instancePath.split('/').pop() ?? '');
  const isEmpty = issue.keyword === 'required' || value === '';
  switch (field) {
    case 'email':
      return isEmpty ? messages.emailRequired : messages.emailFormat;
    case 'password':
      if (isEmpty) return messages.passwordRequired;
      if (issue.keyword === 'minLength') return messages.passwordMinLength;
      if (issue.keyword === 'pattern') return messages.passwordRules;
      return undefined;
    case 'firstName':
    case 'lastName':
      if (typeof value === 'string' && !isOneLineName(value)) {
        return field === 'firstName' ? messages.firstNameOneLine : messages.lastNameOneLine;
      }
      if (isEmpty || issue.keyword === 'minLength' || issue.keyword === 'pattern') {
        return field === 'firstName' ? messages.firstNameRequired : messages.lastNameRequired;
      }
      return issue.keyword === 'maxLength' ? messages.maxNameLength : undefined;
    case 'aboutMe':
      return issue.keyword === 'maxLength' ? messages.aboutMeTooLong : undefined;
    // A coach's language: one message for each branch of the union a wrong value fails.
    case 'language':
      return coachLanguageMessage;
    case 'resetPasswordCode':
    case 'code':
      if (isEmpty) return messages.codeRequired;
      if (issue.keyword === 'minLength' || issue.keyword === 'maxLength')
        return messages.codeLength;
      if (issue.keyword === 'pattern') return messages.codeDigits;
      return undefined;
    default:
      return undefined;
  }
}

/** How many of a refused request's problems its message names. */
export const maxValidationIssues = 3;

/** What a validator reports of one problem: an issue and, Ajv's or TypeBox's, its words. */
export type ReportedIssue = ValidationIssue & { message?: string };

/**
 * The message of a request the contract refuses, as the server words it: the first few problems
 * (a refused record key's summary issue only when alone), each by {@link validationMessage} or
 * as the validator's words after the field, without repeats, cut to the longest error message.
 * `input` is the part checked (`context`: 'body', 'querystring' or 'params').
 */
export function validationFailureMessage(
  reported: readonly ReportedIssue[],
  input: unknown,
  context: string,
): string {
  const issues = reported.filter(
    (issue, _, all) => issue.keyword !== 'propertyNames' || all.length === 1,
  );
  const texts = issues.slice(0, maxValidationIssues).map((issue) => {
    const value = valueAtPointer(input, issue.instancePath);
    return (
      validationMessage(issue, value) ??
      `${issue.instancePath.slice(1) || context || 'request'} ${issue.message ?? 'is invalid'}`
    );
  });
  return [...new Set(texts)].join('; ').slice(0, limits.errorMessageMaxLength);
}

/** The value at a JSON pointer of a request part (undefined when the path is missing). */
function valueAtPointer(body: unknown, pointer: string): unknown {
  let value = body;
  for (const segment of pointer.split('/').slice(1)) {
    const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The message of a date or date-time out of bounds or malformed, naming the field. */
function dateIssueMessage(issue: ValidationIssue): string | undefined {
  const field = fieldPath(issue.instancePath.split('/').slice(1));
  if (issue.keyword === 'pattern' && issue.params?.pattern === dateBoundsPattern) {
    return dateOutOfBoundsMessage(field);
  }
  if (issue.keyword !== 'format') return undefined;
  if (issue.params?.format === 'date') return `${field} must be a date (YYYY-MM-DD)`;
  if (issue.params?.format === 'date-time') return `${field} must be a date-time (ISO 8601)`;
  return undefined;
}

function isTextRuleIssue(issue: ValidationIssue): boolean {
  const pattern = issue.params?.pattern;
  return (
    issue.keyword === 'pattern' && typeof pattern === 'string' && pattern.endsWith(textPatternEnd)
  );
}

/** The message for a refused key of a record (answers' question keys), naming the record. */
function recordKeyMessage(issue: ValidationIssue): string | undefined {
  const isAtRecord = issue.propertyName !== undefined || issue.keyword === 'propertyNames';
  const isAtKey = !isAtRecord && /\/propertyNames(\/|$)/.test(issue.schemaPath ?? '');
  if (!isAtRecord && !isAtKey) return undefined;
  const segments = issue.instancePath.split('/').slice(1);
  const record = fieldPath(isAtKey ? segments.slice(0, -1) : segments);
  if (issue.keyword === 'maxLength') {
    return `${record} keys must be at most ${String(issue.params?.limit)} characters`;
  }
  if (issue.keyword === 'minLength') return `${record} keys must not be empty`;
  if (issue.keyword === 'pattern') return `${record} keys contain characters that are not allowed`;
  return `${record} has a key that is not allowed`;
}

/** `answers.q` for the JSON pointer `/answers/q`. */
function fieldPath(segments: string[]): string {
  if (segments.length === 0) return 'request';
  return segments.map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~')).join('.');
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : undefined;
}
