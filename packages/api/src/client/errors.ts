import type { ErrorCode } from '../contract/errorCatalogue.ts';

/** An error code: one of the contract's, or another the server may add later. */
export type ApiErrorCode = ErrorCode | (string & {});

/** Options of an {@link ApiError}. */
export type ApiErrorOptions = {
  cause?: unknown;
  /** Seconds the server asked to wait before trying again (`Retry-After`, e.g. on a 429). */
  retryAfterSeconds?: number;
};

/**
 * The error every client call rejects with: the HTTP status (0 when no answer came), the server's
 * `error` code and its `message`, and how long to wait when the server said so (`Retry-After`).
 */
export class ApiError extends Error {
  /** HTTP status; 0 for a network failure. */
  readonly status: number;
  /** The server's `error` code, or one derived from the status. */
  readonly code: ApiErrorCode;
  /** Seconds to wait before trying again, when the answer carried `Retry-After`. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, code: ApiErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Whether a value is an {@link ApiError}, optionally with a given code. */
export function isApiError(value: unknown, code?: ApiErrorCode): value is ApiError {
  return value instanceof ApiError && (code === undefined || value.code === code);
}

const codeByStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/** The generic error code of an HTTP status, for answers without an error body. */
export function codeForStatus(status: number): ErrorCode {
  if (status === 0) return 'network_error';
  return codeByStatus[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}

type FetchFailure = {
  status?: number;
  statusText?: string;
  data?: unknown;
  message?: string;
  response?: { headers?: Headers };
};

/**
 * Seconds to wait from a `Retry-After` value (RFC 9110): delta-seconds, or an HTTP date counted
 * from `now`. Anything else is no advice (undefined).
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // HTTP dates start with the day's name; anything else (say '-5') is not one.
  const date = /^[A-Za-z]/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function isErrorBody(value: unknown): value is { error: string; message: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** Turns whatever a call threw (an ofetch FetchError, a network failure) into an {@link ApiError}. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const failure = (typeof error === 'object' && error !== null ? error : {}) as FetchFailure;
  const status = typeof failure.status === 'number' ? failure.status : 0;
  if (status === 0 && isAbort(error)) {
    return new ApiError(0, 'aborted', 'The call was aborted', { cause: error });
  }
  const options: ApiErrorOptions = {
    cause: error,
    retryAfterSeconds: parseRetryAfter(headerOf(failure, 'Retry-After')),
  };
  if (isErrorBody(failure.data)) {
    return new ApiError(status, failure.data.error, failure.data.message, options);
  }
  const message =
    status === 0 ? 'The server could not be reached' : failure.statusText || `HTTP ${status}`;
  return new ApiError(status, codeForStatus(status), message, options);
}

function headerOf(failure: FetchFailure, name: string): string | null {
  const headers = failure.response?.headers;
  return typeof headers?.get === 'function' ? headers.get(name) : null;
}

function isAbort(error: unknown): boolean {
  const name = (value: unknown) => (value instanceof Error ? value.name : undefined);
  return (
    name(error) === 'AbortError' ||
    name((error as { cause?: unknown } | null)?.cause) === 'AbortError'
  );
}
