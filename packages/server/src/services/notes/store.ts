import type { FollowUp, Note } from '@coach/api';
import {
  encodePageCursor,
  type FollowUpEnding,
  isFollowUpDue,
  messages,
  notesLimits,
  type PageKey,
  searchFolding,
} from '@coach/domain';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Database, schema, type Transaction } from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import type { StoredWrite } from '../clientRecords/index.ts';

// A coach's notes on a client and their follow-ups. Everything here is of one owner: the client,
// and the coach who writes (the routes pass the caller, the client's current coach), so a coach
// reads only their own notes, and a client who moved leaves them out of everyone's reach.

const { clientNotes: notes, followUps } = schema;

/** Whose notes and follow-ups: the client and the writing coach (person ids) of one organisation. */
export type NotesOwner = { organisationId: string; clientId: string; coachId: string };

const ofNotesOwner = (owner: NotesOwner) =>
  and(
    eq(notes.organisationId, owner.organisationId),
    eq(notes.clientPersonId, owner.clientId),
    eq(notes.coachPersonId, owner.coachId),
  );

const ofFollowUpOwner = (owner: NotesOwner) =>
  and(
    eq(followUps.organisationId, owner.organisationId),
    eq(followUps.clientPersonId, owner.clientId),
    eq(followUps.coachPersonId, owner.coachId),
  );

/** An instant as UTC text with microseconds: the page key (see PageKey). */
const writtenKey = sql<string>`to_char(${notes.writtenAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type NoteRow = typeof notes.$inferSelect;
type FollowUpRow = typeof followUps.$inferSelect;

const editWindowMs = notesLimits.editWindowSeconds * 1000;

/** A stored note as answered. */
function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    clientId: row.clientPersonId,
    text: row.text,
    writtenAt: row.writtenAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    editableUntil: new Date(row.writtenAt.getTime() + editWindowMs).toISOString(),
  };
}

const noteNotFound = () => new DomainError('not_found', messages.noteNotFound);

/**
 * The domain's search folding (`searchFolding`) in SQL, the same on PGlite and PostgreSQL: NFD,
 * the combining marks and the undecomposed letters translated, then lowercased. A letter with an
 * ASCII base (every accented Latin letter) is matched ignoring its case and accents everywhere;
 * the case of other scripts is folded as the database's locale does (PGlite's C.UTF-8 does, a
 * database of the C locale does not).
 */
const { combiningMarks, undecomposed } = searchFolding;
const marks = Array.from({ length: combiningMarks.last - combiningMarks.first + 1 }, (_, index) =>
  String.fromCharCode(combiningMarks.first + index),
).join('');
const fold = (value: SQL) =>
  sql`lower(translate(normalize(${value}, NFD), ${undecomposed.from + marks}::text, ${undecomposed.to}::text))`;

/** `text` as a LIKE pattern of itself: `\`, `%` and `_` stand for themselves. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Whether the note's text holds `search` (folded, see {@link fold}). */
const holds = (search: string) =>
  sql`${fold(sql`${notes.text}`)} like '%' || ${fold(sql`${likeEscaped(search)}::text`)} || '%' escape '\\'`;

/**
 * A page of the owner's notes, newest first by (written, id), older than `before` when given,
 * only those holding `search` when given: `limit + 1` rows by client_notes_list_idx, the last
 * one only telling whether a page follows.
 */
export async function listNotes(
  db: Database,
  owner: NotesOwner,
  before: PageKey | null,
  limit: number,
  search: string | null,
) {
  const rows = await db
    .select({ row: notes, key: writtenKey })
    .from(notes)
    .where(
      and(
        ofNotesOwner(owner),
        before === null
          ? undefined
          : sql`(${notes.writtenAt}, ${notes.id}) < (${before.at}::timestamptz, ${before.id}::uuid)`,
        search === null ? undefined : holds(search),
      ),
    )
    .orderBy(desc(notes.writtenAt), desc(notes.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ row }) => toNote(row)),
    nextCursor:
      rows.length > limit && last ? encodePageCursor({ at: last.key, id: last.row.id }) : null,
  };
}

/**
 * Stores the owner's note at `now`, once per id: the same id again for the same client from the
 * same coach with the same text is the stored note (a retry, isNew false); any other use of a
 * stored id is 409 'id_conflict'. `charge` runs before a new note is written (a write it refuses
 * writes nothing); a retry is not charged.
 */
export async function storeNote(
  tx: Transaction,
  owner: NotesOwner,
  body: { id: string; text: string },
  now: Date,
  charge: () => Promise<void>,
): Promise<StoredWrite<Note>> {
  const storedOf = async () => (await tx.select().from(notes).where(eq(notes.id, body.id)))[0];
  const earlier = await storedOf();
  if (earlier) return retryOf(earlier, owner, body.text);
  await charge();
  const [inserted] = await tx
    .insert(notes)
    .values({
      id: body.id,
      organisationId: owner.organisationId,
      clientPersonId: owner.clientId,
      coachPersonId: owner.coachId,
      text: body.text,
      writtenAt: now,
    })
    .onConflictDoNothing({ target: notes.id })
    .returning();
  if (inserted) return { value: toNote(inserted), isNew: true, isUpdate: false };
  // The same id stored meanwhile by a request beside this one.
  return retryOf(await storedOf(), owner, body.text);
}

/** The stored note as a retry of this write, or 409 'id_conflict' when it is another one. */
function retryOf(stored: NoteRow | undefined, owner: NotesOwner, text: string): StoredWrite<Note> {
  const isRetry =
    stored !== undefined &&
    stored.organisationId === owner.organisationId &&
    stored.clientPersonId === owner.clientId &&
    stored.coachPersonId === owner.coachId &&
    stored.text === text;
  if (!stored || !isRetry) throw new DomainError('id_conflict', messages.noteIdTaken);
  return { value: toNote(stored), isNew: false, isUpdate: false };
}

/**
 * Replaces the text of the owner's note `noteId` at `now`, within the edit window after its
 * writing (409 'edit_window_passed' later; 404 for a note not the owner's). The same text again
 * changes nothing (isUpdate false).
 */
export async function editNote(
  tx: Transaction,
  owner: NotesOwner,
  noteId: string,
  text: string,
  now: Date,
): Promise<{ value: Note; isUpdate: boolean }> {
  const [stored] = await tx
    .select()
    .from(notes)
    .where(and(ofNotesOwner(owner), eq(notes.id, noteId)))
    .for('update');
  if (!stored) throw noteNotFound();
  if (now.getTime() - stored.writtenAt.getTime() > editWindowMs) {
    throw new DomainError('edit_window_passed', messages.noteEditWindowPassed);
  }
  if (stored.text === text) return { value: toNote(stored), isUpdate: false };
  const [edited] = await tx
    .update(notes)
    .set({ text, editedAt: now })
    .where(eq(notes.id, noteId))
    .returning();
  if (!edited) throw noteNotFound();
  return { value: toNote(edited), isUpdate: true };
}

/** Deletes the owner's note `noteId` (404 when it is not theirs); answers when it was written. */
export async function deleteNote(
  tx: Transaction,
  owner: NotesOwner,
  noteId: string,
): Promise<{ writtenAt: Date }> {
  const [deleted] = await tx
    .delete(notes)
    .where(and(ofNotesOwner(owner), eq(notes.id, noteId)))
    .returning({ writtenAt: notes.writtenAt });
  if (!deleted) throw noteNotFound();
  return deleted;
}

/** A stored follow-up as answered: due from its date on, in the coach's time zone (`today`). */
export function toFollowUp(row: FollowUpRow, today: string): FollowUp {
  return {
    id: row.id,
    clientId: row.clientPersonId,
    dueDate: row.dueDate,
    reason: row.reason,
    isDue: isFollowUpDue(row.dueDate, today),
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    ending: row.ending ?? null,
  };
}

const openOf = (owner: NotesOwner) => and(ofFollowUpOwner(owner), isNull(followUps.endedAt));

/** The owner's open follow-up, if any. */
export async function readOpenFollowUp(
  db: Database | Transaction,
  owner: NotesOwner,
): Promise<FollowUpRow | undefined> {
  const [row] = await db.select().from(followUps).where(openOf(owner));
  return row;
}

/**
 * Sets the owner's follow-up at `now`, or moves the open one (its date and reason; it keeps its
 * id and creation). The same date and reason again changes nothing (changed false) and is not
 * charged; otherwise `charge` runs before anything is written. Two sets beside each other leave
 * one open follow-up (the partial unique index): the second moves what the first set.
 */
export async function setFollowUp(
  tx: Transaction,
  owner: NotesOwner,
  body: { dueDate: string; reason: string },
  now: Date,
  charge: () => Promise<void>,
): Promise<{ row: FollowUpRow; changed: boolean }> {
  const [open] = await tx.select().from(followUps).where(openOf(owner)).for('update');
  if (open && open.dueDate === body.dueDate && open.reason === body.reason) {
    return { row: open, changed: false };
  }
  await charge();
  const moved = { dueDate: body.dueDate, reason: body.reason, updatedAt: now };
  const [row] = await tx
    .insert(followUps)
    .values({
      organisationId: owner.organisationId,
      clientPersonId: owner.clientId,
      coachPersonId: owner.coachId,
      ...moved,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [followUps.clientPersonId, followUps.coachPersonId],
      targetWhere: isNull(followUps.endedAt),
      set: moved,
    })
    .returning();
  if (!row) throw new Error('A follow-up set stored nothing');
  return { row, changed: true };
}

/** Ends the owner's open follow-up at `now` as `ending`; 404 'No open follow-up' when none is. */
export async function endFollowUp(
  tx: Transaction,
  owner: NotesOwner,
  ending: FollowUpEnding,
  now: Date,
): Promise<FollowUpRow> {
  const [ended] = await tx
    .update(followUps)
    .set({ endedAt: now, ending, updatedAt: now })
    .where(openOf(owner))
    .returning();
  if (!ended) throw new DomainError('not_found', messages.noOpenFollowUp);
  return ended;
}
