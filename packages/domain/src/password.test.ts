import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPasswordCharacters, isLongEnoughPassword } from './password.ts';

describe('the new-password rule', () => {
  it.each([
    ['Password1', 'Latin'],
    ['Äpfelbaum123', 'an upper-case umlaut'],
    ['äPFELBAUM123', 'a lower-case umlaut'],
    ['Пароль123', 'Cyrillic'],
    ['Σίσυφος12', 'Greek'],
  ])('takes %s (%s)', (password) => {
    expect(hasPasswordCharacters(password)).toBe(true);
  });

  it.each([
    ['password1', 'no upper-case letter'],
    ['PASSWORD1', 'no lower-case letter'],
    ['Password', 'no digit'],
    ['пароль123', 'Cyrillic without an upper-case letter'],
    ['Pass٣word', 'an Arabic-Indic digit only (the rule asks for 0-9)'],
    ['密码密码Aa', 'CJK letters have no case: no digit either'],
    ['密码密码12', 'CJK letters have no case'],
  ])('refuses %s (%s)', (password) => {
    expect(hasPasswordCharacters(password)).toBe(false);
  });

  it('finds the three kinds anywhere, line breaks included', () => {
    expect(hasPasswordCharacters('1\na\nB')).toBe(true);
  });

  it('counts the length in characters, as the server does: four emoji are four', () => {
    expect(isLongEnoughPassword('😀😀😀😀aB1')).toBe(false);
    expect(isLongEnoughPassword('😀😀😀😀aB12')).toBe(true);
    expect(isLongEnoughPassword('12345678')).toBe(true);
  });

  it('takes any text holding a digit, a lower-case and an upper-case letter', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        expect(hasPasswordCharacters(`${before}é${after}7Ö`)).toBe(true);
      }),
    );
  });
});
