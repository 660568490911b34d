import { dateRangeError } from '@coach/domain';
import { describe, expect, it } from 'vitest';
import { profileListRange } from './profileListRange.ts';

describe('profileListRange', () => {
  it('covers the longest range one call takes, up to tomorrow in UTC', () => {
    const range = profileListRange(new Date('2026-11-16T09:30:00Z'));
    expect(range).toEqual({ from: '2025-11-17', to: '2026-11-17' });
    expect(dateRangeError(range)).toBeNull();
  });

  it("holds today's date in the zones furthest ahead (Kiribati, UTC+14) late in the UTC day", () => {
    // 2026-11-16 23:00 UTC is already 2026-11-17 13:00 in Tarawa's neighbour Kiritimati.
    const range = profileListRange(new Date('2026-11-16T23:00:00Z'));
    expect(range.to).toBe('2026-11-17');
  });
});
