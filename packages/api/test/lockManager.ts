import type { LockRequester } from '../src/client/refreshLock.ts';

/**
 * Web Locks as a browser grants them: one holder of a name at a time, in request order,
 * `ifAvailable` answered with no lock while someone holds or waits for that name, and `query`
 * listing the names held. `granted` lists each grant.
 */
export function createLockManager() {
  const tails = new Map<string, Promise<unknown>>();
  // Per name, the requests holding or waiting for the lock.
  const outstanding = new Map<string, number>();
  const held = new Set<string>();
  const granted: string[] = [];
  const count = (name: string, change: number) =>
    outstanding.set(name, (outstanding.get(name) ?? 0) + change);
  const locks: LockRequester = {
    request(name, options, callback) {
      if (options.ifAvailable && (outstanding.get(name) ?? 0) > 0) return callback(null);
      count(name, 1);
      const run = (tails.get(name) ?? Promise.resolve()).then(async () => {
        granted.push(name);
        held.add(name);
        try {
          return await callback({ name });
        } finally {
          held.delete(name);
          count(name, -1);
        }
      });
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
    query: async () => ({ held: [...held].map((name) => ({ name })) }),
  };
  return { locks, granted };
}
