import { localDateOf, type StepStart, stepOfDate } from '@coach/domain';
import type { Transaction } from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import { ensureCalendar } from './calendarRows.ts';
import { type ClientRef, readStepStarts } from './steps.ts';
import { timestampError } from './timestamps.ts';

// The stages every client write (an exercise, a reflection, an assessment) goes through before
// it stores, in its transaction and after the client's lock: its time checked, then placed in
// the client's journey (the local date, the started steps, the step of that date).

/** Where a client's record falls: its local date, the client's started steps and its step. */
export type JourneyPlace = { localDate: string; starts: StepStart[]; step: StepStart };

/** Refuses (`invalid_request`) a client's timestamp that `timestampError` refuses. */
export function checkTimestamp(field: string, value: Date, now: Date): void {
  const timeError = timestampError(field, value, now);
  if (timeError) throw new DomainError('invalid_request', timeError);
}

/** The refusal of a record whose `field` falls before the client's journey started. */
export const beforeJourney = (field: string) => () =>
  new DomainError('invalid_request', `${field} is before the client's journey started`);

/**
 * Places a record of time `at` in the client's journey: its local date (in the client's
 * timezone) and step; `outsideJourney` refuses it when no step had started by that date.
 */
export async function placeInJourney(
  tx: Transaction,
  client: ClientRef,
  at: Date,
  outsideJourney: () => DomainError,
): Promise<JourneyPlace> {
  const localDate = localDateOf(at, client.timezone);
  const starts = await readStepStarts(tx, client);
  const step = stepOfDate(starts, localDate);
  if (!step) throw outsideJourney();
  return { localDate, starts, step };
}

/**
 * {@link placeInJourney}, with the calendar of the record's local date in place: for a record
 * that may complete a scheduled event of that day.
 */
export async function placeInCalendar(
  tx: Transaction,
  client: ClientRef,
  at: Date,
  now: Date,
  outsideJourney: () => DomainError,
): Promise<JourneyPlace> {
  const place = await placeInJourney(tx, client, at, outsideJourney);
  await ensureCalendar(tx, client, place.localDate, place.localDate, now, place.starts);
  return place;
}
