import { describe, expect, it } from 'vitest';
import { foldSearchText } from './searchFold.ts';

describe('foldSearchText', () => {
  it('drops accents, maps the Latin letters without a decomposition to their base, and lowercases', () => {
    expect(foldSearchText('Café MÜLLER')).toBe('cafe muller');
    expect(foldSearchText('Øresund Łódź Đakovo Ħal Ŧ')).toBe('oresund lodz dakovo hal t');
    // An é written as e and a combining acute folds like the composed one.
    expect(foldSearchText('Cafe\u0301')).toBe(foldSearchText('Café'));
  });

  it('leaves what it does not fold as it is: digits, signs, other scripts in their own lowercase', () => {
    expect(foldSearchText('50% _x_ \\')).toBe('50% _x_ \\');
    expect(foldSearchText('ΣΟΦΙΑ')).toBe('σοφια');
  });
});
