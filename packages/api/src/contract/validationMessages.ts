import {
  coachLanguageMessage,
  dateBoundsPattern,
  dateOutOfBoundsMessage,
  isOneLineName,
  limits,
  messages,
} from '@coach/domain';
import { breaksTextRule, isTextRulePattern, notBlankLookahead } from './fieldSchemas.ts';

/**
 * A validation error as both TypeBox (`Value.Errors`) and Ajv report it: enough to pick a message.
 */
export type ValidationIssue = {
  keyword: string;
  instancePath: string;
  /** Where in the schema: TypeBox reports a record key's issue at the key, under propertyNames. */
  schemaPath?: string;
  params?: Record<string, unknown>;
  /** Ajv: the record key a `propertyNames` issue is about (the path is the record's). */
  propertyName?: string;
};

/**
 * The spec's message for a validation error of a contract body (point 5), or undefined when the
 * field has none (the caller then uses its own generic text).
 */
export function validationMessage(issue: ValidationIssue, value?: unknown): string | undefined {
  const keyMessage = recordKeyMessage(issue);
  if (keyMessage) return keyMessage;
  const dateMessage = dateIssueMessage(issue);
  if (dateMessage) return dateMessage;
  // A field's own rule shares the text rule's pattern: the value tells which one it broke.
  if (isTextRuleIssue(issue) && (typeof value !== 'string' || breaksTextRule(value))) {
    return `${fieldPath(issue.instancePath.split('/').slice(1))} contains characters that are not allowed`;
  }
  const missing = issue.params?.missingProperty ?? firstOf(issue.params?.requiredProperties);
  const field =
    issue.keyword === 'required' && typeof missing === 'string'
      ? missing
      : (issue.instancePath.split('/').pop() ?? '');
  const isEmpty = issue.keyword === 'required' || value === '';
  switch (field) {
    case 'email':
      return isEmpty ? messages.emailRequired : messages.emailFormat;
    case 'password':
      if (isEmpty) return messages.passwordRequired;
      if (issue.keyword === 'minLength') return messages.passwordMinLength;
      if (issue.keyword === 'pattern') return messages.passwordRules;
      return undefined;
    case 'firstName':
    case 'lastName':
      if (typeof value === 'string' && !isOneLineName(value)) {
        return field === 'firstName' ? messages.firstNameOneLine : messages.lastNameOneLine;
      }
      if (isEmpty || issue.keyword === 'minLength' || issue.keyword === 'pattern') {
        return field === 'firstName' ? messages.firstNameRequired : messages.lastNameRequired;
      }
      return issue.keyword === 'maxLength' ? messages.maxNameLength : undefined;
    case 'aboutMe':
      return issue.keyword === 'maxLength' ? messages.aboutMeTooLong : undefined;
    // A coach's language: one message for each branch of the union a wrong value fails.
    case 'language':
      return coachLanguageMessage;
    case 'resetPasswordCode':
    case 'code':
      if (isEmpty) return messages.codeRequired;
      if (issue.keyword === 'minLength' || issue.keyword === 'maxLength')
        return messages.codeLength;
      if (issue.keyword === 'pattern') return messages.codeDigits;
      return undefined;
    default:
      // A text of a field that must hold more than white space (a message, a quick reply).
      return isTextRuleIssue(issue) && isBlankRefused(issue, value)
        ? `${fieldPath(issue.instancePath.split('/').slice(1))} must not be blank`
        : undefined;
  }
}

/** How many of a refused request's problems its message names. */
export const maxValidationIssues = 3;

/** What a validator reports of one problem: an issue and, Ajv's or TypeBox's, its words. */
export type ReportedIssue = ValidationIssue & { message?: string };

/**
 * The message of a request the contract refuses, as the server words it: the first few problems
 * (a refused record key's summary issue only when alone), each by {@link validationMessage} or
 * as the validator's words after the field, without repeats, cut to the longest error message.
 * `input` is the part checked (`context`: 'body', 'querystring' or 'params').
 */
export function validationFailureMessage(
  reported: readonly ReportedIssue[],
  input: unknown,
  context: string,
): string {
  const issues = reported.filter(
    (issue, _, all) => issue.keyword !== 'propertyNames' || all.length === 1,
  );
  const texts = issues.slice(0, maxValidationIssues).map((issue) => {
    const value = valueAtPointer(input, issue.instancePath);
    return (
      validationMessage(issue, value) ??
      `${issue.instancePath.slice(1) || context || 'request'} ${issue.message ?? 'is invalid'}`
    );
  });
  return [...new Set(texts)].join('; ').slice(0, limits.errorMessageMaxLength);
}

/** The value at a JSON pointer of a request part (undefined when the path is missing). */
function valueAtPointer(body: unknown, pointer: string): unknown {
  let value = body;
  for (const segment of pointer.split('/').slice(1)) {
    const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The message of a date or date-time out of bounds or malformed, naming the field. */
function dateIssueMessage(issue: ValidationIssue): string | undefined {
  const field = fieldPath(issue.instancePath.split('/').slice(1));
  if (issue.keyword === 'pattern' && issue.params?.pattern === dateBoundsPattern) {
    return dateOutOfBoundsMessage(field);
  }
  if (issue.keyword !== 'format') return undefined;
  if (issue.params?.format === 'date') return `${field} must be a date (YYYY-MM-DD)`;
  if (issue.params?.format === 'date-time') return `${field} must be a date-time (ISO 8601)`;
  return undefined;
}

/** Whether `value` is white space only where the field's pattern wants something else. */
function isBlankRefused(issue: ValidationIssue, value: unknown): boolean {
  const pattern = issue.params?.pattern;
  return (
    typeof value === 'string' &&
    value.trim() === '' &&
    typeof pattern === 'string' &&
    pattern.startsWith(`^${notBlankLookahead}`)
  );
}

function isTextRuleIssue(issue: ValidationIssue): boolean {
  return issue.keyword === 'pattern' && isTextRulePattern(issue.params?.pattern);
}

/** The message for a refused key of a record (answers' question keys), naming the record. */
function recordKeyMessage(issue: ValidationIssue): string | undefined {
  const isAtRecord = issue.propertyName !== undefined || issue.keyword === 'propertyNames';
  const isAtKey = !isAtRecord && /\/propertyNames(\/|$)/.test(issue.schemaPath ?? '');
  if (!isAtRecord && !isAtKey) return undefined;
  const segments = issue.instancePath.split('/').slice(1);
  const record = fieldPath(isAtKey ? segments.slice(0, -1) : segments);
  if (issue.keyword === 'maxLength') {
    return `${record} keys must be at most ${String(issue.params?.limit)} characters`;
  }
  if (issue.keyword === 'minLength') return `${record} keys must not be empty`;
  if (issue.keyword === 'pattern') return `${record} keys contain characters that are not allowed`;
  return `${record} has a key that is not allowed`;
}

/** `answers.q` for the JSON pointer `/answers/q`. */
function fieldPath(segments: string[]): string {
  if (segments.length === 0) return 'request';
  return segments.map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~')).join('.');
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : undefined;
}
