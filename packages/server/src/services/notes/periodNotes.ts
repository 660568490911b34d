import { addDays, localDateOf, textLength, zonedLocalToUtc } from '@coach/domain';
import { and, count, desc, eq, gte, lt, min } from 'drizzle-orm';
import { type Database, schema } from '../../db/index.ts';
import type { NotesOwner } from './store.ts';

// A coach's notes on a client written within a period of the client's local dates, bounded, for
// another service to show (a report lists them): read here, where the notes are kept.

const { clientNotes: notes } = schema;

/** A note of a period: its text as written and the client's local date it was written on. */
type PeriodNote = { writtenOn: string; text: string };

/** How many notes of a period may be listed: at most `max`, and `maxCharacters` together. */
type PeriodNotesBounds = { max: number; maxCharacters: number };

/**
 * The notes of a period that are listed, oldest first, and the older ones left out (how many,
 * and the first and last local dates they were written on); null when none is left out.
 */
export type PeriodNotes = {
  notes: PeriodNote[];
  leftOut: { count: number; from: string; to: string } | null;
};

/**
 * How many of the period's notes, newest first, are listed: the newest always, then each older
 * one while the count and the characters stay within the bounds; the first that does not fit
 * ends the list, so what is left out is always the period's oldest notes.
 */
export function listedCount(
  newestFirst: readonly { text: string }[],
  bounds: PeriodNotesBounds,
): number {
  let characters = 0;
  let listed = 0;
  for (const note of newestFirst) {
    const length = textLength(note.text);
    if (listed >= bounds.max || (listed > 0 && characters + length > bounds.maxCharacters)) break;
    characters += length;
    listed += 1;
  }
  return listed;
}

/**
 * The owner's notes written within `period` (the client's local dates in `timeZone`, both
 * included), bounded by `bounds`: the newest are listed (oldest first), the older ones counted.
 * Only the owner's coach's own notes on that client, as every read of notes.
 */
export async function readPeriodNotes(
  db: Database,
  owner: NotesOwner,
  period: { from: string; to: string },
  timeZone: string,
  bounds: PeriodNotesBounds,
): Promise<PeriodNotes> {
  const within = and(
    eq(notes.organisationId, owner.organisationId),
    eq(notes.clientPersonId, owner.clientId),
    eq(notes.coachPersonId, owner.coachId),
    gte(notes.writtenAt, zonedLocalToUtc(period.from, '00:00', timeZone)),
    lt(notes.writtenAt, zonedLocalToUtc(addDays(period.to, 1), '00:00', timeZone)),
  );
  // One more than can be listed: whether any is left out, and the newest of those.
  const rows = await db
    .select({ text: notes.text, writtenAt: notes.writtenAt })
    .from(notes)
    .where(within)
    .orderBy(desc(notes.writtenAt), desc(notes.id))
    .limit(bounds.max + 1);
  const writtenOn = (instant: Date) => localDateOf(instant, timeZone);
  const listed = listedCount(rows, bounds);
  const firstLeftOut = rows[listed];
  let leftOut: PeriodNotes['leftOut'] = null;
  if (firstLeftOut) {
    const [all] = await db
      .select({ total: count(), oldest: min(notes.writtenAt) })
      .from(notes)
      .where(within);
    const total = all?.total ?? rows.length;
    leftOut = {
      count: total - listed,
      from: writtenOn(all?.oldest ?? firstLeftOut.writtenAt),
      to: writtenOn(firstLeftOut.writtenAt),
    };
  }
  return {
    notes: rows
      .slice(0, listed)
      .reverse()
      .map((row) => ({ writtenOn: writtenOn(row.writtenAt), text: row.text })),
    leftOut,
  };
}
