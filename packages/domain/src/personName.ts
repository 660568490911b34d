import { nameBreakingCharacters } from './values/commonValues.ts';

/**
 * A person's name as every screen, mail and report writes it: 'First Last' on one line (see
 * {@link oneLineName}), '' when both are empty (callers then say 'Your coach' or the like).
 */
export function fullName(person: { firstName: string; lastName: string }): string {
  return oneLineName(`${person.firstName} ${person.lastName}`);
}

/**
 * A name on one line: each run of line breaks and other control characters becomes one space.
 * The contract refuses them in new names; this keeps names stored before the rule to one line.
 */
export function oneLineName(name: string): string {
  return name
    .replace(new RegExp(`${nameBreakingCharacters}+`, 'g'), ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * Whether a text could be read as a link or an address by a mail reader, which makes those
 * clickable in plain text: a scheme or path ('://', ':', '/'), an address ('@'), or a dot between
 * two letters or digits ('www.x', 'evil.example', full-width and ideographic dots included).
 */
export function looksLikeLink(text: string): boolean {
  return /[:/\\@]|[\p{L}\p{N}][.\u3002\uFF0E\uFF61][\p{L}\p{N}]/u.test(text);
}

/**
 * A name as a mail the product sends may write it: plain text on one line, or null when it looks
 * like a link (the mail then uses its own words, 'Hello,' or 'Your coach'), so the only link in
 * a mail is the product's own.
 */
export function mailSafeName(name: string): string | null {
  const line = oneLineName(name);
  return line === '' || looksLikeLink(line) ? null : line;
}
