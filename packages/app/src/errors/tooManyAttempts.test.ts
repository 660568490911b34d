import { ApiError } from '@coach/api';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/testI18n.ts';
import { describeTooManyAttempts, tooManyAttemptsOf } from './tooManyAttempts.ts';

const { t } = createTestI18n();
const describeWait = (retryAfterSeconds: number | undefined) =>
  describeTooManyAttempts({ retryAfterSeconds }, t);

describe('describeTooManyAttempts', () => {
  it.each([
    [1, 'Too many attempts. Try again in 1 second.'],
    [45, 'Too many attempts. Try again in 45 seconds.'],
    [60, 'Too many attempts. Try again in 1 minute.'],
    [61, 'Too many attempts. Try again in 2 minutes.'],
    [120, 'Too many attempts. Try again in 2 minutes.'],
    [900, 'Too many attempts. Try again in 15 minutes.'],
    [5400, 'Too many attempts. Try again in 90 minutes.'],
    [5401, 'Too many attempts. Try again in 2 hours.'],
    [86_400, 'Too many attempts. Try again in 24 hours.'],
  ])('words a wait of %i s, rounded up: %s', (seconds, text) => {
    expect(describeWait(seconds)).toBe(text);
  });

  it('says to try again later when the server gave no wait', () => {
    expect(describeWait(undefined)).toBe('Too many attempts. Try again later.');
  });
});

describe('tooManyAttemptsOf', () => {
  it("takes a 429's wait and ignores other errors", () => {
    const throttled = new ApiError(429, 'rate_limited', 'Slow down', { retryAfterSeconds: 30 });
    expect(tooManyAttemptsOf(throttled)).toEqual({ retryAfterSeconds: 30 });
    expect(tooManyAttemptsOf(new ApiError(401, 'invalid_credentials', 'Wrong'))).toBeNull();
    expect(tooManyAttemptsOf(new TypeError('fetch failed'))).toBeNull();
  });
});
