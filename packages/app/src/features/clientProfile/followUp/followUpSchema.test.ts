import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { followUpSchema, toFollowUpBody } from './followUpSchema.ts';

const context = { today: '2026-11-16' };

async function errorsOf(values: { dueDate: string; reason: string }): Promise<string[]> {
  try {
    await followUpSchema.validate(values, { context, abortEarly: false });
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
}

describe('followUpSchema', () => {
  it('takes a day from today to the same day two years later, with a reason', async () => {
    expect(await errorsOf({ dueDate: '2026-11-16', reason: 'Ask' })).toEqual([]);
    expect(await errorsOf({ dueDate: '2028-11-16', reason: 'Ask' })).toEqual([]);
  });

  it('asks for a day and a reason', async () => {
    expect(await errorsOf({ dueDate: '', reason: '   ' })).toEqual([
      'clientProfile.followUp.validation.dateRequired',
      'clientProfile.followUp.validation.reasonRequired',
    ]);
  });

  it('refuses a day before today and one past two years ahead', async () => {
    expect(await errorsOf({ dueDate: '2026-11-15', reason: 'Ask' })).toEqual([
      'clientProfile.followUp.validation.dateBeforeToday',
    ]);
    expect(await errorsOf({ dueDate: '2028-11-17', reason: 'Ask' })).toEqual([
      'clientProfile.followUp.validation.dateTooLate',
    ]);
  });

  it('refuses a reason over 200 characters, counting an emoji as one', async () => {
    expect(await errorsOf({ dueDate: '2026-11-20', reason: '\u{1F600}'.repeat(200) })).toEqual([]);
    expect(await errorsOf({ dueDate: '2026-11-20', reason: 'a'.repeat(201) })).toEqual([
      'clientProfile.followUp.validation.reasonTooLong',
    ]);
  });

  it('sends the reason trimmed', () => {
    expect(toFollowUpBody({ dueDate: '2026-11-20', reason: '  Ask  ' })).toEqual({
      dueDate: '2026-11-20',
      reason: 'Ask',
    });
  });
});
