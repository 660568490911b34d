import { messages } from '@coach/domain';
import type { Tokens } from '../contract/sessionTokens.ts';
import type { TokenStore } from '../tokens.ts';
import { ApiError, toApiError } from './errors.ts';
import { noRefreshLock, type RefreshLock } from './refreshLock.ts';

/** Sends one attempt of a call with the given access token (null: no bearer header). */
type SendAttempt<T> = (accessToken: string | null) => Promise<T>;

/**
 * The refresh coordinator shared by every service client: it sends calls with the current access
 * token and, on a 401, renews the session once for all the calls that failed meanwhile. Other tabs
 * share the stored tokens: a refresh runs under the refresh lock and skips the exchange when
 * another tab rotated (or cleared) the tokens while this one waited.
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
  /** Held around each refresh so that tabs sharing the tokens refresh one at a time. */
  refreshLock?: RefreshLock;
  /**
   * After waiting for another tab's refresh, how long to wait for its tokens to reach this tab's
   * storage before refreshing anyway (that tab may have closed mid-refresh). 2000 ms by default.
   */
  otherTabWaitMs?: number;
};

/** How often a tab that waited for another's refresh looks at the storage again. */
const storagePollMs = 10;

function sessionExpired(cause?: unknown): ApiError {
  return new ApiError(401, 'session_expired', messages.sessionExpired, { cause });
}

/** Creates the {@link Session} of one API instance. */
export function createSession({
  tokens,
  exchangeRefreshToken,
  onSessionReset,
  refreshLock = noRefreshLock,
  otherTabWaitMs = 2000,
}: SessionOptions): Session {
  // Bumped by every refresh and reset: a 401 for a call sent in an older epoch is stale news.
  let epoch = 0;
  let inflight: Promise<string> | undefined;

  function reset(): void {
    tokens.clear();
    epoch += 1;
    onSessionReset?.();
  }

  /**
   * The stored refresh token once it is no longer `seen`, or `seen` after `otherTabWaitMs`. A tab
   * that waited for another's refresh reads that tab's new tokens through storage, which browsers
   * sync between tab processes a few milliseconds after the write (so after the lock was handed
   * over); reading at once could see the spent token and spend it again.
   */
  async function storedRefreshTokenOtherThan(seen: string): Promise<string | null> {
    const deadline = Date.now() + otherTabWaitMs;
    let current = tokens.getRefreshToken();
    while (current === seen && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, storagePollMs));
      current = tokens.getRefreshToken();
    }
    return current;
  }

  async function refreshOnce(): Promise<string> {
    const seenRefreshToken = tokens.getRefreshToken();
    if (!seenRefreshToken) {
      reset();
      throw sessionExpired();
    }
    return refreshLock(seenRefreshToken, async ({ otherTabRefreshed }) => {
      // Another tab may have spent the token while this one waited, or just before (rotated: use
      // its tokens; cleared: it signed out). Spending it again would be a reuse.
      const refreshToken = otherTabRefreshed
        ? await storedRefreshTokenOtherThan(seenRefreshToken)
        : tokens.getRefreshToken();
      // The store writes the access token first: a new refresh token comes with its access token.
      const accessToken = tokens.getAccessToken();
      if (refreshToken !== seenRefreshToken) {
        if (!refreshToken || !accessToken) {
          reset();
          throw sessionExpired();
        }
        epoch += 1;
        return accessToken;
      }
      let renewed: Tokens;
      try {
        renewed = await exchangeRefreshToken(refreshToken);
      } catch (error) {
        // A sign-in stored a new session's tokens while the refused token was on its way (it
        // was the ended session's): the new session stands, and the call is retried in it.
        const signedIn = tokens.getAccessToken();
        if (tokens.getRefreshToken() !== refreshToken && signedIn !== null) {
          epoch += 1;
          return signedIn;
        }
        reset();
        throw sessionExpired(toApiError(error));
      }
      tokens.setTokens(renewed);
      epoch += 1;
      return renewed.accessToken;
    });
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
      // Every call carries the bearer (requirements R7.1), this one too; the server renews by the
      // refresh token in the body, so an expired access token here is no reason to refuse.
      return await send(tokens.getAccessToken());
    } catch (error) {
      reset();
      throw toApiError(error);
    }
  }

  return { run, runWithoutRefresh, runRefreshCall, refresh, reset };
}
