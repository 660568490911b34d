import { limits, nameBreakingRanges, passwordCharacterLookaheads } from '@coach/domain';
import { Type } from 'typebox';

/**
 * One character of client text: anything but NUL (and the `excluded` ranges of a field's own
 * rule), and a surrogate only as half of a pair. PostgreSQL can store neither a NUL nor a lone
 * surrogate (UTF-8 has no form for it), so both are refused at the door with a 400 instead of
 * failing in the database. Written so that it holds with and without the regexp `u` flag (Ajv and
 * TypeBox both compile with it).
 */
function textCharacter(excluded = ''): string {
  return `(?:[^\\u0000\\uD800-\\uDFFF${excluded}]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])`;
}

/** The end every text-rule pattern shares, by which a validation issue is recognised. */
const textPatternEnd = '|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$';

/**
 * The text rule as a JSON Schema `pattern`; `lookaheads` adds a field's own rule before it
 * (a name must not be blank, a password needs a digit...), since a schema holds one pattern, and
 * `excluded` the character ranges the field refuses besides (a name's line breaks).
 */
export function textPattern(lookaheads = '', excluded = ''): string {
  return `^${lookaheads}${textCharacter(excluded)}*$`;
}

/**
 * Whether a schema pattern is a text-rule pattern (a field's own rule may stand before it), by the
 * end they all share.
 */
export function isTextRulePattern(pattern: unknown): boolean {
  return typeof pattern === 'string' && pattern.endsWith(textPatternEnd);
}

/** Whether a text breaks the text rule (a NUL or a lone surrogate). */
export function breaksTextRule(text: string): boolean {
  return text.includes('\u0000') || /\p{Cs}/u.test(text);
}

/** A {@link FreeTextSchema} lookahead: the text holds something other than white space. */
export const notBlankLookahead = '(?=[\\s\\S]*\\S)';

/**
 * Free text from a client (names, notes, answers, tokens...): bounded by `maxLength` and held to
 * the text rule ({@link textPattern}). Every string a request carries is either this or a
 * stricter format (uuid, date, email, digits).
 */
export function FreeTextSchema(
  options: { maxLength: number; minLength?: number; description: string },
  lookaheads = '',
) {
  return Type.String({ ...options, pattern: textPattern(lookaheads) });
}

/** An email address, trimmed (callers trim it before sending: see {@link normalizeEmail}). */
export const EmailSchema = Type.String({
  format: 'email',
  minLength: 1,
  maxLength: limits.emailMaxLength,
  description: 'Email address, trimmed',
});

/** A new password: 8+ characters with an uppercase letter, a lowercase letter and a digit (the domain's password rule). */
export const PasswordSchema = Type.String({
  minLength: limits.passwordMinLength,
  maxLength: limits.passwordMaxLength,
  pattern: textPattern(passwordCharacterLookaheads),
  description:
    '8+ characters with an uppercase letter, a lowercase letter (of any script) and a digit 0-9',
});

/** A password being checked at sign-in: only required (old passwords may predate the rules). */
export const LoginPasswordSchema = Type.String({
  minLength: 1,
  maxLength: limits.passwordMaxLength,
  pattern: textPattern(),
  description: 'The password',
});

/**
 * A first or last name: 1 to 250 characters, not blank, one line (no control characters nor
 * line breaks: see `nameBreakingCharacters`).
 */
export const NameSchema = Type.String({
  minLength: 1,
  maxLength: limits.nameMaxLength,
  pattern: textPattern('(?=[\\s\\S]*\\S)', nameBreakingRanges),
  description: 'A name, 1 to 250 characters, not blank, on one line',
});

/** The 6-digit reset code sent by mail. */
export const ResetCodeSchema = Type.String({
  minLength: limits.codeLength,
  maxLength: limits.codeLength,
  pattern: '^[0-9]*$',
  description: 'The 6-digit code sent by mail',
});

/** An IANA timezone name such as Europe/Paris. */
export const TimezoneSchema = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: textPattern(),
  description: 'IANA timezone name, e.g. Europe/Paris',
});

/** Trims an email as the spec asks, before it is validated and sent. */
export function normalizeEmail(email: string): string {
  return email.trim();
}
