import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domainError.ts';
import { failedSignInOutcome } from './signInMetrics.ts';

describe('failedSignInOutcome', () => {
  it('names a refused sign-in by its error code, and anything else an error', () => {
    expect(failedSignInOutcome(new DomainError('rate_limited', 'Too many'))).toBe('throttled');
    expect(failedSignInOutcome(new DomainError('invalid_credentials', 'Wrong'))).toBe('failure');
    expect(failedSignInOutcome(new DomainError('sign_in_code_required', 'Code'))).toBe(
      'code_required',
    );
    expect(failedSignInOutcome(new DomainError('service_unavailable', 'Busy'))).toBe('error');
    expect(failedSignInOutcome(new Error('database gone'))).toBe('error');
  });
});
