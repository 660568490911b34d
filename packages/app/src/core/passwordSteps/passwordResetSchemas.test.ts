import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../test/schemaErrors.ts';
import { codeStepSchema, emailStepSchema } from './passwordResetSchemas.ts';

describe('email step schema', () => {
  it("says 'Email is required' for an empty or blank email", () => {
    expect(fieldErrorsOf(emailStepSchema, { email: '' })).toEqual({ email: 'Email is required' });
    expect(fieldErrorsOf(emailStepSchema, { email: '   ' })).toEqual({
      email: 'Email is required',
    });
  });

  it("says 'Incorrect email format' for a malformed email", () => {
    expect(fieldErrorsOf(emailStepSchema, { email: 'coach.example.com' })).toEqual({
      email: 'Incorrect email format',
    });
  });

  it('trims a valid email', () => {
    expect(emailStepSchema.validateSync({ email: '  coach@example.com ' })).toEqual({
      email: 'coach@example.com',
    });
  });
});

describe('code step schema', () => {
  it.each([
    ['', 'Code is required'],
    ['   ', 'Code is required'],
    ['12345', 'Code must be 6 characters long'],
    ['1234567', 'Code must be 6 characters long'],
    ['12a45b', 'Code must contain only digits'],
  ])("answers %j with '%s'", (code, message) => {
    expect(fieldErrorsOf(codeStepSchema, { code })).toEqual({ code: message });
  });

  it('accepts and trims six digits', () => {
    expect(codeStepSchema.validateSync({ code: ' 123456 ' })).toEqual({ code: '123456' });
  });
});
