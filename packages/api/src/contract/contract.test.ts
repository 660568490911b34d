import { messages, resolveProfilePictureUrl } from '@coach/domain';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { PersonSchema, UpdatePersonBodySchema } from './account.ts';
import {
  AcceptInviteBodySchema,
  CreateInviteBodySchema,
  LoginBodySchema,
  PasswordResetBodySchema,
  VerifyResetCodeBodySchema,
} from './auth.ts';
import { errorCodes, errorStatuses } from './errorCatalogue.ts';
import { routeCalls } from './routeCalls.ts';
import { openApiPath, type RouteDefinition, routes } from './routes.ts';
import { validationMessage } from './validationMessages.ts';

/** The spec message of the first error of a value, as the server would answer it. */
function firstMessage(schema: TSchema, value: Record<string, unknown>): string | undefined {
  const [first] = Value.Errors(schema, value);
  if (!first) return undefined;
  const field = first.instancePath.split('/').pop() ?? '';
  return validationMessage(first, value[field]);
}

const coachId = '00000000-0000-4000-8000-000000000101';
const person = {
  id: coachId,
  userId: '00000000-0000-4000-8000-000000000001',
  type: 'coach',
  firstName: 'Alex',
  lastName: 'Morgan',
  aboutMe: '',
  profilePicture: null,
  timezone: 'Europe/London',
  gender: null,
  birthDate: null,
  coachId: null,
};
const reset = { email: 'coach@example.com', password: 'Coach123!', resetPasswordCode: '123456' };

describe('email rules', () => {
  it('accepts a valid email', () => {
    expect(Value.Check(LoginBodySchema, { email: 'coach@example.com', password: 'x' })).toBe(true);
  });

  it.each([
    ['coach.example.com', messages.emailFormat],
    [' coach@example.com ', messages.emailFormat],
    ['', messages.emailRequired],
  ])('refuses %j with %j', (email, message) => {
    const body = { email, password: 'x' };
    expect(Value.Check(LoginBodySchema, body)).toBe(false);
    expect(firstMessage(LoginBodySchema, body)).toBe(message);
  });

  it("answers 'Email is required' when the email is missing", () => {
    expect(firstMessage(LoginBodySchema, { password: 'x' })).toBe(messages.emailRequired);
  });
});

describe('password rules', () => {
  it('accepts 8+ characters with upper, lower and digit', () => {
    expect(Value.Check(PasswordResetBodySchema, reset)).toBe(true);
  });

  it.each([
    ['Co1', messages.passwordMinLength],
    ['coach1234', messages.passwordRules],
    ['COACH1234', messages.passwordRules],
    ['CoachCoach', messages.passwordRules],
    ['', messages.passwordRequired],
  ])('refuses %j with %j', (password, message) => {
    const body = { ...reset, password };
    expect(Value.Check(PasswordResetBodySchema, body)).toBe(false);
    expect(firstMessage(PasswordResetBodySchema, body)).toBe(message);
  });

  it('asks only for a password at sign-in', () => {
    expect(Value.Check(LoginBodySchema, { email: 'a@example.com', password: 'short' })).toBe(true);
    expect(firstMessage(LoginBodySchema, { email: 'a@example.com', password: '' })).toBe(
      messages.passwordRequired,
    );
  });
});

describe('reset code rules', () => {
  it('accepts exactly 6 digits', () => {
    const body = { email: 'a@example.com', resetPasswordCode: '123456' };
    expect(Value.Check(VerifyResetCodeBodySchema, body)).toBe(true);
  });

  it.each([
    ['12345', messages.codeLength],
    ['1234567', messages.codeLength],
    ['12345a', messages.codeDigits],
    ['', messages.codeRequired],
  ])('refuses %j with %j', (resetPasswordCode, message) => {
    const body = { email: 'a@example.com', resetPasswordCode };
    expect(Value.Check(VerifyResetCodeBodySchema, body)).toBe(false);
    expect(firstMessage(VerifyResetCodeBodySchema, body)).toBe(message);
  });
});

describe('profile rules', () => {
  it('accepts a full profile with an empty about me', () => {
    expect(Value.Check(PersonSchema, person)).toBe(true);
    expect(Value.Check(UpdatePersonBodySchema, person)).toBe(true);
  });

  it.each([
    [{ firstName: '' }, messages.firstNameRequired],
    [{ firstName: '   ' }, messages.firstNameRequired],
    [{ lastName: '' }, messages.lastNameRequired],
    [{ firstName: 'a'.repeat(251) }, messages.maxNameLength],
    [{ lastName: 'a'.repeat(251) }, messages.maxNameLength],
    [{ aboutMe: 'a'.repeat(501) }, messages.aboutMeTooLong],
  ])('refuses %j with %j', (change, message) => {
    const body = { ...person, ...change };
    expect(Value.Check(UpdatePersonBodySchema, body)).toBe(false);
    expect(firstMessage(UpdatePersonBodySchema, body)).toBe(message);
  });

  it('accepts names of 250 characters and about me of 500', () => {
    const body = { ...person, firstName: 'a'.repeat(250), aboutMe: 'b'.repeat(500) };
    expect(Value.Check(UpdatePersonBodySchema, body)).toBe(true);
  });

  it('refuses an unknown type, gender or a malformed birth date', () => {
    expect(Value.Check(PersonSchema, { ...person, type: 'admin' })).toBe(false);
    expect(Value.Check(PersonSchema, { ...person, gender: 'other' })).toBe(false);
    expect(Value.Check(PersonSchema, { ...person, birthDate: '12/04/1985' })).toBe(false);
    expect(Value.Check(PersonSchema, { ...person, birthDate: '1985-04-12' })).toBe(true);
  });

  it('resolves the stored picture path against the resource base', () => {
    expect(resolveProfilePictureUrl(`resource/profilePicture/${coachId}`, '/api/resource')).toBe(
      `/api/resource/profilePicture/${coachId}`,
    );
    expect(resolveProfilePictureUrl('https://cdn.example.com/p.png', '/api/resource')).toBe(
      'https://cdn.example.com/p.png',
    );
    expect(resolveProfilePictureUrl(null, '/api/resource')).toBeNull();
  });
});

describe('invite bodies', () => {
  it('needs only an email to invite, and a strong password and names to accept', () => {
    expect(Value.Check(CreateInviteBodySchema, { email: 'new@example.com' })).toBe(true);
    const accept = { token: 't', password: 'Client123!', firstName: 'Jamie', lastName: 'Lee' };
    expect(Value.Check(AcceptInviteBodySchema, accept)).toBe(true);
    expect(Value.Check(AcceptInviteBodySchema, { ...accept, password: 'weak' })).toBe(false);
  });
});

describe('routes', () => {
  const table: [string, RouteDefinition][] = Object.entries(routes);

  it('keeps the spec paths exactly', () => {
    const paths = table.map(([, route]) => `${route.method} /api/${route.service}${route.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'GET /api/auth/session/current',
        'POST /api/auth/session/logout',
        'POST /api/auth/session/refresh',
        'GET /api/auth/users',
        'POST /api/auth/invites',
        'POST /api/auth/passwordReset/request',
        'POST /api/auth/passwordReset/verifyCode',
        'POST /api/auth/passwordReset',
        'GET /api/account/persons',
        'PUT /api/account/persons/:id',
      ]),
    );
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('describes every route with a summary and a success answer', () => {
    for (const [, route] of table) {
      expect(route.summary.length).toBeGreaterThan(0);
      const statuses = Object.keys(route.response).map(Number);
      expect(statuses.some((status) => status < 300)).toBe(true);
    }
  });

  it('documents every schema with a description and no $id', () => {
    for (const [, route] of table) {
      for (const schema of [
        route.params,
        route.query,
        route.body,
        ...Object.values(route.response),
      ]) {
        if (!schema) continue;
        expect((schema as { description?: unknown }).description).toEqual(expect.any(String));
        expect(JSON.stringify(schema)).not.toContain('$id');
      }
    }
  });

  it('makes every call as its entry of the route calls says, and has one route per call', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(routeCalls).sort());
    for (const [name, route] of table) {
      const { service, method, path, auth } = route;
      expect({ name, service, method, path, auth }).toEqual({
        name,
        ...routeCalls[name as keyof typeof routeCalls],
      });
    }
  });

  it('converts paths to the OpenAPI form', () => {
    expect(openApiPath(routes.updatePerson.path)).toBe('/persons/{id}');
  });

  it('lists an error status for every error code', () => {
    expect(errorCodes).toContain('invalid_credentials');
    expect(errorStatuses.invalid_credentials).toBe(401);
    expect(errorStatuses.rate_limited).toBe(429);
  });
});
