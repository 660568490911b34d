import { messages } from '@coach/domain';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { UpdatePersonBodySchema } from './account.ts';
import { AcceptInviteBodySchema } from './auth.ts';
import { breaksTextRule } from './fieldSchemas.ts';
import { QuickRepliesSchema, SendMessageBodySchema } from './messaging.ts';
import { SubmitAssessmentBodySchema } from './survey.ts';
import { validationMessage } from './validationMessages.ts';

// The text rule as the app and the mocks see it (TypeBox), with the server's messages.

function firstMessage(schema: TSchema, value: Record<string, unknown>): string | undefined {
  const [first] = Value.Errors(schema, value);
  if (!first) return undefined;
  const field = first.instancePath.split('/').pop() ?? '';
  return validationMessage(first, value[field]);
}

const accept = { token: 't', password: 'Client123!', firstName: 'Jamie', lastName: 'Lee' };
const assessment = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Stress check',
  status: 'complete',
  answeredAt: '2026-03-04T19:00:00.000Z',
  answers: { q1: 3 },
};

describe('the text rule', () => {
  it('tells a NUL or a lone surrogate from text', () => {
    expect(breaksTextRule('a\u0000b')).toBe(true);
    expect(breaksTextRule('a\ud800')).toBe(true);
    expect(breaksTextRule('\udc00a')).toBe(true);
    expect(breaksTextRule('😀 Ça va ✓')).toBe(false);
  });

  it('accepts emoji and other scripts in names, passwords and answers', () => {
    expect(Value.Check(AcceptInviteBodySchema, { ...accept, firstName: 'Zoë 😀' })).toBe(true);
    expect(Value.Check(AcceptInviteBodySchema, { ...accept, password: 'Client123!😀' })).toBe(true);
    const answers = { 'q😀': '日本 👍🏽' };
    expect(Value.Check(SubmitAssessmentBodySchema, { ...assessment, answers })).toBe(true);
  });

  it.each([
    ['firstName', 'A\u0000B'],
    ['lastName', 'x\ud800y'],
    ['password', 'Client123!\u0000'],
    ['token', 't\udc00'],
  ])('refuses %s %j naming the field', (field, value) => {
    const body = { ...accept, [field]: value };
    expect(Value.Check(AcceptInviteBodySchema, body)).toBe(false);
    expect(firstMessage(AcceptInviteBodySchema, body)).toBe(
      `${field} contains characters that are not allowed`,
    );
  });

  it('keeps the spec texts of a blank name and a weak password', () => {
    expect(firstMessage(AcceptInviteBodySchema, { ...accept, firstName: '  ' })).toBe(
      messages.firstNameRequired,
    );
    expect(firstMessage(AcceptInviteBodySchema, { ...accept, password: 'clientclient' })).toBe(
      messages.passwordRules,
    );
  });

  it('names the answer or the answers whose key breaks the rule', () => {
    const [value] = Value.Errors(SubmitAssessmentBodySchema, {
      ...assessment,
      answers: { q: 'x\u0000' },
    });
    expect(value && validationMessage(value)).toBe(
      'answers.q contains characters that are not allowed',
    );
    const [key] = Value.Errors(SubmitAssessmentBodySchema, {
      ...assessment,
      answers: { 'q\u0000': 'x' },
    });
    expect(key && validationMessage(key)).toBe(
      'answers keys contain characters that are not allowed',
    );
  });

  it('holds for about me', () => {
    const person = {
      firstName: 'Alex',
      lastName: 'Morgan',
      aboutMe: 'a\u0000',
      timezone: 'Europe/London',
      gender: null,
      birthDate: null,
    };
    expect(firstMessage(UpdatePersonBodySchema, person)).toBe(
      'aboutMe contains characters that are not allowed',
    );
  });

  it('refuses a message or a quick reply of white space only, and keeps line breaks in one', () => {
    const id = '00000000-0000-4000-8000-000000000002';
    expect(Value.Check(SendMessageBodySchema, { id, text: ' \n\t\u00A0' })).toBe(false);
    expect(firstMessage(SendMessageBodySchema, { id, text: ' \n ' })).toBe(
      'text must not be blank',
    );
    expect(Value.Check(SendMessageBodySchema, { id, text: '\n  Hi,\n\nsee you\n' })).toBe(true);
    expect(Value.Check(SendMessageBodySchema, { id, text: 'x'.repeat(2001) })).toBe(false);
    expect(Value.Check(QuickRepliesSchema, { items: [{ id, text: '   ' }] })).toBe(false);
    expect(Value.Check(QuickRepliesSchema, { items: [{ id, text: 'Hi {firstName}' }] })).toBe(true);
  });
});
