import {
  addDays,
  laterDate,
  type PlannedCalendarEvent,
  plannedEvents,
  type StepStart,
} from '@coach/domain';
import { and, eq, gte, lte } from 'drizzle-orm';
import { schema, type Transaction } from '../../db/index.ts';
import { type ClientRef, readStepStarts } from './steps.ts';

const { calendarEvents } = schema;

/** Rows per insert statement: well under PostgreSQL's 65,535 bind parameters. */
const insertChunk = 500;

async function insertPlanned(
  tx: Transaction,
  client: ClientRef,
  events: readonly PlannedCalendarEvent[],
): Promise<void> {
  for (let index = 0; index < events.length; index += insertChunk) {
    const rows = events.slice(index, index + insertChunk).map((event) => ({
      organisationId: client.organisationId,
      clientPersonId: client.id,
      step: event.step,
      entityType: event.entityType,
      kind: event.kind,
      slot: event.slot,
      surveyType: event.surveyType,
      localDate: event.localDate,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
    }));
    await tx.insert(calendarEvents).values(rows).onConflictDoNothing();
  }
}

/**
 * Materialises the client's calendar events of the local dates `from` to `to` (inclusive, at
 * most 366 days): each date with its own step's schedule (see {@link plannedEvents}). A date that
 * already has events is left as it is (dates are always materialised whole, and a phase change
 * replans its dates itself), so reading a long range again inserts nothing; inserting is
 * idempotent anyway (the unique key on client, date, entity, kind and slot). `now` keeps the
 * store functions' common shape: what is materialised depends only on the stored steps and dates.
 */
export async function ensureCalendar(
  tx: Transaction,
  client: ClientRef,
  from: string,
  to: string,
  _now: Date,
  starts?: readonly StepStart[],
): Promise<void> {
  if (to < from) return;
  const stored = await tx
    .selectDistinct({ localDate: calendarEvents.localDate })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.clientPersonId, client.id),
        gte(calendarEvents.localDate, from),
        lte(calendarEvents.localDate, to),
      ),
    );
  const storedDates = new Set(stored.map((row) => row.localDate));
  const stepStarts = starts ?? (await readStepStarts(tx, client));
  await insertPlanned(tx, client, missingEvents(client, stepStarts, from, to, storedDates));
}

/**
 * The planned events of the dates `from` to `to` that are not materialised: those of the dates
 * with no stored event (`storedDates`), as {@link ensureCalendar} inserts them.
 */
export function missingEvents(
  client: ClientRef,
  starts: readonly StepStart[],
  from: string,
  to: string,
  storedDates: ReadonlySet<string>,
): PlannedCalendarEvent[] {
  if (to < from) return [];
  return plannedEvents(client.timezone, starts, from, to).filter(
    (event) => !storedDates.has(event.localDate),
  );
}

/**
 * After a phase change: the client's still-active events from the new step's start date on
 * (the old step's plan) are deleted, completed ones stay, and the new step is materialised from
 * its start date for `days` days (and through `today`), by `starts` as they are after the change.
 */
export async function replanCalendar(
  tx: Transaction,
  client: ClientRef,
  starts: readonly StepStart[],
  startDate: string,
  today: string,
  days: number,
): Promise<void> {
  await tx
    .delete(calendarEvents)
    .where(
      and(
        eq(calendarEvents.organisationId, client.organisationId),
        eq(calendarEvents.clientPersonId, client.id),
        eq(calendarEvents.status, 'active'),
        gte(calendarEvents.localDate, startDate),
      ),
    );
  // Every date of the new plan, the change day included (its completed events stay).
  const planEnd = laterDate(addDays(startDate, days - 1), today);
  await insertPlanned(tx, client, plannedEvents(client.timezone, starts, startDate, planEnd));
}
