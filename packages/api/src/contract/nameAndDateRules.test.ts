import { isOneLineName, messages } from '@coach/domain';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { UpdatePersonBodySchema } from './account.ts';
import { AcceptInviteBodySchema, CreateInviteBodySchema } from './auth.ts';
import { DateRangeQuerySchema } from './calendar.ts';
import { RecordExerciseBodySchema } from './exercise.ts';
import { SubmitReflectionBodySchema } from './survey.ts';
import { validationMessage } from './validationMessages.ts';

// The name and date rules as the app and the mocks see them (TypeBox), with the server's messages.

function firstMessage(schema: TSchema, value: Record<string, unknown>): string | undefined {
  const [first] = Value.Errors(schema, value);
  if (!first) return undefined;
  const field = first.instancePath.split('/').pop() ?? '';
  return validationMessage(first, value[field]);
}

const accept = { token: 't', password: 'Client123!', firstName: 'Jamie', lastName: 'Lee' };
const profile = {
  firstName: 'Ann',
  lastName: 'Lee',
  aboutMe: '',
  timezone: 'UTC',
  gender: null,
  birthDate: '1980-01-01',
};

describe('names are one line', () => {
  it.each([
    'Frank\n\nURGENT: http://evil.example/login',
    'Frank\r\nBcc: x@example.com',
    'Frank\u2028X',
    'Frank\u2029X',
    'Frank\u0085X',
    'Frank\tX',
    'Frank\u001bX',
  ])('refuses %j in every name field, naming the field', (name) => {
    expect(isOneLineName(name)).toBe(false);
    for (const [schema, body] of [
      [CreateInviteBodySchema, { email: 'a@example.com' }],
      [AcceptInviteBodySchema, accept],
      [UpdatePersonBodySchema, profile],
    ] as const) {
      expect(firstMessage(schema, { ...body, firstName: name })).toBe(messages.firstNameOneLine);
      expect(firstMessage(schema, { ...body, lastName: name })).toBe(messages.lastNameOneLine);
    }
  });

  it('accepts names in any script, with spaces, hyphens and apostrophes', () => {
    for (const name of ["Zoë O'Brien-Lee", '李 小龙', 'Jamie 😀', 'José\u00a0María']) {
      expect(isOneLineName(name)).toBe(true);
      expect(Value.Check(AcceptInviteBodySchema, { ...accept, firstName: name })).toBe(true);
    }
  });

  it('keeps the texts of a blank name and of a NUL', () => {
    expect(firstMessage(AcceptInviteBodySchema, { ...accept, firstName: ' ' })).toBe(
      messages.firstNameRequired,
    );
    expect(firstMessage(AcceptInviteBodySchema, { ...accept, lastName: 'a\u0000b' })).toBe(
      'lastName contains characters that are not allowed',
    );
  });
});

describe('dates are between 1900-01-01 and 2199-12-31', () => {
  it.each(['0000-01-01', '0001-01-01', '1899-12-31', '2200-01-01', '9999-12-31'])(
    'refuses %s in a range, a report period and a birth date, naming the field',
    (date) => {
      expect(firstMessage(DateRangeQuerySchema, { from: date, to: '2024-01-01' })).toBe(
        'from must be between 1900-01-01 and 2199-12-31',
      );
      expect(Value.Check(UpdatePersonBodySchema, { ...profile, birthDate: date })).toBe(false);
    },
  );

  it('accepts the bounds, and names the field of a date that is none', () => {
    expect(Value.Check(DateRangeQuerySchema, { from: '1900-01-01', to: '2199-12-31' })).toBe(true);
    expect(firstMessage(DateRangeQuerySchema, { from: '2024-02-30', to: '2024-03-01' })).toBe(
      'from must be a date (YYYY-MM-DD)',
    );
  });

  it.each(['0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z'])(
    'refuses the date-time %s in submissions, naming the field',
    (at) => {
      const reflection = {
        id: '00000000-0000-4000-8000-000000000001',
        type: 'reflection',
        answeredAt: at,
        answers: { productivity: 1, mental: 1, physical: 1 },
      };
      expect(firstMessage(SubmitReflectionBodySchema, reflection)).toBe(
        'answeredAt must be between 1900-01-01 and 2199-12-31',
      );
      const measures = { hrv1: 50, hrv2: 50, pulseRate: 60, respiratoryRate: 12 };
      const exercise = {
        id: reflection.id,
        goal: 'calm',
        startedAt: at,
        completedAt: '2024-01-01T10:00:00Z',
        before: measures,
        after: measures,
        result: 'ok',
      };
      expect(firstMessage(RecordExerciseBodySchema, exercise)).toBe(
        'startedAt must be between 1900-01-01 and 2199-12-31',
      );
    },
  );
});
