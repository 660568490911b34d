import { describe, expect, it } from 'vitest';
import { quickRepliesSchema } from './quickRepliesSchema.ts';

const reply = (text: string, index = 0) => ({ id: `id-${index}`, text });
const errorsOf = async (items: { id: string; text: string }[]) => {
  try {
    await quickRepliesSchema.validate({ items }, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

describe('quickRepliesSchema', () => {
  it('takes up to 20 replies of 1 to 2000 characters', async () => {
    const items = Array.from({ length: 20 }, (_, index) => reply('x'.repeat(2000), index));
    expect(await errorsOf(items)).toEqual([]);
  });

  it('refuses an empty or blank reply, one over 2000 characters and a 21st', async () => {
    expect(await errorsOf([reply('')])).toEqual(['settings.quickReplies.required']);
    expect(await errorsOf([reply(' \n ')])).toEqual(['settings.quickReplies.required']);
    expect(await errorsOf([reply('x'.repeat(2001))])).toEqual(['settings.quickReplies.tooLong']);
    // 2000 emoji are 2000 characters, as the server counts them.
    expect(await errorsOf([reply('🙂'.repeat(2000))])).toEqual([]);
    const many = Array.from({ length: 21 }, (_, index) => reply('Hi', index));
    expect(await errorsOf(many)).toEqual(['settings.quickReplies.tooMany']);
  });
});
