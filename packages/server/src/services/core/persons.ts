import { sql } from 'drizzle-orm';
import type { AnyPgColumn, BuildAliasTable } from 'drizzle-orm/pg-core';
import { schema } from '../../db/index.ts';

// A person's stored profile as the services read it: the account service's store, and the auth
// service's session check, which reads the caller's profile in the same statement as the session.

const { persons, profilePictures } = schema;

/** A stored profile with whether it has a picture. */
export type PersonRecord = typeof persons.$inferSelect & { hasPicture: boolean };

/**
 * The columns of a {@link PersonRecord} read from `people` (the persons table or an alias of it)
 * and `pictures` (its profile pictures, joined by person), for a statement that reads one beside
 * other rows.
 */
export function personColumnsOf<
  People extends typeof persons | BuildAliasTable<typeof persons, string>,
>(people: People, pictures: { personId: AnyPgColumn }) {
  return {
    id: people.id,
    organisationId: people.organisationId,
    userId: people.userId,
    type: people.type,
    firstName: people.firstName,
    lastName: people.lastName,
    aboutMe: people.aboutMe,
    coachPersonId: people.coachPersonId,
    timezone: people.timezone,
    timezoneSetAt: people.timezoneSetAt,
    isMorningMailOn: people.isMorningMailOn,
    morningMailHour: people.morningMailHour,
    language: people.language,
    languageSetAt: people.languageSetAt,
    gender: people.gender,
    birthDate: people.birthDate,
    createdAt: people.createdAt,
    updatedAt: people.updatedAt,
    hasPicture: sql<boolean>`(${pictures.personId} is not null)`,
  };
}

/** The columns of a {@link PersonRecord}, for a statement that reads one beside other rows. */
export const personColumns = personColumnsOf(persons, profilePictures);
