import { describe, expect, it } from 'vitest';
import { createTimelineTime } from './timelineTime.ts';

describe('createTimelineTime', () => {
  const now = new Date('2026-11-16T09:30:00Z');

  it("dates this year's entries by day and time on the coach's clock", () => {
    const timeOf = createTimelineTime('en-US', 'Europe/Madrid', now);
    expect(timeOf(Date.parse('2026-03-03T09:05:00Z'))).toBe('March 3 at 10:05 AM');
  });

  it('adds the year to older ones, as the year is in the coach’s zone', () => {
    const timeOf = createTimelineTime('en-US', 'America/New_York', now);
    // 1 January 2026 02:00 UTC is still 31 December 2025 in New York.
    expect(timeOf(Date.parse('2026-01-01T02:00:00Z'))).toBe('December 31, 2025 at 9:00 PM');
  });
});
