/** What a refresh learns from the lock before it spends the refresh token it saw. */
type RefreshLockGrant = {
  /**
   * Another tab held the lock first, or spent this very refresh token moments ago: its new tokens
   * may not have reached this tab's storage yet, so the refresh waits for them before it spends
   * anything.
   */
  otherTabRefreshed: boolean;
};

/**
 * Runs a refresh of `refreshToken` while no other tab of the origin refreshes: the tabs share the
 * stored tokens and a refresh token is single-use, so only one tab at a time may spend it.
 */
export type RefreshLock = <T>(
  refreshToken: string,
  task: (grant: RefreshLockGrant) => Promise<T>,
) => Promise<T>;

/** The Web Locks name every tab of the app takes around a refresh. */
export const refreshLockName = 'coach-session-refresh';

/**
 * How long a tab keeps the mark of a refresh token it refreshed. Far longer than storage takes to
 * reach the other tabs (milliseconds, a second on a loaded machine), far shorter than a session.
 */
const spentMarkMs = 10_000;

/** A lock as `navigator.locks.query()` lists it. */
type LockInfo = { name?: string };

/** The part of the Web Locks API the lock needs (`navigator.locks`). */
export type LockRequester = {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
  query(): Promise<{ held?: LockInfo[] }>;
};

/**
 * The name of the lock a tab holds for a while after refreshing `refreshToken`: a mark the other
 * tabs can see at once. A short FNV-1a digest names it, so the token itself is in no lock name.
 */
export function refreshedMarkName(refreshToken: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < refreshToken.length; index += 1) {
    hash ^= refreshToken.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${refreshLockName}:refreshed:${(hash >>> 0).toString(16).padStart(8, '0')}`;
}

/**
 * A {@link RefreshLock} over Web Locks: tabs take {@link refreshLockName} one after another. It
 * asks `ifAvailable` first, to tell the task whether another tab held the lock before it.
 *
 * Holding the lock in turn is not enough on its own. A tab's tokens reach the other tabs' storage
 * asynchronously, after the lock is free again; a tab whose 401 comes just then still reads the
 * spent refresh token, finds the lock free, and would spend the token a second time. So a tab that
 * refreshed also takes a mark lock named after the token before it lets the refresh lock go, and
 * keeps it for {@link spentMarkMs}: locks, unlike storage, are the same in every tab at once.
 */
export function webLocksRefreshLock(locks: LockRequester): RefreshLock {
  async function markedElsewhere(refreshToken: string): Promise<boolean> {
    const { held = [] } = await locks.query();
    const mark = refreshedMarkName(refreshToken);
    return held.some((lock) => lock.name === mark);
  }

  /** Takes the mark of `refreshToken` (unless a tab holds it already) and keeps it a while. */
  function mark(refreshToken: string): Promise<void> {
    return new Promise((marked) => {
      void locks.request(refreshedMarkName(refreshToken), { ifAvailable: true }, (lock) => {
        marked();
        return lock
          ? new Promise((resolve) => setTimeout(resolve, spentMarkMs))
          : Promise.resolve();
      });
    });
  }

  async function runAndMark<T>(
    refreshToken: string,
    otherTabRefreshed: boolean,
    task: (grant: RefreshLockGrant) => Promise<T>,
  ): Promise<T> {
    const result = await task({ otherTabRefreshed });
    await mark(refreshToken);
    return result;
  }

  return (refreshToken, task) =>
    locks.request(refreshLockName, { ifAvailable: true }, async (lock) =>
      lock
        ? runAndMark(refreshToken, await markedElsewhere(refreshToken), task)
        : locks.request(refreshLockName, {}, () => runAndMark(refreshToken, true, task)),
    );
}

/** Runs the task at once: one tab's own calls are already single-flight (the session's job). */
export const noRefreshLock: RefreshLock = (_refreshToken, task) =>
  task({ otherTabRefreshed: false });

/**
 * The browser's Web Locks when there are any (every current browser, in a secure context:
 * https or localhost); otherwise no lock between tabs, where the server's short grace for a
 * refresh token sent twice at once keeps two tabs signed in.
 */
export function defaultRefreshLock(): RefreshLock {
  const locks = (globalThis as { navigator?: { locks?: LockRequester } }).navigator?.locks;
  return locks ? webLocksRefreshLock(locks) : noRefreshLock;
}
