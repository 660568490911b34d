// Keyset paging of a client's activity history (requirements R3.4): newest first, by (at, id);
// its cursors are those of pageCursor.ts.
import type { PageKey } from './pageCursor.ts';

/** Where an item sits in the history (see {@link PageKey}). */
export type ActivityKey = PageKey;

/** Orders newest first: later `at` first, then the larger id first on the same instant. */
export function compareNewestFirst(a: ActivityKey, b: ActivityKey): number {
  if (a.at !== b.at) return a.at > b.at ? -1 : 1;
  if (a.id !== b.id) return a.id > b.id ? -1 : 1;
  return 0;
}

/** One page of a history and the key to continue after it (null on the last page). */
export type ActivityPageOf<T> = { items: T[]; next: ActivityKey | null };

/**
 * Merges lists that are each sorted newest first and each hold up to `limit + 1` items after the
 * cursor, and cuts the page at `limit`. When more than `limit` items came back in all, something
 * follows the page and its last item's key is the next cursor; otherwise every list was read to
 * its end and this is the last page.
 */
export function pageNewestFirst<T extends ActivityKey>(
  lists: readonly (readonly T[])[],
  limit: number,
): ActivityPageOf<T> {
  const merged = lists.flat().sort(compareNewestFirst);
  const items = merged.slice(0, limit);
  const last = items[items.length - 1];
  const next = merged.length > limit && last !== undefined ? { at: last.at, id: last.id } : null;
  return { items, next };
}
