import { describe, expect, it } from 'vitest';
import {
  createLocalStorageTokenStore,
  createMemoryTokenStore,
  type TokenStorage,
} from './tokens.ts';

/** A tiny in-memory Web Storage. */
function createStorage(): TokenStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, value);
    },
    removeItem: (key) => {
      entries.delete(key);
    },
  };
}

describe('createLocalStorageTokenStore', () => {
  it('keeps the tokens under the keys accessToken and refreshToken exactly', () => {
    const storage = createStorage();
    const store = createLocalStorageTokenStore(storage);
    store.setTokens({ accessToken: 'a', refreshToken: 'r' });
    expect(Object.fromEntries(storage.entries)).toEqual({ accessToken: 'a', refreshToken: 'r' });
  });

  it('reads tokens written by someone else (another tab) under those keys', () => {
    const storage = createStorage();
    storage.setItem('accessToken', 'from-other-tab');
    const store = createLocalStorageTokenStore(storage);
    expect(store.getAccessToken()).toBe('from-other-tab');
    expect(store.getRefreshToken()).toBeNull();
  });

  it('removes both keys on clear', () => {
    const storage = createStorage();
    const store = createLocalStorageTokenStore(storage);
    store.setTokens({ accessToken: 'a', refreshToken: 'r' });
    store.clear();
    expect(storage.entries.size).toBe(0);
  });
});

describe('createMemoryTokenStore', () => {
  it('starts empty or with the given tokens, and sets and clears them', () => {
    expect(createMemoryTokenStore().getAccessToken()).toBeNull();
    const store = createMemoryTokenStore({ accessToken: 'a', refreshToken: 'r' });
    expect([store.getAccessToken(), store.getRefreshToken()]).toEqual(['a', 'r']);
    store.setTokens({ accessToken: 'b', refreshToken: 's' });
    expect([store.getAccessToken(), store.getRefreshToken()]).toEqual(['b', 's']);
    store.clear();
    expect([store.getAccessToken(), store.getRefreshToken()]).toEqual([null, null]);
  });
});
