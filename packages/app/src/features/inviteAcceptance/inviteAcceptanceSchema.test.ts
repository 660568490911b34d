import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../test/schemaErrors.ts';
import { inviteAcceptanceSchema } from './inviteAcceptanceSchema.ts';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  password: 'NewPass123',
  confirmPassword: 'NewPass123',
  timezone: 'Europe/Paris',
};

describe('invite acceptance schema', () => {
  it('requires every field, with the texts of the profile and the reset', () => {
    expect(
      fieldErrorsOf(inviteAcceptanceSchema, {
        firstName: ' ',
        lastName: '',
        password: '',
        confirmPassword: '',
        timezone: '',
      }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      password: 'Password is required',
      confirmPassword: 'Password confirmation is required',
      timezone: 'Timezone is required',
    });
  });

  it('limits names to 250 characters', () => {
    expect(
      fieldErrorsOf(inviteAcceptanceSchema, {
        ...valid,
        firstName: 'a'.repeat(251),
        lastName: 'b'.repeat(250),
      }),
    ).toEqual({
      firstName: 'Max 250 characters',
    });
  });

  it("applies the reset's password rules", () => {
    expect(
      fieldErrorsOf(inviteAcceptanceSchema, { ...valid, password: 'Ab1', confirmPassword: 'Ab1' }),
    ).toEqual({
      password: 'Password must be 8+ characters long',
    });
    expect(
      fieldErrorsOf(inviteAcceptanceSchema, {
        ...valid,
        password: 'longbutweak',
        confirmPassword: 'longbutweak',
      }),
    ).toEqual({ password: 'Requires numbers and different case letters' });
    expect(
      fieldErrorsOf(inviteAcceptanceSchema, { ...valid, confirmPassword: 'NewPass124' }),
    ).toEqual({
      password: 'Passwords do not match',
      confirmPassword: 'Passwords do not match',
    });
  });

  it.each(['+01:00', 'Etc/GMT+1', 'Paris'])('refuses the timezone %j', (timezone) => {
    expect(fieldErrorsOf(inviteAcceptanceSchema, { ...valid, timezone })).toEqual({
      timezone: 'Choose a timezone from the list, such as Europe/Paris',
    });
  });

  it('trims the names and sends the canonical spelling of the timezone', () => {
    expect(
      inviteAcceptanceSchema.validateSync({
        ...valid,
        firstName: ' Ada ',
        timezone: ' america/new york ',
      }),
    ).toEqual({ ...valid, timezone: 'America/New_York' });
  });
});
