import { describe, expect, it } from 'vitest';
import { isAnyNoteTooLong, reportSchema, toReportBody } from './reportSchema.ts';

const notes = {
  mentalWellbeing: '',
  physicalWellbeing: '',
  productivity: '',
  finalComments: '',
  includeNotes: false,
};

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

  it("leaves the coach's notes of the period out unless chosen, and sends the choice", async () => {
    const { includeNotes: _, ...withoutChoice } = notes;
    await expect(reportSchema.validate(withoutChoice)).resolves.toEqual(notes);
    expect(toReportBody(notes).includeNotes).toBe(false);
    expect(toReportBody({ ...notes, includeNotes: true }).includeNotes).toBe(true);
    expect(isAnyNoteTooLong({ ...notes, includeNotes: true })).toBe(false);
  });
});
