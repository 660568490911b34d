import {
  type CoachLanguage,
  canonicalTimeZone,
  inviteAccountExistsMessage,
  inviteTimeZoneMessage,
} from '@coach/domain';
import { type DatabaseHandle, normalizeEmail } from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import { findUserByEmail, hashPassword, insertAccount } from '../auth/index.ts';

/** A coach account as an operator creates it (`npm run create-coach`): checked by the caller. */
export type NewCoach = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** An IANA zone; the app sets the coach's own at the first sign-in while none was chosen. */
  timezone?: string;
  /** Their screens', mails' and reports' language; English by default. */
  language?: CoachLanguage;
};

/**
 * Creates a coach account of the handle's organisation: the user and its 'coach' profile, in one
 * transaction. A deployment's first coach comes this way (invites make clients, never coaches).
 * Refuses an email that has an account, whatever its type.
 */
export async function createCoachAccount(
  database: DatabaseHandle,
  coach: NewCoach,
): Promise<{ personId: string; email: string }> {
  const { organisationId } = database;
  const email = normalizeEmail(coach.email);
  const timezone = coach.timezone === undefined ? null : canonicalTimeZone(coach.timezone);
  if (coach.timezone !== undefined && !timezone) {
    throw new DomainError('invalid_timezone', inviteTimeZoneMessage(coach.timezone));
  }
  const passwordHash = await hashPassword(coach.password);
  return database.transaction(async (tx) => {
    if (await findUserByEmail(tx, organisationId, email)) {
      throw new DomainError('already_registered', inviteAccountExistsMessage(email));
    }
    const { personId } = await insertAccount(
      tx,
      organisationId,
      { email, passwordHash },
      {
        type: 'coach',
        firstName: coach.firstName.trim(),
        lastName: coach.lastName.trim(),
        // A zone given here counts as chosen: the app's detection at sign-in leaves it.
        ...(timezone ? { timezone, timezoneSetAt: new Date() } : {}),
        // So does a language given here.
        ...(coach.language ? { language: coach.language, languageSetAt: new Date() } : {}),
      },
    );
    return { personId, email };
  });
}
