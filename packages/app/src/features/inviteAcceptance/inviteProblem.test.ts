import { ApiError } from '@coach/api';
import { describe, expect, it } from 'vitest';
import { inviteProblemOf } from './inviteProblem.ts';

const apiError = (status: number, code: string, retryAfterSeconds?: number) =>
  new ApiError(status, code, 'message', { retryAfterSeconds });

describe('inviteProblemOf', () => {
  it.each([
    [apiError(400, 'invite_expired'), 'expired'],
    [apiError(409, 'invite_used'), 'used'],
    [apiError(404, 'invite_not_found'), 'invalid'],
    [apiError(404, 'not_found'), 'invalid'],
    [apiError(400, 'validation_failed'), 'invalid'],
  ])('reads a failed check %o as a closed invite (%s)', (error, reason) => {
    expect(inviteProblemOf(error, 'check')).toEqual({ kind: 'closed', reason });
  });

  it.each([
    [apiError(400, 'invite_expired'), 'expired'],
    [apiError(409, 'invite_used'), 'used'],
    [apiError(404, 'invite_not_found'), 'invalid'],
    [apiError(409, 'already_registered'), 'registered'],
  ])('reads a failed acceptance %o as a closed invite (%s)', (error, reason) => {
    expect(inviteProblemOf(error, 'accept')).toEqual({ kind: 'closed', reason });
  });

  it('reads a refused timezone at acceptance as a timezone problem', () => {
    expect(inviteProblemOf(apiError(400, 'invalid_timezone'), 'accept')).toEqual({
      kind: 'invalidTimezone',
    });
  });

  it('keeps the invite open when an entry is refused at acceptance', () => {
    expect(inviteProblemOf(apiError(400, 'validation_failed'), 'accept')).toEqual({
      kind: 'failed',
    });
  });

  it('says when to try again after too many attempts', () => {
    expect(inviteProblemOf(apiError(429, 'rate_limited', 60), 'check')).toEqual({
      kind: 'tooManyAttempts',
      refusal: { retryAfterSeconds: 60 },
    });
  });

  it.each([
    apiError(0, 'network_error'),
    apiError(500, 'internal_error'),
    apiError(503, 'service_unavailable'),
    new TypeError('Failed to fetch'),
  ])('reads %o as a failure worth retrying', (error) => {
    expect(inviteProblemOf(error, 'check')).toEqual({ kind: 'failed' });
    expect(inviteProblemOf(error, 'accept')).toEqual({ kind: 'failed' });
  });
});
