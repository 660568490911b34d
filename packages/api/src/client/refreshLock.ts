/** What a refresh learns from the lock: whether another tab held it first. */
export type RefreshLockGrant = {
  /** Another tab held the lock when this one asked: it was refreshing the same tokens. */
  hasWaited: boolean;
};

/**
 * Runs a refresh while no other tab of the origin refreshes: the tabs share the stored tokens and
 * a refresh token is single-use, so only one tab at a time may spend it.
 */
export type RefreshLock = <T>(task: (grant: RefreshLockGrant) => Promise<T>) => Promise<T>;

/** The Web Locks name every tab of the app takes around a refresh. */
export const refreshLockName = 'coach-session-refresh';

/** The part of the Web Locks API the lock needs (`navigator.locks`). */
export type LockRequester = {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
};

/**
 * A {@link RefreshLock} over Web Locks: tabs take {@link refreshLockName} one after another. It
 * asks `ifAvailable` first, to tell the task whether another tab held the lock before it.
 */
export function webLocksRefreshLock(locks: LockRequester): RefreshLock {
  return (task) =>
    locks.request(refreshLockName, { ifAvailable: true }, (lock) =>
      lock
        ? task({ hasWaited: false })
        : locks.request(refreshLockName, {}, () => task({ hasWaited: true })),
    );
}

/** Runs the task at once: one tab's own calls are already single-flight (the session's job). */
export const noRefreshLock: RefreshLock = (task) => task({ hasWaited: false });

/**
 * The browser's Web Locks when there are any (every current browser, in a secure context:
 * https or localhost); otherwise no lock between tabs, where the server's short grace for a
 * refresh token sent twice at once keeps two tabs signed in.
 */
export function defaultRefreshLock(): RefreshLock {
  const locks = (globalThis as { navigator?: { locks?: LockRequester } }).navigator?.locks;
  return locks ? webLocksRefreshLock(locks) : noRefreshLock;
}
