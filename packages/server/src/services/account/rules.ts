import type { UpdatePersonBody } from '@coach/api';
import { canonicalTimeZone, dateBounds, localDateOf } from '@coach/domain';
import { DomainError } from '../../domainError.ts';
import type { ProfileFields } from './store.ts';

/** The oldest birth date accepted: the first date the product knows. */
const earliestBirthDate = dateBounds.earliest;

/**
 * The checks of a profile body that JSON Schema cannot express (the contract's text rule has
 * already refused NUL characters and lone surrogates): a real IANA timezone (stored in its
 * canonical spelling) and a birth date between 1900 and `now`'s date in that timezone (the
 * person's today: in Kiribati a day ahead of UTC, in California often a day behind). Answers the
 * fields to store; throws a `validation_failed` DomainError naming the problem.
 */
export function checkProfile(body: UpdatePersonBody, now: Date): ProfileFields {
  const timezone = canonicalTimeZone(body.timezone);
  if (!timezone) invalid(`Unknown timezone '${body.timezone.slice(0, 64)}'`);
  const today = localDateOf(now, timezone);
  if (body.birthDate !== null && (body.birthDate < earliestBirthDate || body.birthDate > today)) {
    invalid(`birthDate must be between ${earliestBirthDate} and today`);
  }
  return {
    firstName: body.firstName.trim(),
    lastName: body.lastName.trim(),
    aboutMe: body.aboutMe,
    timezone,
    gender: body.gender,
    birthDate: body.birthDate,
  };
}

function invalid(problem: string): never {
  throw new DomainError('validation_failed', problem);
}
