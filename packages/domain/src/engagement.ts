import { engagementFullHours } from './values/analyticsValues.ts';

const hourMs = 3_600_000;

/** Engagement looks back this many hours. */
export const engagementWindowHours = 48;

/** The recent-use figure beside it ("last 24 h") looks back this many hours. */
export const recentUseWindowHours = 24;

/** One app-usage session: when the client's app was opened and closed. */
export type UsageSession = { startedAt: Date; endedAt: Date };

export type Interval = { start: number; end: number };

export type Engagement = {
  /** Milliseconds of app use in the window, overlapping sessions counted once. */
  usedMs: number;
  /** `usedMs` in hours, unrounded (the screen rounds). */
  hours: number;
  /** Hours of app use in the last 24 h, by the same clipping and merging; unrounded. */
  hoursLast24h: number;
  /** Bar fill, 0..1: hours / 10, capped at 1. */
  bar: number;
  /** End of the latest session (never after `now`), or null with no session at all. */
  lastConnectedAt: Date | null;
};

/** The engagement bar's fill, 0..1, for hours of use in the window: full at 10 hours. */
export function engagementBar(hours: number): number {
  return Math.min(hours / engagementFullHours, 1);
}

/**
 * Merges intervals (epoch ms) into sorted, disjoint ones; touching intervals join, empty or
 * reversed ones are dropped. The result does not depend on the input order.
 */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals
    .filter((interval) => interval.end > interval.start)
    .map((interval) => ({ start: interval.start, end: interval.end }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && interval.start <= last.end) {
      last.end = Math.max(last.end, interval.end);
    } else {
      merged.push(interval);
    }
  }
  return merged;
}

/**
 * Milliseconds of app use in [start, end]: sessions clipped to the window (a session crossing
 * its start counts only its part inside, one running past its end stops there) and merged, so
 * parallel sessions (two devices, a resent session) are not counted twice.
 */
function usedMsWithin(sessions: readonly UsageSession[], start: number, end: number): number {
  const clipped = sessions.map((session) => ({
    start: Math.max(session.startedAt.getTime(), start),
    end: Math.min(session.endedAt.getTime(), end),
  }));
  return mergeIntervals(clipped).reduce(
    (sum, interval) => sum + (interval.end - interval.start),
    0,
  );
}

/**
 * Engagement over the 48 h before `now` (and, beside it, the last 24 h): sessions clipped to
 * the window and merged (see {@link usedMsWithin}).
 */
export function engagement(sessions: readonly UsageSession[], now: Date): Engagement {
  const windowEnd = now.getTime();
  const usedMs = usedMsWithin(sessions, windowEnd - engagementWindowHours * hourMs, windowEnd);
  const recentMs = usedMsWithin(sessions, windowEnd - recentUseWindowHours * hourMs, windowEnd);
  const hours = usedMs / hourMs;

  let lastConnectedMs: number | null = null;
  for (const session of sessions) {
    const startMs = session.startedAt.getTime();
    const endMs = session.endedAt.getTime();
    // Reversed or invalid sessions, and sessions not begun by `now`, say nothing about it.
    if (!(endMs >= startMs) || startMs > windowEnd) continue;
    const end = Math.min(endMs, windowEnd);
    if (lastConnectedMs === null || end > lastConnectedMs) lastConnectedMs = end;
  }

  return {
    usedMs,
    hours,
    hoursLast24h: recentMs / hourMs,
    bar: engagementBar(hours),
    lastConnectedAt: lastConnectedMs === null ? null : new Date(lastConnectedMs),
  };
}
