import { describe, expect, it } from 'vitest';
import { listedCount } from './periodNotes.ts';

const notesOf = (...lengths: number[]) => lengths.map((length) => ({ text: 'x'.repeat(length) }));

describe("how many of a period's notes a report lists", () => {
  it('lists the newest notes up to the count', () => {
    expect(listedCount(notesOf(10, 10, 10, 10), { max: 3, maxCharacters: 1000 })).toBe(3);
    expect(listedCount(notesOf(10, 10), { max: 3, maxCharacters: 1000 })).toBe(2);
    expect(listedCount([], { max: 3, maxCharacters: 1000 })).toBe(0);
  });

  it('stops at the first note past the characters, so only the oldest are left out', () => {
    expect(listedCount(notesOf(40, 50, 20, 5), { max: 10, maxCharacters: 100 })).toBe(2);
    expect(listedCount(notesOf(40, 60), { max: 10, maxCharacters: 100 })).toBe(2);
    expect(listedCount(notesOf(40, 61), { max: 10, maxCharacters: 100 })).toBe(1);
  });

  it('always lists the newest note, however long', () => {
    expect(listedCount(notesOf(5000, 1), { max: 10, maxCharacters: 100 })).toBe(1);
  });

  it('counts characters as a person does, not UTF-16 units', () => {
    const emoji = [{ text: '🙂'.repeat(50) }, { text: '🙂'.repeat(50) }];
    expect(listedCount(emoji, { max: 10, maxCharacters: 100 })).toBe(2);
  });
});
