import { messages } from '@coach/domain';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../../test/schemaErrors.ts';
import { settingsSchema } from './settingsSchema.ts';

describe('settings schema', () => {
  it('requires the first and last names (spaces alone are none)', () => {
    expect(fieldErrorsOf(settingsSchema, { firstName: '', lastName: '  ', aboutMe: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });

  it("refuses a name with a line break or a control character, in the contract's words", () => {
    for (const name of [
      'Frank\n\nURGENT',
      'Frank\r\nBcc: x',
      'Frank\u2028X',
      'Frank\tX',
      'A\u0000B',
    ]) {
      expect(
        fieldErrorsOf(settingsSchema, { firstName: name, lastName: name, aboutMe: '' }),
      ).toEqual({
        firstName: messages.firstNameOneLine,
        lastName: messages.lastNameOneLine,
      });
    }
    expect(messages.firstNameOneLine).toBe('First name must be on one line');
    // Around the name, a line break is trimmed like any space.
    expect(
      fieldErrorsOf(settingsSchema, { firstName: 'Frank\n', lastName: ' Lee\t', aboutMe: '' }),
    ).toEqual({});
  });

  it('allows 250 characters per name and refuses 251', () => {
    const ok = 'a'.repeat(250);
    expect(fieldErrorsOf(settingsSchema, { firstName: ok, lastName: ok, aboutMe: '' })).toEqual({});
    const long = 'a'.repeat(251);
    expect(fieldErrorsOf(settingsSchema, { firstName: long, lastName: long, aboutMe: '' })).toEqual(
      {
        firstName: 'Max 250 characters',
        lastName: 'Max 250 characters',
      },
    );
  });

  it('counts characters as the server does: 250 emoji are a name, 251 are not', () => {
    const emoji = (count: number) => '\u{1F600}'.repeat(count);
    expect(
      fieldErrorsOf(settingsSchema, { firstName: emoji(250), lastName: 'B', aboutMe: emoji(500) }),
    ).toEqual({});
    expect(
      fieldErrorsOf(settingsSchema, { firstName: emoji(251), lastName: 'B', aboutMe: emoji(501) }),
    ).toEqual({
      firstName: 'Max 250 characters',
      aboutMe: 'Max 500 characters',
    });
  });

  it('allows 500 characters of about me and refuses 501', () => {
    expect(
      fieldErrorsOf(settingsSchema, { firstName: 'A', lastName: 'B', aboutMe: 'x'.repeat(500) }),
    ).toEqual({});
    expect(
      fieldErrorsOf(settingsSchema, { firstName: 'A', lastName: 'B', aboutMe: 'x'.repeat(501) }),
    ).toEqual({
      aboutMe: 'Max 500 characters',
    });
  });
});
