import type { ServerErrorCode } from '@coach/api';

/**
 * A refusal the caller should see: a code of the contract's error catalogue and its words, never
 * a secret. The domain and the stores throw it; the server's error handler answers it with the
 * catalogue's status for the code (`errorStatuses`), so nothing below the routes knows HTTP.
 */
export class DomainError<Code extends ServerErrorCode = ServerErrorCode> extends Error {
  readonly code: Code;
  /** For a throttled attempt: seconds until another may succeed (`Retry-After`). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: Code, message: string, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
