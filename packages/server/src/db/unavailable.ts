// A PostgreSQL server that is stopped, restarting or out of connections is not a bug of the
// request: the server answers 503 with Retry-After (app.ts) instead of 500, and the pool connects
// again on its own once the database is back, with no restart of ours.

/** Seconds a caller is told to wait before trying again while the database is unavailable. */
export const databaseRetryAfterSeconds = 5;

/**
 * SQLSTATEs that say the database cannot serve right now: class 08 (connection exception),
 * 57P01-57P03 (shutting down, crashed, starting up) and 53300 (too many connections).
 */
const unavailableStates = /^(08...|57P0[123]|53300)$/;

/** Node's socket errors when the server is not there or hangs up. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres says when a connection ends under a query or cannot be made in time. */
const driverMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection terminated due to connection timeout',
];

/**
 * Whether `error` (or what it wraps: drizzle's query error, an AggregateError of the addresses
 * tried) means the database server is unreachable or not serving, rather than a refused query.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || error === null || typeof error !== 'object') return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (unavailableStates.test(code) || socketCodes.has(code))) {
    return true;
  }
  if (typeof message === 'string' && driverMessages.some((text) => message.startsWith(text))) {
    return true;
  }
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(cause, depth + 1);
}

/** The reason an unavailable database gives, for a log line: a code, never a message. */
export function unavailableReason(error: unknown, depth = 0): string {
  if (depth > 5 || error === null || typeof error !== 'object') return 'unknown';
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  if (Array.isArray(errors) && errors.length > 0) return unavailableReason(errors[0], depth + 1);
  if (cause !== undefined) return unavailableReason(cause, depth + 1);
  return 'connection_ended';
}
