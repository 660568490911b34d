import { sql } from 'drizzle-orm';
import { schema } from '../../db/index.ts';

// A person's stored profile as the services read it: the account service's store, and the auth
// service's session check, which reads the caller's profile in the same statement as the session.

const { persons, profilePictures } = schema;

/** A stored profile with whether it has a picture. */
export type PersonRecord = typeof persons.$inferSelect & { hasPicture: boolean };

/** The columns of a {@link PersonRecord}, for a statement that reads one beside other rows. */
export const personColumns = {
  id: persons.id,
  organisationId: persons.organisationId,
  userId: persons.userId,
  type: persons.type,
  firstName: persons.firstName,
  lastName: persons.lastName,
  aboutMe: persons.aboutMe,
  coachPersonId: persons.coachPersonId,
  timezone: persons.timezone,
  timezoneSetAt: persons.timezoneSetAt,
  isMorningMailOn: persons.isMorningMailOn,
  morningMailHour: persons.morningMailHour,
  language: persons.language,
  languageSetAt: persons.languageSetAt,
  gender: persons.gender,
  birthDate: persons.birthDate,
  createdAt: persons.createdAt,
  updatedAt: persons.updatedAt,
  hasPicture: sql<boolean>`(${profilePictures.personId} is not null)`,
};
