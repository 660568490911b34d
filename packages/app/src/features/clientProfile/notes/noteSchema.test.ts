import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { chosenFollowUp } from '../followUp/followUpSchema.ts';
import { noteSchema } from './noteSchema.ts';

const context = { today: '2026-11-16' };

async function errorsOf(values: object): Promise<string[]> {
  try {
    await noteSchema.validate(values, { context, abortEarly: false });
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
}

const none = { hasFollowUp: false, dueDate: '', reason: '' };

describe('noteSchema', () => {
  it('asks for a text that is not only white space', async () => {
    expect(await errorsOf({ ...none, text: ' \n ' })).toEqual([
      'clientProfile.notes.validation.required',
    ]);
  });

  it('takes 5,000 characters and refuses more', async () => {
    expect(await errorsOf({ ...none, text: 'a'.repeat(5000) })).toEqual([]);
    expect(await errorsOf({ ...none, text: 'a'.repeat(5001) })).toEqual([
      'clientProfile.notes.validation.tooLong',
    ]);
  });

  it('checks the follow-up only when it is ticked', async () => {
    expect(await errorsOf({ ...none, text: 'Hi', dueDate: '1999-01-01' })).toEqual([]);
    expect(
      await errorsOf({ text: 'Hi', hasFollowUp: true, dueDate: '2026-11-15', reason: '' }),
    ).toEqual([
      'clientProfile.followUp.validation.dateBeforeToday',
      'clientProfile.followUp.validation.reasonRequired',
    ]);
  });

  it('gives the follow-up of a ticked form, and none otherwise', () => {
    const values = { text: 'Hi', hasFollowUp: true, dueDate: '2026-11-20', reason: 'Ask' };
    expect(chosenFollowUp(values)).toEqual({ dueDate: '2026-11-20', reason: 'Ask' });
    expect(chosenFollowUp({ ...values, hasFollowUp: false })).toBeNull();
  });
});
