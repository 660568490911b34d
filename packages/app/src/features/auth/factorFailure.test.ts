import { ApiError } from '@coach/api';
import { describe, expect, it } from 'vitest';
import { factorFailureOf } from './factorFailure.ts';
import { normaliseRecoveryCode, secondFactorSchema } from './secondFactorSchema.ts';

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

describe('the second factor code', () => {
  it('takes a recovery code in capitals or without its hyphen', () => {
    expect(normaliseRecoveryCode(' ABCDE FGHJK ')).toBe('abcde-fghjk');
    expect(normaliseRecoveryCode('abcdefghjk')).toBe('abcde-fghjk');
  });

  it("checks an app code with the spec's code rules and a recovery code by its form", async () => {
    const check = (code: string, method: 'totp' | 'recovery') =>
      secondFactorSchema.validate({ code }, { context: { method } }).then(
        () => 'ok',
        (error: Error) => error.message,
      );
    await expect(check('', 'totp')).resolves.toBe('auth.validation.codeRequired');
    await expect(check('12ab56', 'totp')).resolves.toBe('auth.validation.codeDigits');
    await expect(check('123456', 'totp')).resolves.toBe('ok');
    await expect(check('abcde-fghj1', 'recovery')).resolves.toBe(
      'signInFactors.validation.recoveryFormat',
    );
    await expect(check('ABCDEFGHJK', 'recovery')).resolves.toBe('ok');
  });
});
