import { describe, expect, it } from 'vitest';
import { ListAnswers, listAnswerMinuteMs } from './listAnswers.ts';

const minute = new Date('2026-03-20T12:00:00.000Z');
const later = (ms: number) => new Date(minute.getTime() + ms);
const key = { versions: '4,9,12', now: minute, timezone: 'Europe/London' };

describe('the kept answers of the clients list', () => {
  it('serve their coach, the same versions, minute and time zone only', () => {
    const answers = new ListAnswers();
    const body = Buffer.from('{"clients":[]}');
    answers.keep('coach-a', key, body);
    expect(answers.find('coach-a', key)).toBe(body);
    expect(answers.find('coach-a', { ...key, now: later(listAnswerMinuteMs - 1) })).toBe(body);
    expect(answers.find('coach-b', key)).toBeUndefined();
    expect(answers.find('coach-a', { ...key, versions: '4,9,13' })).toBeUndefined();
    expect(answers.find('coach-a', { ...key, versions: '4,9' })).toBeUndefined();
    expect(answers.find('coach-a', { ...key, now: later(listAnswerMinuteMs) })).toBeUndefined();
    expect(answers.find('coach-a', { ...key, timezone: 'Asia/Tokyo' })).toBeUndefined();
  });

  it('replace a coach answer with the newer one, and forget the least used past their bytes', () => {
    const answers = new ListAnswers(10);
    answers.keep('coach-a', key, Buffer.from('aaaa'));
    answers.keep('coach-a', { ...key, versions: '5' }, Buffer.from('AAAA'));
    expect(answers.bytes).toBe(4);
    expect(answers.find('coach-a', key)).toBeUndefined();
    answers.keep('coach-b', key, Buffer.from('bbbb'));
    // Coach a used last: coach b is forgotten first.
    expect(answers.find('coach-a', { ...key, versions: '5' })?.toString()).toBe('AAAA');
    answers.keep('coach-c', key, Buffer.from('cccc'));
    expect(answers.find('coach-b', key)).toBeUndefined();
    expect(answers.find('coach-c', key)?.toString()).toBe('cccc');
    expect(answers.bytes).toBe(8);
    // An answer over the whole allowance is not kept.
    answers.keep('coach-d', key, Buffer.alloc(11));
    expect(answers.find('coach-d', key)).toBeUndefined();
    expect(answers.bytes).toBe(8);
  });
});
