/**
 * How fast one account may read clients' data: a bucket of `burst` reads, refilled at `perSecond`
 * (a token bucket). See {@link defaultClientReadLimit} for the figures.
 */
export type ClientReadLimit = { burst: number; perSecond: number };

// What the app asks for (each section's atoms in packages/app/src/features/clientProfile, core/live):
// - opening a client's profile reads 9 to 12 calls (journey, header, one series call per 366 days
//   shown, activity, reflections, assessments, exercises, actions, reports), its 'Show more' one
//   more each;
// - the clients list is one call; the live stream makes the list and the profiles it names stale
//   at most once a second per tab (the hub coalesces a coach's changes over a second), and a
//   `refetch` message reads again everything each tab shows;
// - a coach going through profiles as fast as they can read them opens one every few seconds.
// So a person reads a few calls a second, and the pathological tab (a profile whose client's
// device sends every second, read again every second) about 12 a second. The burst holds 50
// profiles opened at once (every tab reloading after a network cut); the rate is 2.5 times the
// pathological tab and 10 times a coach clicking through profiles, yet a flood from one account
// is refused but for a trickle. Our load tools read far more per account with no pause: they lift
// it (`CLIENT_READ_LIMIT=0`, {@link liftedClientReadLimit}), as they lift the write quotas.

/** The product's figures. */
export const defaultClientReadLimit: ClientReadLimit = { burst: 600, perSecond: 30 };

/**
 * No limit in practice: for load tests, benchmarks and the simulator, whose few accounts read what
 * a whole practice does (`CLIENT_READ_LIMIT=0`). Never for a deployment that people use.
 */
export const liftedClientReadLimit: ClientReadLimit = {
  burst: 1_000_000_000,
  perSecond: 1_000_000_000,
};

type Bucket = { tokens: number; atMs: number };

/** How often buckets that are full again (idle accounts) are dropped. */
const sweepEveryMs = 60_000;

/**
 * The reads left to each account, in this process's memory: one map lookup and a little
 * arithmetic a read, nothing written. N processes allow N times the figures (an account's calls
 * spread over them); a restart refills every bucket. Buckets full again are dropped once a
 * minute, so the map holds the accounts that read in the last minutes only.
 */
export class ClientReadBuckets {
  readonly #buckets = new Map<string, Bucket>();
  #sweptAtMs = 0;

  /**
   * Takes one read from `account`'s bucket at `nowMs` (a monotonic clock): answers 0 when taken,
   * otherwise the whole seconds until one is there again (at least 1), taking nothing.
   */
  take(account: string, limit: ClientReadLimit, nowMs: number): number {
    if (nowMs - this.#sweptAtMs >= sweepEveryMs) this.#sweep(limit, nowMs);
    let bucket = this.#buckets.get(account);
    if (bucket === undefined) {
      bucket = { tokens: limit.burst, atMs: nowMs };
      this.#buckets.set(account, bucket);
    } else {
      const refill = (Math.max(0, nowMs - bucket.atMs) / 1000) * limit.perSecond;
      bucket.tokens = Math.min(limit.burst, bucket.tokens + refill);
      bucket.atMs = nowMs;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / limit.perSecond));
  }

  #sweep(limit: ClientReadLimit, nowMs: number) {
    this.#sweptAtMs = nowMs;
    for (const [account, bucket] of this.#buckets) {
      const refill = ((nowMs - bucket.atMs) / 1000) * limit.perSecond;
      if (bucket.tokens + refill >= limit.burst) this.#buckets.delete(account);
    }
  }
}
