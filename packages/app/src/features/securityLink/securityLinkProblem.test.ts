import { ApiError } from '@coach/api';
import { describe, expect, it } from 'vitest';
import { securityLinkProblemOf } from './securityLinkProblem.ts';

describe("a security link's problem", () => {
  it('reads 400 bad_request (expired, used, unknown) and a malformed token as an expired link', () => {
    expect(securityLinkProblemOf(new ApiError(400, 'bad_request', 'expired'))).toEqual({
      kind: 'expired',
    });
    expect(securityLinkProblemOf(new ApiError(400, 'validation_failed', 'pattern'))).toEqual({
      kind: 'expired',
    });
  });

  it('keeps the wait of a throttled answer', () => {
    const error = new ApiError(429, 'rate_limited', 'slow down', { retryAfterSeconds: 120 });
    expect(securityLinkProblemOf(error)).toEqual({
      kind: 'tooManyAttempts',
      refusal: { retryAfterSeconds: 120 },
    });
  });

  it('reads no answer or a server failure as a check to try again', () => {
    expect(securityLinkProblemOf(new ApiError(0, 'network_error', 'offline'))).toEqual({
      kind: 'failed',
    });
    expect(securityLinkProblemOf(new ApiError(500, 'internal_error', 'oops'))).toEqual({
      kind: 'failed',
    });
  });
});
