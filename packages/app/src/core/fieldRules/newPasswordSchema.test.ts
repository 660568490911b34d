import { PasswordResetBodySchema, validationMessage } from '@coach/api';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../test/schemaErrors.ts';
import { newPasswordSchema } from './newPasswordSchema.ts';

describe('new password schema', () => {
  it('requires both fields', () => {
    expect(fieldErrorsOf(newPasswordSchema, { password: '', confirmPassword: '' })).toEqual({
      password: 'Password is required',
      confirmPassword: 'Password confirmation is required',
    });
  });

  it("says 'Password must be 8+ characters long' for a short password", () => {
    expect(fieldErrorsOf(newPasswordSchema, { password: 'Ab1', confirmPassword: 'Ab1' })).toEqual({
      password: 'Password must be 8+ characters long',
    });
  });

  it.each(['alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere'])(
    "says 'Requires numbers and different case letters' for %j",
    (password) => {
      expect(fieldErrorsOf(newPasswordSchema, { password, confirmPassword: password })).toEqual({
        password: 'Requires numbers and different case letters',
      });
    },
  );

  it("shows 'Passwords do not match' on both fields", () => {
    expect(
      fieldErrorsOf(newPasswordSchema, { password: 'NewPass123', confirmPassword: 'NewPass124' }),
    ).toEqual({ password: 'Passwords do not match', confirmPassword: 'Passwords do not match' });
  });

  it('accepts a strong, confirmed password', () => {
    expect(
      fieldErrorsOf(newPasswordSchema, { password: 'NewPass123', confirmPassword: 'NewPass123' }),
    ).toEqual({});
  });

  it.each([
    'Äpfelbaum123',
    'äpfelbaum123',
    'Пароль123',
    'пароль123',
    'Σίσυφος12',
    'Pass٣word',
    '密码密码Aa12',
    '密码密码12',
    '😀😀😀😀aB1',
    '😀😀😀😀aB12',
    'NewPass123',
  ])('says of %j what the contract (and so the server) says', (password) => {
    const app = fieldErrorsOf(newPasswordSchema, { password, confirmPassword: password }).password;
    const body = { email: 'coach@example.com', password, resetPasswordCode: '123456' };
    const [issue] = Value.Errors(PasswordResetBodySchema, body);
    const server = issue ? validationMessage(issue, password) : undefined;
    expect(app).toBe(server);
  });
});
