import { describe, expect, it } from 'vitest';
import { normaliseRecoveryCode, secondFactorSchema } from './secondFactorSchema.ts';

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
