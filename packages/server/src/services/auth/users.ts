import { type CoachLanguage, defaultCoachLanguage } from '@coach/domain';
import { and, asc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/index.ts';
import { schema } from '../../db/index.ts';

type Db = Database | Transaction;

export type UserRow = typeof schema.users.$inferSelect;
export type PersonRow = typeof schema.persons.$inferSelect;

/** The user of `email` (already normalised) in the organisation, if any. */
export async function findUserByEmail(
  db: Db,
  organisationId: string,
  email: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.organisationId, organisationId), eq(schema.users.email, email)))
    .limit(1);
  return user;
}

/** A new user's sign-in: its email (already normalised) and password hash. */
export type NewUser = { email: string; passwordHash: string; createdAt?: Date };

/** A new user's profile, without what `insertAccount` fills in (organisation, user). */
export type NewPerson = Omit<typeof schema.persons.$inferInsert, 'organisationId' | 'userId'>;

/**
 * Inserts a user and its profile in `tx` (the caller's transaction, with whatever checks it made
 * first); answers their ids. The one way an account is made: the operator's coach, an accepted
 * invite, and the tests' and benchmarks' seeding.
 */
export async function insertAccount(
  tx: Transaction,
  organisationId: string,
  user: NewUser,
  person: NewPerson,
): Promise<{ userId: string; personId: string }> {
  const [inserted] = await tx
    .insert(schema.users)
    .values({ organisationId, ...user })
    .returning({ id: schema.users.id });
  if (!inserted) throw new Error('user insert returned nothing');
  const [profile] = await tx
    .insert(schema.persons)
    .values({ organisationId, userId: inserted.id, ...person })
    .returning({ id: schema.persons.id });
  if (!profile) throw new Error('person insert returned nothing');
  return { userId: inserted.id, personId: profile.id };
}

/** The profile of a user (one per user). */
export async function findPersonOfUser(
  db: Db,
  organisationId: string,
  userId: string,
): Promise<PersonRow | undefined> {
  const [person] = await db
    .select()
    .from(schema.persons)
    .where(
      and(eq(schema.persons.organisationId, organisationId), eq(schema.persons.userId, userId)),
    )
    .limit(1);
  return person;
}

/**
 * The language of a user's mails: a coach's own; a client's is their coach's (as their invite
 * was); en-US for an account without a profile or a client without a coach.
 */
export async function mailLanguageOfUser(
  db: Db,
  organisationId: string,
  userId: string,
): Promise<CoachLanguage> {
  const { persons } = schema;
  const coaches = alias(persons, 'coaches');
  const [row] = await db
    .select({ type: persons.type, own: persons.language, coach: coaches.language })
    .from(persons)
    .leftJoin(
      coaches,
      and(eq(coaches.id, persons.coachPersonId), eq(coaches.organisationId, organisationId)),
    )
    .where(and(eq(persons.organisationId, organisationId), eq(persons.userId, userId)))
    .limit(1);
  if (!row) return defaultCoachLanguage;
  return row.type === 'coach' ? row.own : (row.coach ?? defaultCoachLanguage);
}

/**
 * The users the caller may see: a coach sees themself and the clients linked to them; a client
 * (or an account without a profile) sees only themself. The caller comes first.
 */
export async function listVisibleUsers(
  db: Db,
  organisationId: string,
  callerUserId: string,
): Promise<{ id: string; email: string }[]> {
  const person = await findPersonOfUser(db, organisationId, callerUserId);
  const visible =
    person?.type === 'coach'
      ? or(eq(schema.users.id, callerUserId), eq(schema.persons.coachPersonId, person.id))
      : eq(schema.users.id, callerUserId);
  const rows = await db
    .select({ id: schema.users.id, email: schema.users.email })
    .from(schema.users)
    .leftJoin(schema.persons, eq(schema.persons.userId, schema.users.id))
    .where(and(eq(schema.users.organisationId, organisationId), visible))
    .orderBy(asc(schema.users.email));
  const self = rows.filter((row) => row.id === callerUserId);
  return [...self, ...rows.filter((row) => row.id !== callerUserId)];
}
