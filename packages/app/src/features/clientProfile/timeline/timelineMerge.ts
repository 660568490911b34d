import type { CoachAction, Note, ThreadMessage } from '@coach/api';

/** One entry of the profile's timeline: a note, a message of the coach, or an action. */
export type TimelineEntry =
  | { kind: 'note'; key: string; time: number; note: Note }
  | { kind: 'message'; key: string; time: number; message: ThreadMessage }
  | { kind: 'action'; key: string; time: number; action: CoachAction };

/** One list the timeline is made of: its entries loaded so far, newest first. */
export type TimelineSource = {
  entries: readonly TimelineEntry[];
  /** Whether every entry is loaded (no page after the last). */
  isComplete: boolean;
};

/** What the timeline shows, and what it waits for to show more. */
export type MergedTimeline = {
  /** Newest first, at most the limit. */
  entries: TimelineEntry[];
  /** Whether there is more than these (loaded or not). */
  hasMore: boolean;
  /**
   * The sources (by index) whose next page must be loaded before the limit can be reached: an
   * entry older than what such a source has loaded cannot be shown before it, as that source's
   * next page may hold newer ones.
   */
  needed: number[];
};

export const noteEntry = (note: Note): TimelineEntry => ({
  kind: 'note',
  key: `note:${note.id}`,
  time: Date.parse(note.writtenAt),
  note,
});

export const messageEntry = (message: ThreadMessage): TimelineEntry => ({
  kind: 'message',
  key: `message:${message.id}`,
  time: Date.parse(message.sentAt),
  message,
});

export const actionEntry = (action: CoachAction): TimelineEntry => ({
  kind: 'action',
  key: `action:${action.id}`,
  time: Date.parse(action.at),
  action,
});

/** Newest first; at the same instant in a fixed order (by key), so a render never reorders. */
const isNewer = (a: TimelineEntry, b: TimelineEntry) =>
  a.time === b.time ? a.key < b.key : a.time > b.time;

/**
 * The newest `limit` entries of the sources merged by instant (each source newest first): one
 * pass over what is shown, so the cost grows with the entries shown, whatever is loaded. It stops
 * early where a source with more pages has nothing loaded left, and names it in `needed`.
 */
export function mergeTimeline(sources: readonly TimelineSource[], limit: number): MergedTimeline {
  const next = sources.map(() => 0);
  const entries: TimelineEntry[] = [];
  while (entries.length < limit) {
    const exhausted = sources
      .map((_source, index) => index)
      .filter((index) => next[index] === sources[index]?.entries.length);
    const needed = exhausted.filter((index) => !sources[index]?.isComplete);
    if (needed.length > 0) return { entries, hasMore: true, needed };
    let newest = -1;
    sources.forEach((source, index) => {
      const head = source.entries[next[index] ?? 0];
      const best = sources[newest]?.entries[next[newest] ?? 0];
      if (head && (!best || isNewer(head, best))) newest = index;
    });
    if (newest === -1) return { entries, hasMore: false, needed: [] };
    entries.push(sources[newest]?.entries[next[newest] ?? 0] as TimelineEntry);
    next[newest] = (next[newest] ?? 0) + 1;
  }
  const hasMore = sources.some(
    (source, index) => !source.isComplete || (next[index] ?? 0) < source.entries.length,
  );
  return { entries, hasMore, needed: [] };
}
