/** Where the session tokens live: localStorage in the browser, memory in tests and tools. */
export type TokenStore = {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  /** Stores both tokens at once (after sign-in or refresh). */
  setTokens(tokens: { accessToken: string; refreshToken: string }): void;
  /** Removes both tokens (logout, session reset). */
  clear(): void;
};

/** The localStorage keys of the tokens, exactly as the spec names them. */
export const tokenStorageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
} as const;

/** The part of the Web Storage API the store needs. */
export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * A token store over Web Storage (localStorage by default) under the keys `accessToken` and
 * `refreshToken`, so another tab sees a change through the `storage` event.
 */
export function createLocalStorageTokenStore(storage: TokenStorage = localStorage): TokenStore {
  return {
    getAccessToken: () => storage.getItem(tokenStorageKeys.accessToken),
    getRefreshToken: () => storage.getItem(tokenStorageKeys.refreshToken),
    setTokens({ accessToken, refreshToken }) {
      // The access token first: a tab that sees the new refresh token sees its access token too
      // (browsers hand writes to other tabs in order).
      storage.setItem(tokenStorageKeys.accessToken, accessToken);
      storage.setItem(tokenStorageKeys.refreshToken, refreshToken);
    },
    clear() {
      storage.removeItem(tokenStorageKeys.accessToken);
      storage.removeItem(tokenStorageKeys.refreshToken);
    },
  };
}

/** A token store in memory, optionally starting with tokens. */
export function createMemoryTokenStore(initial?: {
  accessToken?: string | null;
  refreshToken?: string | null;
}): TokenStore {
  let accessToken = initial?.accessToken ?? null;
  let refreshToken = initial?.refreshToken ?? null;
  return {
    getAccessToken: () => accessToken,
    getRefreshToken: () => refreshToken,
    setTokens(tokens) {
      accessToken = tokens.accessToken;
      refreshToken = tokens.refreshToken;
    },
    clear() {
      accessToken = null;
      refreshToken = null;
    },
  };
}
