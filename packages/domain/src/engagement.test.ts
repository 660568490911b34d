import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engagement, type Interval, mergeIntervals, type UsageSession } from './engagement.ts';

const now = new Date('2026-03-10T12:00:00.000Z');
const hour = 3_600_000;
/** A session from `startHoursAgo` to `endHoursAgo` hours before now. */
const session = (startHoursAgo: number, endHoursAgo: number): UsageSession => ({
  startedAt: new Date(now.getTime() - startHoursAgo * hour),
  endedAt: new Date(now.getTime() - endHoursAgo * hour),
});

describe('engagement: hours of app use in the last 48 h', () => {
  it('has no hours and no last connection without sessions', () => {
    expect(engagement([], now)).toEqual({
      usedMs: 0,
      hours: 0,
      hoursLast24h: 0,
      bar: 0,
      lastConnectedAt: null,
    });
  });

  it('fills the bar at exactly 10 h', () => {
    const result = engagement([session(30, 24), session(10, 6)], now);
    expect(result.hours).toBe(10);
    expect(result.bar).toBe(1);
  });

  it('caps the bar at 1 over 10 h, and is proportional under', () => {
    expect(engagement([session(20, 8)], now)).toMatchObject({ hours: 12, bar: 1 });
    expect(engagement([session(9, 0)], now)).toMatchObject({ hours: 9, bar: 0.9 });
    expect(engagement([session(10.5, 0.5)], now).bar).toBe(1);
  });

  it('counts overlapping and parallel sessions once', () => {
    const result = engagement([session(6, 2), session(5, 3), session(4, 1), session(6, 2)], now);
    expect(result.hours).toBe(5);
  });

  it('clips a session crossing the window start to the window', () => {
    const result = engagement([session(50, 46)], now);
    expect(result.hours).toBe(2);
    expect(engagement([session(60, 48)], now).hours).toBe(0);
  });

  it('clips a session running past now (device clock ahead) at now', () => {
    expect(engagement([session(1, -1)], now).hours).toBe(1);
  });

  it('gives the latest session end as last connected, even before the window', () => {
    expect(engagement([session(80, 72), session(100, 90)], now).lastConnectedAt).toEqual(
      new Date(now.getTime() - 72 * hour),
    );
    expect(engagement([session(5, 4), session(8, 1), session(3, 2)], now).lastConnectedAt).toEqual(
      new Date(now.getTime() - hour),
    );
  });

  it('never puts last connected after now, and ignores sessions starting after now', () => {
    expect(engagement([session(1, -1)], now).lastConnectedAt).toEqual(now);
    expect(engagement([session(-1, -2)], now)).toEqual({
      usedMs: 0,
      hours: 0,
      hoursLast24h: 0,
      bar: 0,
      lastConnectedAt: null,
    });
  });

  it('ignores reversed sessions', () => {
    expect(engagement([session(2, 3)], now)).toMatchObject({ hours: 0, lastConnectedAt: null });
  });
});

describe('engagement: hours of app use in the last 24 h', () => {
  it('counts the inside part of a session crossing the 24 h start, by the same merging', () => {
    // 26 h to 22 h ago: 2 h inside 24 h, all 4 h inside 48 h.
    expect(engagement([session(26, 22)], now)).toMatchObject({ hours: 4, hoursLast24h: 2 });
    expect(engagement([session(30, 24)], now)).toMatchObject({ hours: 6, hoursLast24h: 0 });
    expect(engagement([session(24, 23), session(23.5, 22)], now).hoursLast24h).toBe(2);
    expect(engagement([session(1, -1)], now).hoursLast24h).toBe(1);
  });
});

const windowStart = now.getTime() - 60 * hour;
const arbitrarySession = fc
  .tuple(
    fc.integer({ min: windowStart, max: now.getTime() + hour }),
    fc.integer({ min: 0, max: 30 * hour }),
  )
  .map(([start, length]) => ({ startedAt: new Date(start), endedAt: new Date(start + length) }));

describe('engagement properties', () => {
  it('never exceeds 48 h nor a full bar, and never the plain sum of the sessions', () => {
    fc.assert(
      fc.property(fc.array(arbitrarySession, { maxLength: 30 }), (sessions) => {
        const result = engagement(sessions, now);
        expect(result.hours).toBeGreaterThanOrEqual(0);
        expect(result.hours).toBeLessThanOrEqual(48);
        expect(result.bar).toBeLessThanOrEqual(1);
        expect(result.hoursLast24h).toBeLessThanOrEqual(Math.min(24, result.hours));
        const plainSum = sessions.reduce(
          (sum, s) => sum + (s.endedAt.getTime() - s.startedAt.getTime()),
          0,
        );
        expect(result.usedMs).toBeLessThanOrEqual(plainSum);
      }),
    );
  });

  it('merges the same way whatever the order, into sorted disjoint intervals', () => {
    const interval = fc
      .tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: -10, max: 200 }))
      .map(([start, length]): Interval => ({ start, end: start + length }));
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 25 }), fc.integer(), (intervals, seed) => {
        const shuffled = [...intervals]
          .map((value, index) => ({ value, key: (index * 7919 + seed) % 101 }))
          .sort((a, b) => a.key - b.key)
          .map(({ value }) => value);
        const merged = mergeIntervals(intervals);
        expect(mergeIntervals(shuffled)).toEqual(merged);
        expect(mergeIntervals([...intervals].reverse())).toEqual(merged);
        for (let index = 1; index < merged.length; index += 1) {
          const previous = merged[index - 1] as Interval;
          expect((merged[index] as Interval).start).toBeGreaterThan(previous.end);
        }
      }),
    );
  });

  it('is the same whatever the order of the sessions', () => {
    fc.assert(
      fc.property(fc.array(arbitrarySession, { maxLength: 20 }), (sessions) => {
        expect(engagement([...sessions].reverse(), now)).toEqual(engagement(sessions, now));
      }),
    );
  });
});
