import type { Calendar, CalendarEvent } from '@coach/api';
import {
  addDays,
  calendarDaysAhead,
  type DateRange,
  earlierDate,
  laterDate,
  localDateOf,
  type StepStart,
} from '@coach/domain';
import { asc } from 'drizzle-orm';
import {
  type Database,
  type DatabaseHandle,
  inClientRangePlaceholders,
  preparedPerHandle,
  schema,
  type Transaction,
} from '../../db/index.ts';
import {
  type ClientRef,
  ensureCalendar,
  missingEvents,
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

/** The statement of {@link readEventRows}, prepared once per handle (or transaction). */
const eventsInRangeOf = preparedPerHandle((db: Database | Transaction) =>
  db
    .select()
    .from(calendarEvents)
    .where(inClientRangePlaceholders(calendarEvents))
    .orderBy(
      asc(calendarEvents.startsAt),
      asc(calendarEvents.entityType),
      asc(calendarEvents.kind),
      asc(calendarEvents.slot),
    )
    .prepare('calendar_events_in_range'),
);

/**
 * The client's stored calendar event rows of the range, by start time (then entity, kind, slot,
 * so the order is stable). Reads only: `ensureCalendar` materialises them first.
 */
function readEventRows(db: Database | Transaction, client: ClientRef, range: DateRange) {
  return eventsInRangeOf(db).execute({
    organisationId: client.organisationId,
    clientId: client.id,
    from: range.from,
    to: range.to,
  });
}

/** The calendar of the range as the API answers it, from its event rows. */
function calendarOf(client: ClientRef, range: DateRange, rows: readonly EventRow[]): Calendar {
  return {
    clientId: client.id,
    timezone: client.timezone,
    from: range.from,
    to: range.to,
    events: rows.map(toCalendarEvent),
  };
}

/**
 * The dates of the range that are materialised when read: from learn's start to the client's
 * today + 7, each with its own step's schedule (future dates follow the current step).
 */
function materialisedDates(
  client: ClientRef,
  starts: readonly StepStart[],
  range: DateRange,
  now: Date,
) {
  const learnStart = starts[0]?.startDate ?? range.from;
  const lastDate = addDays(localDateOf(now, client.timezone), calendarDaysAhead);
  return { from: laterDate(range.from, learnStart), to: earlierDate(range.to, lastDate) };
}

/**
 * The calendar of the range as a client or coach reads it: the range's dates of
 * {@link materialisedDates} are materialised first, then the stored events are read.
 *
 * Nearly always every such date is stored already, so the steps and the events are read first,
 * outside a transaction: when no planned event is missing from what was read, that is the answer
 * (two statements). Otherwise, in one transaction that shares the client's lock (it waits for a
 * phase change in progress instead of storing the replaced plan), the steps are read again, the
 * missing dates materialised and the events read again.
 */
export async function loadCalendar(
  database: DatabaseHandle,
  client: ClientRef,
  range: DateRange,
  now: Date,
): Promise<Calendar> {
  const starts = await readStepStarts(database.db, client);
  const rows = await readEventRows(database.db, client, range);
  const { from, to } = materialisedDates(client, starts, range, now);
  const storedDates = new Set(rows.map((row) => row.localDate));
  if (missingEvents(client, starts, from, to, storedDates).length === 0) {
    return calendarOf(client, range, rows);
  }
  return database.transaction(async (tx) => {
    await shareLockClient(tx, client);
    const lockedStarts = await readStepStarts(tx, client);
    const dates = materialisedDates(client, lockedStarts, range, now);
    await ensureCalendar(tx, client, dates.from, dates.to, now, lockedStarts);
    return calendarOf(client, range, await readEventRows(tx, client, range));
  });
}
