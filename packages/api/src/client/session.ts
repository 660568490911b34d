import { messages, type Tokens } from '../contract/common.ts';
import type { TokenStore } from '../tokens.ts';
import { ApiError, toApiError } from './errors.ts';

/** Sends one attempt of a call with the given access token (null: no bearer header). */
export type SendAttempt<T> = (accessToken: string | null) => Promise<T>;

/**
 * The refresh coordinator shared by every service client: it sends calls with the current access
 * token and, on a 401, renews the session once for all the calls that failed meanwhile.
 */
export type Session = {
  /** Sends a call needing auth: on a 401, renews the session and retries it once. */
  run<T>(send: SendAttempt<T>): Promise<T>;
  /** Sends a call without the refresh logic (sign-in, reset...): a 401 is just an error. */
  runWithoutRefresh<T>(send: SendAttempt<T>): Promise<T>;
  /**
   * Sends a call to the refresh path with the current access token: any failure resets the
   * session at once.
   */
  runRefreshCall<T>(send: SendAttempt<T>): Promise<T>;
  /** Renews the access token (single flight); rejects with a 401 ApiError after a reset. */
  refresh(): Promise<string>;
  /** Clears the tokens and tells the app, once per session. */
  reset(): void;
};

export type SessionOptions = {
  tokens: TokenStore;
  /** Exchanges a refresh token for new tokens (the raw call, no reset of its own). */
  exchangeRefreshToken: (refreshToken: string) => Promise<Tokens>;
  onSessionReset?: () => void;
};

function sessionExpired(cause?: unknown): ApiError {
  return new ApiError(401, 'session_expired', messages.sessionExpired, { cause });
}

/** Creates the {@link Session} of one API instance. */
export function createSession({
  tokens,
  exchangeRefreshToken,
  onSessionReset,
}: SessionOptions): Session {
  // Bumped by every refresh and reset: a 401 for a call sent in an older epoch is stale news.
  let epoch = 0;
  let inflight: Promise<string> | undefined;

  function reset(): void {
    tokens.clear();
    epoch += 1;
    onSessionReset?.();
  }

  async function refreshOnce(): Promise<string> {
    const refreshToken = tokens.getRefreshToken();
    if (!refreshToken) {
      reset();
      throw sessionExpired();
    }
    let renewed: Tokens;
    try {
      renewed = await exchangeRefreshToken(refreshToken);
    } catch (error) {
      reset();
      throw sessionExpired(toApiError(error));
    }
    tokens.setTokens(renewed);
    epoch += 1;
    return renewed.accessToken;
  }

  function refresh(): Promise<string> {
    inflight ??= refreshOnce().finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  /** The token to retry a call with that got a 401 with `usedToken`, sent in `sentEpoch`. */
  function renew(usedToken: string | null, sentEpoch: number): Promise<string> {
    if (inflight) return inflight;
    const current = tokens.getAccessToken();
    if (sentEpoch !== epoch || (current !== null && current !== usedToken)) {
      // The session changed since the call left: a refresh or a sign-in gave a newer token (use
      // it), or a reset or logout cleared it (the app already knows).
      return current !== null ? Promise.resolve(current) : Promise.reject(sessionExpired());
    }
    return refresh();
  }

  async function run<T>(send: SendAttempt<T>): Promise<T> {
    const usedToken = tokens.getAccessToken();
    const sentEpoch = epoch;
    try {
      return await send(usedToken);
    } catch (error) {
      const failure = toApiError(error);
      if (failure.status !== 401) throw failure;
      const retryToken = await renew(usedToken, sentEpoch);
      try {
        return await send(retryToken);
      } catch (retryError) {
        // Retried once: a second 401 is final, never another refresh (no loops).
        throw toApiError(retryError);
      }
    }
  }

  async function runWithoutRefresh<T>(send: SendAttempt<T>): Promise<T> {
    try {
      return await send(tokens.getAccessToken());
    } catch (error) {
      throw toApiError(error);
    }
  }

  async function runRefreshCall<T>(send: SendAttempt<T>): Promise<T> {
    try {
      // Every call carries the bearer (spec point 7), this one too; the server renews by the
      // refresh token in the body, so an expired access token here is no reason to refuse.
      return await send(tokens.getAccessToken());
    } catch (error) {
      reset();
      throw toApiError(error);
    }
  }

  return { run, runWithoutRefresh, runRefreshCall, refresh, reset };
}
