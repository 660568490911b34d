import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test/fakeServer.ts';
import { createLockManager } from '../../test/lockManager.ts';
import {
  createLocalStorageTokenStore,
  createMemoryTokenStore,
  type TokenStorage,
  type TokenStore,
} from '../tokens.ts';
import { createCoachApi } from './index.ts';
import { noRefreshLock, type RefreshLock, webLocksRefreshLock } from './refreshLock.ts';

const baseURLs = { auth: 'http://coach.test/api/auth', account: 'http://coach.test/api/account' };
const refreshPath = '/api/auth/session/refresh';

type Gate = { reached: Promise<void>; reach: () => void; opened: Promise<void>; open: () => void };

function createGate(): Gate {
  let reach = () => {};
  let open = () => {};
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { reached, reach, opened, open };
}

/**
 * How long a held call may take to be sent. The client sends it at once when it works, so a gate
 * never reached is a failure, and it is told then, naming the call, not at the test's time limit.
 */
const sentWithinMs = 5_000;

/** `reached`, or a rejection naming `path` once `sentWithinMs` has passed without it. */
function sentInTime(reached: Promise<void>, path: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`No request to ${path} was sent within ${sentWithinMs / 1000} s`)),
      sentWithinMs,
    );
  });
  const sent = Promise.race([reached, late]).finally(() => clearTimeout(timer));
  // A hold whose call a test never waits for fails no later test.
  sent.catch(() => {});
  return sent;
}

/**
 * The fake server behind gates: the next attempt of a held path reaches the server (which checks
 * its token then) only when the test lets it through, so the test orders the answers, not timers.
 */
function createGatedServer() {
  const server = createFakeServer();
  const gates = new Map<string, Gate>();
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    const gate = gates.get(path);
    if (gate) {
      gates.delete(path);
      gate.reach();
      await gate.opened;
    }
    return server.fetch(input, init);
  }) as typeof globalThis.fetch;
  return {
    server,
    fetch,
    /** Holds the next attempt of `path`; `arrived` resolves once it is sent. */
    hold(path: string) {
      const gate = createGate();
      gates.set(path, gate);
      const arrived = sentInTime(gate.reached, path);
      return {
        arrived,
        /** Lets the attempt reach the server once it has been sent. */
        async release() {
          await arrived;
          gate.open();
        },
      };
    },
  };
}

function createStorage(): TokenStorage {
  const entries = new Map<string, string>();
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, value);
    },
    removeItem: (key) => {
      entries.delete(key);
    },
  };
}

const expiredSession = { accessToken: 'access-0', refreshToken: 'refresh-1' };

// One tab alone, and the browser's set-up: tokens in Web Storage, the refresh under Web Locks
// (whose refresh ends only once the spent token is marked for the other tabs).
const setups: [string, () => { tokens: TokenStore; refreshLock: RefreshLock }][] = [
  [
    'memory store, no lock',
    () => ({ tokens: createMemoryTokenStore(expiredSession), refreshLock: noRefreshLock }),
  ],
  [
    'Web Storage, Web Locks',
    () => {
      const tokens = createLocalStorageTokenStore(createStorage());
      tokens.setTokens(expiredSession);
      return { tokens, refreshLock: webLocksRefreshLock(createLockManager().locks) };
    },
  ],
];

describe.each(setups)('a 401 after a refresh (%s)', (_setup, makeSetup) => {
  function setup() {
    const gated = createGatedServer();
    const { tokens, refreshLock } = makeSetup();
    const api = createCoachApi({ baseURLs, tokens, fetch: gated.fetch, refreshLock });
    const call = (name: string) => api.account.request<{ path: string }>(`/${name}`);
    const authorizations = (name: string) =>
      gated.server.attemptsOf(`/api/account/${name}`).map((attempt) => attempt.authorization);
    return { ...gated, tokens, call, authorizations };
  }

  it('retries a call sent with the old token whose 401 comes after the refresh, without refreshing again', async () => {
    const { server, hold, call, tokens, authorizations } = setup();
    const first = hold('/api/account/first');
    const late = hold('/api/account/late');
    const firstCall = call('first');
    const lateCall = call('late');
    await first.release();
    await expect(firstCall).resolves.toEqual({ path: '/api/account/first', query: '' });
    expect(server.refreshCalls).toBe(1);

    await late.release();
    await expect(lateCall).resolves.toEqual({ path: '/api/account/late', query: '' });
    expect(server.refreshCalls).toBe(1);
    expect(authorizations('late')).toEqual(['Bearer access-0', 'Bearer access-2']);
    expect(tokens.getAccessToken()).toBe('access-2');
  });

  it('retries a call sent with the old token while the refresh was under way, without refreshing again', async () => {
    const { server, hold, call, authorizations } = setup();
    const first = hold('/api/account/first');
    const refresh = hold(refreshPath);
    const firstCall = call('first');
    await first.release();
    await refresh.arrived;
    // Sent before the new tokens are stored, answered after the refresh is over.
    const during = hold('/api/account/during');
    const duringCall = call('during');
    await during.arrived;
    await refresh.release();
    await firstCall;

    await during.release();
    await expect(duringCall).resolves.toEqual({ path: '/api/account/during', query: '' });
    expect(server.refreshCalls).toBe(1);
    expect(authorizations('during')).toEqual(['Bearer access-0', 'Bearer access-2']);
  });

  it("leaves a sign-in's tokens, stored while the ended session's refresh was refused, in place", async () => {
    const gated = createGatedServer();
    const { tokens, refreshLock } = makeSetup();
    let resets = 0;
    const api = createCoachApi({
      baseURLs,
      tokens,
      fetch: gated.fetch,
      refreshLock,
      onSessionReset: () => {
        resets += 1;
      },
    });
    // The session was ended on the server (a logout): its refresh token is refused.
    gated.server.refreshBehaviour = 'unauthorized';
    const refresh = gated.hold(refreshPath);
    const stale = api.account.request<{ path: string }>('/stale');
    await refresh.arrived;
    // A sign-in stores the new session's tokens while that refresh is on its way.
    const signedIn = { accessToken: 'access-new', refreshToken: 'refresh-new' };
    tokens.setTokens(signedIn);
    gated.server.accessToken = 'access-new';
    await refresh.release();

    await expect(stale).resolves.toEqual({ path: '/api/account/stale', query: '' });
    expect(resets).toBe(0);
    expect(tokens.getAccessToken()).toBe(signedIn.accessToken);
    expect(tokens.getRefreshToken()).toBe(signedIn.refreshToken);
  });

  it('refreshes again for a 401 to a call sent with the current token (it expired in turn)', async () => {
    const { server, call, tokens, authorizations } = setup();
    await call('first');
    expect(server.refreshAuthorizations).toEqual(['Bearer access-0']);
    // The renewed access token expires: the server no longer takes it.
    server.accessToken = 'expired';

    await expect(call('later')).resolves.toEqual({ path: '/api/account/later', query: '' });
    expect(server.refreshAuthorizations).toEqual(['Bearer access-0', 'Bearer access-2']);
    expect(authorizations('later')).toEqual(['Bearer access-2', 'Bearer access-3']);
    expect(tokens.getRefreshToken()).toBe('refresh-3');
    expect(server.reuseDetections).toBe(0);
  });
});

describe.each(setups)('refreshSession (%s)', (_setup, makeSetup) => {
  it('renews once for calls made together, all answered with the one new token', async () => {
    const gated = createGatedServer();
    const { tokens, refreshLock } = makeSetup();
    const api = createCoachApi({ baseURLs, tokens, fetch: gated.fetch, refreshLock });
    const refresh = gated.hold(refreshPath);
    const renewals = [api.refreshSession(), api.refreshSession()];
    await refresh.release();

    await expect(Promise.all(renewals)).resolves.toEqual(['access-2', 'access-2']);
    expect(gated.server.refreshCalls).toBe(1);
    expect(gated.server.reuseDetections).toBe(0);
  });
});
