/**
 * The database's own error under a failure: the first of the failure and its causes (drizzle
 * wraps the driver's error, which carries PostgreSQL's SQLSTATE) with a string `code`; undefined
 * when none has one. Its message may hold what the statement was given: never log it.
 */
export function databaseErrorOf(error: unknown): { code: string; message: string } | undefined {
  let cause = error;
  for (let depth = 0; depth < 5 && cause !== null && typeof cause === 'object'; depth += 1) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      return { code, message: typeof message === 'string' ? message : '' };
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}
