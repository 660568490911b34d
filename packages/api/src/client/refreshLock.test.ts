import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../test/fakeServer.ts';
import { createLockManager } from '../../test/lockManager.ts';
import { createMemoryTokenStore, type TokenStore } from '../tokens.ts';
import { ApiError } from './errors.ts';
import { createCoachApi } from './index.ts';
import {
  defaultRefreshLock,
  noRefreshLock,
  type RefreshLock,
  refreshedMarkName,
  refreshLockName,
  webLocksRefreshLock,
} from './refreshLock.ts';
import { createSession } from './session.ts';

const baseURLs = { auth: 'http://coach.test/api/auth', account: 'http://coach.test/api/account' };

type StoredTokens = { accessToken: string | null; refreshToken: string | null };

/**
 * localStorage as the tabs of one browser see it: each tab reads its own copy at once, and a
 * write reaches the other tabs `lagMs` later (Chromium syncs storage between tab processes
 * asynchronously, so after a lock the writer released has been handed over).
 */
function createBrowserStorage(initial: StoredTokens, lagMs = 25) {
  const views: { apply: (next: StoredTokens) => void }[] = [];
  return {
    /** A tab's view of the storage. */
    openView(): TokenStore {
      let state = { ...initial };
      const view = {
        apply: (next: StoredTokens) => {
          state = next;
        },
      };
      views.push(view);
      const write = (next: StoredTokens) => {
        state = next;
        for (const other of views) {
          if (other !== view) setTimeout(() => other.apply(next), lagMs);
        }
      };
      return {
        getAccessToken: () => state.accessToken,
        getRefreshToken: () => state.refreshToken,
        setTokens: (tokens) => write({ ...tokens }),
        clear: () => write({ accessToken: null, refreshToken: null }),
      };
    },
  };
}

/** A tab of the app: its own API client over its view of the storage every tab shares. */
function openTab(
  server: ReturnType<typeof createFakeServer>,
  tokens: TokenStore,
  refreshLock?: RefreshLock,
) {
  const onSessionReset = vi.fn();
  const api = createCoachApi({
    baseURLs,
    tokens,
    onSessionReset,
    fetch: server.fetch,
    ...(refreshLock ? { refreshLock } : {}),
  });
  const call = (index: number) =>
    api.account.request<{ path: string }>(`/items/${index}`, { query: { delay: 1 } });
  return { api, call, tokens, onSessionReset };
}

/**
 * Two tabs of one browser: an expired access token and a live refresh token stored, and a write
 * reaching the other tab `storageLagMs` later.
 */
function twoTabs(storageLagMs?: number) {
  const server = createFakeServer();
  const storage = createBrowserStorage(
    { accessToken: 'access-0', refreshToken: 'refresh-1' },
    storageLagMs,
  );
  const { locks, granted } = createLockManager();
  const refreshLock = webLocksRefreshLock(locks);
  return {
    server,
    storage,
    locks,
    granted,
    first: openTab(server, storage.openView(), refreshLock),
    second: openTab(server, storage.openView(), refreshLock),
  };
}

const tenCalls = (tab: ReturnType<typeof openTab>, offset: number) =>
  Array.from({ length: 10 }, (_, index) => tab.call(offset + index));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('two tabs refreshing at once', () => {
  it('spend the refresh token once, and every call of both tabs succeeds', async () => {
    const { server, granted, first, second } = twoTabs();
    const results = await Promise.all([...tenCalls(first, 0), ...tenCalls(second, 100)]);
    expect(results.map((result) => result.path)).toEqual([
      ...Array.from({ length: 10 }, (_, index) => `/api/account/items/${index}`),
      ...Array.from({ length: 10 }, (_, index) => `/api/account/items/${100 + index}`),
    ]);
    expect(server.refreshCalls).toBe(1);
    expect(server.reuseDetections).toBe(0);
    // Each tab held the lock once; the first marked the token it refreshed, the second waited for
    // the first's tokens and kept them.
    expect(granted).toEqual([refreshLockName, refreshedMarkName('refresh-1'), refreshLockName]);
    for (const tab of [first, second]) {
      expect(tab.tokens.getAccessToken()).toBe('access-2');
      expect(tab.tokens.getRefreshToken()).toBe('refresh-2');
      expect(tab.onSessionReset).not.toHaveBeenCalled();
    }
    // The session is live on the server: later calls go through without a refresh.
    await expect(second.call(999)).resolves.toMatchObject({ path: '/api/account/items/999' });
    expect(server.refreshCalls).toBe(1);
  });

  it('never spends a token the other tab refreshed just before, while its tokens are on their way', async () => {
    // The first tab refreshes and lets the lock go; the second's 401 comes right after, while the
    // first's tokens take 300 ms to reach its storage (a loaded machine): the lock is free and the
    // second tab still reads the spent refresh token.
    const { server, granted, first, second } = twoTabs(300);
    await expect(first.call(1)).resolves.toMatchObject({ path: '/api/account/items/1' });
    expect(second.tokens.getRefreshToken()).toBe('refresh-1');
    await expect(second.call(2)).resolves.toMatchObject({ path: '/api/account/items/2' });
    expect(server.refreshCalls).toBe(1);
    expect(server.reuseDetections).toBe(0);
    expect(server.attemptsOf('/api/account/items/2?delay=1').map((a) => a.authorization)).toEqual([
      'Bearer access-0',
      'Bearer access-2',
    ]);
    expect(granted).toEqual([refreshLockName, refreshedMarkName('refresh-1'), refreshLockName]);
    expect(second.onSessionReset).not.toHaveBeenCalled();
  });

  it("sign each tab out once, without a second refresh, when the first tab's refresh fails", async () => {
    const { server, first, second } = twoTabs();
    server.refreshBehaviour = 'server-error';
    const outcomes = await Promise.allSettled([...tenCalls(first, 0), ...tenCalls(second, 100)]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(ApiError);
      expect((reason as ApiError).status).toBe(401);
    }
    expect(server.refreshCalls).toBe(1);
    for (const tab of [first, second]) {
      expect(tab.onSessionReset).toHaveBeenCalledTimes(1);
      expect(tab.tokens.getAccessToken()).toBeNull();
      expect(tab.tokens.getRefreshToken()).toBeNull();
    }
  });

  it('keeps the tokens of a sign-in in another tab while this one waited for the lock', async () => {
    const { server, storage, locks, second } = twoTabs();
    const third = storage.openView();
    // A third tab holds the lock; meanwhile it signs in anew and stores a fresh session.
    let release = () => {};
    const held = locks.request(
      refreshLockName,
      {},
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const pending = second.call(1);
    await vi.waitFor(() =>
      expect(server.attemptsOf('/api/account/items/1?delay=1')).toHaveLength(1),
    );
    server.accessToken = 'access-7';
    server.refreshToken = 'refresh-7';
    third.setTokens({ accessToken: 'access-7', refreshToken: 'refresh-7' });
    release();
    await held;
    await expect(pending).resolves.toMatchObject({ path: '/api/account/items/1' });
    expect(server.refreshCalls).toBe(0);
    expect(server.attemptsOf('/api/account/items/1?delay=1').map((a) => a.authorization)).toEqual([
      'Bearer access-0',
      'Bearer access-7',
    ]);
    expect(second.onSessionReset).not.toHaveBeenCalled();
  });

  it('refreshes after a while when the tab that held the lock stored nothing (it closed)', async () => {
    const { locks, granted } = createLockManager();
    const tokens = createMemoryTokenStore({ accessToken: 'access-0', refreshToken: 'refresh-1' });
    const exchangeRefreshToken = vi.fn(async (refreshToken: string) => ({
      accessToken: 'access-2',
      refreshToken: `${refreshToken}-renewed`,
    }));
    const session = createSession({
      tokens,
      exchangeRefreshToken,
      refreshLock: webLocksRefreshLock(locks),
      otherTabWaitMs: 50,
    });
    let release = () => {};
    const held = locks.request(
      refreshLockName,
      {},
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    await vi.waitFor(() => expect(granted).toHaveLength(1));
    const renewed = session.refresh();
    release();
    await held;
    await expect(renewed).resolves.toBe('access-2');
    expect(exchangeRefreshToken).toHaveBeenCalledExactlyOnceWith('refresh-1');
    expect(tokens.getRefreshToken()).toBe('refresh-1-renewed');
  });
});

describe('the default refresh lock', () => {
  it("is the browser's Web Locks when there are any", async () => {
    const { locks, granted } = createLockManager();
    vi.stubGlobal('navigator', { locks });
    const server = createFakeServer();
    const tokens = createMemoryTokenStore({ accessToken: 'access-0', refreshToken: 'refresh-1' });
    await openTab(server, tokens).call(1);
    expect(granted).toEqual([refreshLockName, refreshedMarkName('refresh-1')]);
    expect(server.refreshCalls).toBe(1);
  });

  it('runs the refresh without a lock where Web Locks are missing (no secure context)', async () => {
    vi.stubGlobal('navigator', {});
    expect(defaultRefreshLock()).toBe(noRefreshLock);
    const server = createFakeServer();
    const tokens = createMemoryTokenStore({ accessToken: 'access-0', refreshToken: 'refresh-1' });
    await expect(openTab(server, tokens).call(1)).resolves.toMatchObject({
      path: '/api/account/items/1',
    });
    expect(server.refreshCalls).toBe(1);
  });
});
