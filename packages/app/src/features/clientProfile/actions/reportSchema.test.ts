import { describe, expect, it } from 'vitest';
import { isAnyNoteTooLong, reportSchema } from './reportSchema.ts';

const notes = { mentalWellbeing: '', physicalWellbeing: '', productivity: '', finalComments: '' };

describe('report form', () => {
  it('takes empty notes and notes of exactly 500 characters', async () => {
    const full = { ...notes, finalComments: 'x'.repeat(500) };
    await expect(reportSchema.validate(full)).resolves.toEqual(full);
    expect(isAnyNoteTooLong(full)).toBe(false);
  });

  it('refuses a note of 501 characters, and says so before the call', async () => {
    const over = { ...notes, productivity: 'x'.repeat(501) };
    expect(isAnyNoteTooLong(over)).toBe(true);
    await expect(reportSchema.validate(over)).rejects.toThrow(
      'profileActions.validation.noteTooLong',
    );
  });
});
