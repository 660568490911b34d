import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './errors.ts';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date as the seconds left until it, never below 0', () => {
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:59:00 GMT', now)).toBe(0);
  });

  it('gives no advice for a missing or unreadable value', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });
});
