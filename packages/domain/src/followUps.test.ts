import { describe, expect, it } from 'vitest';
import { followUpDateError, isFollowUpDue, latestFollowUpDate } from './followUps.ts';

describe("a follow-up's date", () => {
  it('may be set from today to the same day two years later, both included', () => {
    expect(latestFollowUpDate('2026-11-25')).toBe('2028-11-25');
    expect(followUpDateError('2026-11-25', '2026-11-25')).toBeNull();
    expect(followUpDateError('2028-11-25', '2026-11-25')).toBeNull();
    expect(followUpDateError('2028-11-26', '2026-11-25')).toBe(
      'dueDate must not be after 2028-11-25 (two years ahead)',
    );
    expect(followUpDateError('2026-11-24', '2026-11-25')).toBe(
      'dueDate must not be before today (2026-11-25)',
    );
  });

  it('ends on the 28th of February two years after a 29th, and refuses a day that does not exist', () => {
    expect(latestFollowUpDate('2028-02-29')).toBe('2030-02-28');
    expect(latestFollowUpDate('2026-02-28')).toBe('2028-02-28');
    expect(followUpDateError('2027-02-29', '2026-11-25')).toBe(
      'dueDate must be a date (YYYY-MM-DD)',
    );
    expect(followUpDateError('0000-01-01', '2026-11-25')).toBe(
      'dueDate must not be before today (2026-11-25)',
    );
  });
});

describe('a follow-up', () => {
  it("is due from its date on, on the coach's today: not the day before, still when overdue", () => {
    expect(isFollowUpDue('2026-11-25', '2026-11-24')).toBe(false);
    expect(isFollowUpDue('2026-11-25', '2026-11-25')).toBe(true);
    expect(isFollowUpDue('2026-11-25', '2027-01-03')).toBe(true);
    // Dates compare as days across months and years.
    expect(isFollowUpDue('2026-12-01', '2026-11-30')).toBe(false);
    expect(isFollowUpDue('2027-01-01', '2026-12-31')).toBe(false);
  });
});
