import { ApiError } from '@coach/api';
import { describe, expect, it } from 'vitest';
import { factorFailureOf } from './factorFailure.ts';

describe('factorFailureOf', () => {
  it('reads a wrong code as wrongCode, 400 or 401 alike', () => {
    expect(factorFailureOf(new ApiError(400, 'wrong_code', 'Wrong code'), 'code')).toEqual({
      kind: 'wrongCode',
    });
    expect(factorFailureOf(new ApiError(401, 'invalid_credentials', 'x'), 'code').kind).toBe(
      'wrongCode',
    );
  });

  it('reads an ended second step as expired, before any wrong code', () => {
    expect(factorFailureOf(new ApiError(401, 'second_step_expired', 'x'), 'code').kind).toBe(
      'expired',
    );
  });

  it('reads a refused passkey apart from a closed browser dialog', () => {
    expect(factorFailureOf(new ApiError(400, 'bad_request', 'x'), 'passkey').kind).toBe(
      'passkeyRefused',
    );
    const closed = Object.assign(new Error('closed'), { name: 'NotAllowedError' });
    expect(factorFailureOf(closed, 'passkey').kind).toBe('cancelled');
  });

  it('keeps the wait of a throttled code', () => {
    const throttled = new ApiError(429, 'rate_limited', 'x', { retryAfterSeconds: 900 });
    expect(factorFailureOf(throttled, 'code')).toEqual({
      kind: 'tooManyAttempts',
      retryAfterSeconds: 900,
    });
  });
});
