import type { Person } from '@coach/api';
import { canSeePerson } from '@coach/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Database, preparedPerHandle, schema, type Transaction } from '../../db/index.ts';
import { type PersonRecord, personColumns } from '../core/index.ts';

const { persons, profilePictures } = schema;

function selectPersons(db: Database | Transaction) {
  return db
    .select(personColumns)
    .from(persons)
    .leftJoin(profilePictures, eq(profilePictures.personId, persons.id));
}

/**
 * The two lookups of a profile by key, prepared once per database handle (or transaction): every
 * authenticated call of a client's records makes both, and building their SQL cost more than
 * running it.
 */
function lookupStatements(db: Database | Transaction) {
  const byKey = (key: typeof persons.userId | typeof persons.id, name: string) =>
    selectPersons(db)
      .where(
        and(
          eq(persons.organisationId, sql.placeholder('organisationId')),
          eq(key, sql.placeholder('key')),
        ),
      )
      .limit(1)
      .prepare(name);
  return {
    byUserId: byKey(persons.userId, 'account_person_by_user_id'),
    byId: byKey(persons.id, 'account_person_by_id'),
  };
}

const lookupsOf = preparedPerHandle(lookupStatements);

/** The profile of a user in the organisation, if any. */
export async function findPersonByUserId(
  db: Database,
  organisationId: string,
  userId: string,
): Promise<PersonRecord | undefined> {
  const [row] = await lookupsOf(db).byUserId.execute({ organisationId, key: userId });
  return row;
}

/** A profile by its id in the organisation, if any. */
export async function findPersonById(
  db: Database | Transaction,
  organisationId: string,
  personId: string,
): Promise<PersonRecord | undefined> {
  const [row] = await lookupsOf(db).byId.execute({ organisationId, key: personId });
  return row;
}

/** A coach's clients (persons whose coach is `coachPersonId`), by last then first name. */
export function listClients(
  db: Database,
  organisationId: string,
  coachPersonId: string,
): Promise<PersonRecord[]> {
  return selectPersons(db)
    .where(
      and(eq(persons.organisationId, organisationId), eq(persons.coachPersonId, coachPersonId)),
    )
    .orderBy(asc(persons.lastName), asc(persons.firstName), asc(persons.id));
}

/**
 * Whether `caller` may see `target`: everyone sees themselves, a coach sees their own clients and
 * a client sees their own coach. Nobody sees another coach or another coach's client.
 */
export function canSee(caller: PersonRecord, target: PersonRecord): boolean {
  const party = ({ id, type, coachPersonId }: PersonRecord) => ({
    id,
    type,
    coachId: coachPersonId,
  });
  return canSeePerson(party(caller), party(target));
}

/**
 * The profile `personId` when `caller` may see it ({@link canSee}), otherwise undefined: the one
 * rule for a profile and everything shown with it (its picture).
 */
export async function findVisiblePerson(
  db: Database,
  organisationId: string,
  caller: PersonRecord,
  personId: string,
): Promise<PersonRecord | undefined> {
  const target =
    caller.id === personId ? caller : await findPersonById(db, organisationId, personId);
  return target && canSee(caller, target) ? target : undefined;
}

/** The editable fields of a profile, as stored. */
export type ProfileFields = {
  firstName: string;
  lastName: string;
  aboutMe: string;
  timezone: string;
  gender: 'male' | 'female' | null;
  birthDate: string | null;
};

/** Stores the editable fields of one profile; the caller checks the permission first. */
export async function updateProfile(
  tx: Transaction,
  organisationId: string,
  personId: string,
  fields: ProfileFields,
): Promise<PersonRecord | undefined> {
  await tx
    .update(persons)
    .set({
      ...fields,
      updatedAt: new Date(),
      // A timezone changed here is chosen: the app's detection at sign-in leaves it alone.
      timezoneSetAt: sql`case when ${persons.timezone} is distinct from ${fields.timezone}
        then now() else ${persons.timezoneSetAt} end`,
    })
    .where(and(eq(persons.organisationId, organisationId), eq(persons.id, personId)));
  return findPersonById(tx, organisationId, personId);
}

/**
 * The API form of a stored profile; `pictureUrl` makes the address of its picture (signed for
 * the caller, who may see the profile).
 */
export function toPerson(record: PersonRecord, pictureUrl: (personId: string) => string): Person {
  return {
    id: record.id,
    userId: record.userId,
    type: record.type,
    firstName: record.firstName,
    lastName: record.lastName,
    aboutMe: record.aboutMe,
    timezone: record.timezone,
    gender: record.gender === 'male' || record.gender === 'female' ? record.gender : null,
    birthDate: record.birthDate,
    profilePicture: record.hasPicture ? pictureUrl(record.id) : null,
    coachId: record.coachPersonId,
  };
}
