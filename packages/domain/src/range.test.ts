import { describe, expect, it } from 'vitest';
import { dateRangeError } from './range.ts';

describe('dateRangeError', () => {
  it('accepts one day and 366 days, refuses a reversed range and 367 days', () => {
    expect(dateRangeError({ from: '2026-03-04', to: '2026-03-04' })).toBeNull();
    expect(dateRangeError({ from: '2026-01-01', to: '2027-01-01' })).toBeNull();
    expect(dateRangeError({ from: '2026-03-05', to: '2026-03-04' })).toEqual({
      error: 'invalid_range',
      message: 'The range ends before it starts',
    });
    expect(dateRangeError({ from: '2026-01-01', to: '2027-01-02' })).toEqual({
      error: 'invalid_range',
      message: 'The range is at most 366 days',
    });
  });

  it('refuses a date that does not exist', () => {
    expect(dateRangeError({ from: '2026-02-30', to: '2026-03-04' })).toEqual({
      error: 'invalid_range',
      message: 'from and to are dates (YYYY-MM-DD)',
    });
  });
});
