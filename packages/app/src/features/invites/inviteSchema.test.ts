import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { createTestI18n } from '../../../test/testI18n.ts';
import type { TranslationKey } from '../../i18n/translationKey.ts';
import { inviteSchema } from './inviteSchema.ts';

const { t } = createTestI18n();

function messageOf(email: string): string | null {
  try {
    inviteSchema.validateSync({ email });
    return null;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return t(error.message as TranslationKey);
  }
}

describe('invite schema', () => {
  it("says 'Email is required' for an empty address or spaces alone", () => {
    expect(messageOf('')).toBe('Email is required');
    expect(messageOf('   ')).toBe('Email is required');
  });

  it("says 'Incorrect email format' for an address that is not one", () => {
    expect(messageOf('ada')).toBe('Incorrect email format');
    expect(messageOf('ada@')).toBe('Incorrect email format');
    expect(messageOf('ada lovelace@example.com')).toBe('Incorrect email format');
  });

  it('trims the address before checking it, and hands over the trimmed one', () => {
    expect(messageOf('  ada@example.com \t')).toBeNull();
    expect(inviteSchema.validateSync({ email: '  ada@example.com ' })).toEqual({
      email: 'ada@example.com',
    });
  });
});
