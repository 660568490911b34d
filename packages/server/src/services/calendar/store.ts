import type { Calendar, CalendarEvent } from '@coach/api';
import {
  addDays,
  calendarDaysAhead,
  type DateRange,
  earlierDate,
  laterDate,
  localDateOf,
} from '@coach/domain';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { type Database, schema, type Transaction } from '../../db/index.ts';
import {
  type ClientRef,
  ensureCalendar,
  readStepStarts,
  shareLockClient,
} from '../clientRecords/index.ts';

const { calendarEvents } = schema;

type EventRow = typeof calendarEvents.$inferSelect;

/** A stored event as the API answers it. */
function toCalendarEvent(row: EventRow): CalendarEvent {
  return {
    id: row.id,
    step: row.step,
    // Only survey and exercise events are ever stored (the generator makes no others).
    entityType: row.entityType === 'exercise' ? 'exercise' : 'survey',
    kind: row.kind,
    slot: row.slot,
    surveyType: row.surveyType,
    status: row.status,
    localDate: row.localDate,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/**
 * The client's stored calendar events of the range, by start time (then entity, kind, slot, so
 * the order is stable). Reads only: `ensureCalendar` materialises them first.
 */
async function readCalendar(
  db: Database | Transaction,
  client: ClientRef,
  range: DateRange,
  _now: Date,
): Promise<Calendar> {
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.organisationId, client.organisationId),
        eq(calendarEvents.clientPersonId, client.id),
        gte(calendarEvents.localDate, range.from),
        lte(calendarEvents.localDate, range.to),
      ),
    )
    .orderBy(
      asc(calendarEvents.startsAt),
      asc(calendarEvents.entityType),
      asc(calendarEvents.kind),
      asc(calendarEvents.slot),
    );
  return {
    clientId: client.id,
    timezone: client.timezone,
    from: range.from,
    to: range.to,
    events: rows.map(toCalendarEvent),
  };
}

/**
 * The calendar of the range as a client or coach reads it: the range's dates from learn's start
 * to the client's today + 7 are materialised first (each with its own step's schedule; future
 * dates follow the current step), then the stored events are read. Shares the client's lock, so
 * it waits for a phase change in progress instead of storing the replaced plan.
 */
export async function loadCalendar(
  tx: Transaction,
  client: ClientRef,
  range: DateRange,
  now: Date,
): Promise<Calendar> {
  await shareLockClient(tx, client);
  const starts = await readStepStarts(tx, client);
  const learnStart = starts[0]?.startDate ?? range.from;
  const lastDate = addDays(localDateOf(now, client.timezone), calendarDaysAhead);
  const from = laterDate(range.from, learnStart);
  const to = earlierDate(range.to, lastDate);
  await ensureCalendar(tx, client, from, to, now, starts);
  return readCalendar(tx, client, range, now);
}
