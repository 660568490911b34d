import type { CoachLanguage } from '@coach/domain';
import { sql } from 'drizzle-orm';
import { type Database, schema, type Transaction } from '../../db/index.ts';

const { persons, users, morningMailClaims } = schema;

/** A coach whose morning mail the database finds due, with what the mail needs. */
export type DueCoach = {
  personId: string;
  email: string;
  firstName: string;
  lastName: string;
  timezone: string;
  isMorningMailOn: boolean;
  morningMailHour: number;
  language: CoachLanguage;
};

/** The coach's wall clock at `now`, in PostgreSQL's words. */
const localAt = (now: Date) =>
  sql`(${now.toISOString()}::timestamptz at time zone ${persons.timezone})`;

/**
 * Up to `limit` coaches whose chosen hour it is at `now` in their timezone, mail on, and whose
 * local date has no claim yet: the work of one tick, bounded. The domain's rule checks each
 * again (`morningMailDueDate`), so PostgreSQL's zone data only chooses candidates.
 */
export async function selectDueCoaches(
  db: Database,
  organisationId: string,
  now: Date,
  limit: number,
): Promise<DueCoach[]> {
  const { rows } = await db.execute<DueCoach>(sql`
    select ${persons.id} as "personId", ${users.email} as "email",
      ${persons.firstName} as "firstName", ${persons.lastName} as "lastName",
      ${persons.timezone} as "timezone", ${persons.isMorningMailOn} as "isMorningMailOn",
      ${persons.morningMailHour} as "morningMailHour", ${persons.language} as "language"
    from ${persons} join ${users} on ${users.id} = ${persons.userId}
    where ${persons.organisationId} = ${organisationId} and ${persons.type} = 'coach'
      and ${persons.isMorningMailOn}
      and extract(hour from ${localAt(now)}) = ${persons.morningMailHour}
      and not exists (
        select 1 from ${morningMailClaims}
        where ${morningMailClaims.coachPersonId} = ${persons.id}
          and ${morningMailClaims.localDate} = ${localAt(now)}::date
      )
    order by ${persons.id}
    limit ${limit}`);
  return rows.map((row) => ({ ...row, morningMailHour: Number(row.morningMailHour) }));
}

/**
 * Claims a coach's mail of `localDate` within `tx`: true when this transaction wrote the claim,
 * false when another (process) has; a second writer waits for the first to commit, so two never
 * both win.
 */
export async function claimMorningMail(
  tx: Transaction,
  organisationId: string,
  coachPersonId: string,
  localDate: string,
  clientCount: number,
): Promise<boolean> {
  const written = await tx
    .insert(morningMailClaims)
    .values({ organisationId, coachPersonId, localDate, clientCount })
    .onConflictDoNothing()
    .returning({ coachPersonId: morningMailClaims.coachPersonId });
  return written.length > 0;
}

/** Notes the queued mail on its claim. */
export async function noteClaimedMail(
  tx: Transaction,
  coachPersonId: string,
  localDate: string,
  mailId: string,
): Promise<void> {
  await tx.execute(sql`
    update ${morningMailClaims} set mail_id = ${mailId}
    where ${morningMailClaims.coachPersonId} = ${coachPersonId}
      and ${morningMailClaims.localDate} = ${localDate}`);
}

/** Deletes claims of local dates before `beforeDate`: a claim only matters on its own day. */
export async function purgeClaims(
  db: Database,
  organisationId: string,
  beforeDate: string,
): Promise<void> {
  await db.execute(sql`
    delete from ${morningMailClaims}
    where ${morningMailClaims.organisationId} = ${organisationId}
      and ${morningMailClaims.localDate} < ${beforeDate}`);
}
