import { describe, expect, it } from 'vitest';
import { fullName } from './personName.ts';

describe('fullName', () => {
  it("writes 'First Last', without stray spaces when a part is missing", () => {
    expect(fullName({ firstName: 'Alex', lastName: 'Morgan' })).toBe('Alex Morgan');
    expect(fullName({ firstName: 'Alex', lastName: '' })).toBe('Alex');
    expect(fullName({ firstName: '', lastName: '' })).toBe('');
  });
});
