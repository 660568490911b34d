import { canonicalTimeZone, type UpdatePersonBody } from '@coach/api';
import type { ProfileFields } from './persons.ts';

/** With the u flag, a surrogate only matches when it is not half of a pair. */
const loneSurrogate = /\p{Cs}/u;

/** The oldest birth date accepted (PostgreSQL dates start at year 1; people, later). */
const earliestBirthDate = '1900-01-01';

/**
 * The checks of a profile body that JSON Schema cannot express: text PostgreSQL can store (no NUL
 * characters, no lone surrogates), a real IANA timezone (stored in its canonical spelling) and a
 * birth date between 1900 and today. Answers the fields to store, or the problem in words.
 */
export function checkProfile(
  body: UpdatePersonBody,
  today = new Date().toISOString().slice(0, 10),
): { fields: ProfileFields } | { problem: string } {
  for (const key of ['firstName', 'lastName', 'aboutMe', 'timezone'] as const) {
    const value = body[key];
    if (value.includes('\u0000') || loneSurrogate.test(value)) {
      return { problem: `${key} contains characters that are not allowed` };
    }
  }
  const timezone = canonicalTimeZone(body.timezone);
  if (!timezone) return { problem: `Unknown timezone '${body.timezone.slice(0, 64)}'` };
  if (body.birthDate !== null && (body.birthDate < earliestBirthDate || body.birthDate > today)) {
    return { problem: `The birth date must be between ${earliestBirthDate} and today` };
  }
  return {
    fields: {
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      aboutMe: body.aboutMe,
      timezone,
      gender: body.gender,
      birthDate: body.birthDate,
    },
  };
}
