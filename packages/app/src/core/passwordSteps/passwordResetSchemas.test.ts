import { describe, expect, it } from 'vitest';
import type { AnyObjectSchema, ValidationError } from 'yup';
import { createTestI18n } from '../../../test/testI18n.ts';
import type { TranslationKey } from '../../i18n/translationKey.ts';
import { codeStepSchema, emailStepSchema } from './passwordResetSchemas.ts';

const { t } = createTestI18n();
const text = (key: string) => t(key as TranslationKey);

/** The first message per field, in English, as the form shows them. */
function errorsOf(schema: AnyObjectSchema, values: Record<string, string>): Record<string, string> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    const result: Record<string, string> = {};
    for (const inner of (error as ValidationError).inner) {
      if (inner.path && !(inner.path in result)) result[inner.path] = text(inner.message);
    }
    return result;
  }
}

describe('email step schema', () => {
  it("says 'Email is required' for an empty or blank email", () => {
    expect(errorsOf(emailStepSchema, { email: '' })).toEqual({ email: 'Email is required' });
    expect(errorsOf(emailStepSchema, { email: '   ' })).toEqual({ email: 'Email is required' });
  });

  it("says 'Incorrect email format' for a malformed email", () => {
    expect(errorsOf(emailStepSchema, { email: 'coach.example.com' })).toEqual({
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
    expect(errorsOf(codeStepSchema, { code })).toEqual({ code: message });
  });

  it('accepts and trims six digits', () => {
    expect(codeStepSchema.validateSync({ code: ' 123456 ' })).toEqual({ code: '123456' });
  });
});
