import { describe, expect, it } from 'vitest';
import { formatActionDate } from './actionDate.ts';

describe('formatActionDate', () => {
  const now = new Date(2026, 5, 12, 12);

  it("says the day and month of this year's actions", () => {
    expect(formatActionDate(new Date(2026, 2, 3, 10).toISOString(), 'en-US', now)).toBe('March 3');
  });

  it('adds the year to older ones', () => {
    expect(formatActionDate(new Date(2025, 11, 30, 10).toISOString(), 'en-US', now)).toBe(
      'December 30, 2025',
    );
  });
});
