import { describe, expect, it } from 'vitest';
import { ageOn } from './age.ts';

describe('ageOn: whole years on a date', () => {
  it('counts a birthday today, not the day before', () => {
    expect(ageOn('2000-03-10', '2025-03-10')).toBe(25);
    expect(ageOn('2000-03-10', '2025-03-09')).toBe(24);
    expect(ageOn('2000-03-10', '2025-12-31')).toBe(25);
    expect(ageOn('2000-12-31', '2026-01-01')).toBe(25);
  });

  it('turns a 29 February birthday over on 1 March in a common year', () => {
    expect(ageOn('2004-02-29', '2025-02-28')).toBe(20);
    expect(ageOn('2004-02-29', '2025-03-01')).toBe(21);
    expect(ageOn('2004-02-29', '2028-02-29')).toBe(24);
  });

  it('is null without a birth date and never negative', () => {
    expect(ageOn(null, '2025-03-10')).toBeNull();
    expect(ageOn('2025-03-10', '2025-03-10')).toBe(0);
    expect(ageOn('2026-01-01', '2025-03-10')).toBe(0);
  });

  it('refuses a text that is not a date', () => {
    expect(() => ageOn('2000-02-30', '2025-03-10')).toThrow(RangeError);
  });
});
