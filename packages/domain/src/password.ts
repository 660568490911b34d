// The rule of a new password (requirements R5.3: 'Requires numbers and different case letters'),
// the one source for the contract's schema (a JSON Schema pattern, checked by the server) and the
// app's forms (yup). Letters count in any script: 'Äpfelbaum123' has an upper-case letter.
import { limits, textLength } from './values/commonValues.ts';

/**
 * What a new password must hold besides its length, as JSON Schema pattern lookaheads (Unicode
 * property escapes: validators compile patterns with the `u` flag): a digit 0-9, a lower-case
 * letter and an upper-case letter of any script.
 */
export const passwordCharacterLookaheads =
  '(?=[\\s\\S]*[0-9])(?=[\\s\\S]*\\p{Ll})(?=[\\s\\S]*\\p{Lu})';

const passwordCharacters = new RegExp(`^${passwordCharacterLookaheads}`, 'u');

/** Whether a password holds a digit, a lower-case and an upper-case letter (any script). */
export function hasPasswordCharacters(password: string): boolean {
  return passwordCharacters.test(password);
}

/** Whether a password is long enough: counted in characters, as the server's schema counts. */
export function isLongEnoughPassword(password: string): boolean {
  return textLength(password) >= limits.passwordMinLength;
}
