import type { QuickReply, ThreadMessage, UnreadCounts } from '@coach/api';
import { encodePageCursor, type MessageAuthor, messages, type PageKey } from '@coach/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Database, schema, type Transaction } from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import type { StoredWrite } from '../clientRecords/index.ts';

// The threads between clients and their coaches, and the coaches' quick replies. A thread is
// one client's with one coach: the routes pass the client's current coach, so a client who
// moved reaches only the thread with their new coach, and the old coach nothing.

const table = schema.messages;

/** A thread: the client and the coach (person ids) of one organisation. */
export type Thread = { organisationId: string; clientId: string; coachId: string };

/** The other side of a thread: whose messages `reader` reads. */
const otherSide = (reader: MessageAuthor): MessageAuthor =>
  reader === 'coach' ? 'client' : 'coach';

const inThread = (thread: Thread) =>
  and(
    eq(table.organisationId, thread.organisationId),
    eq(table.clientPersonId, thread.clientId),
    eq(table.coachPersonId, thread.coachId),
  );

/** An instant as UTC text with microseconds: the page key (see PageKey). */
const sentKey = sql<string>`to_char(${table.sentAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type MessageRow = typeof table.$inferSelect;

/** A stored message as answered: a deleted one without its text. */
function toMessage(row: MessageRow): ThreadMessage {
  return {
    id: row.id,
    clientId: row.clientPersonId,
    author: row.author,
    text: row.deletedAt ? '' : row.text,
    sentAt: row.sentAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

const notFound = () => new DomainError('not_found', messages.messageNotFound);

/** The messages of `author`'s other side that `reader` has not read (deleted ones aside). */
async function countUnread(
  db: Database | Transaction,
  thread: Thread,
  reader: MessageAuthor,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(table)
    .where(
      and(
        inThread(thread),
        eq(table.author, otherSide(reader)),
        sql`${table.readAt} is null and ${table.deletedAt} is null`,
      ),
    );
  return Number(row?.count ?? 0);
}

/**
 * A page of the thread, newest first by (sent, id), older than `before` when given: `limit + 1`
 * rows by messages_thread_idx, the last one only telling whether a page follows; with what
 * `reader` has not read of the whole thread.
 */
export async function listThread(
  db: Database,
  thread: Thread,
  reader: MessageAuthor,
  before: PageKey | null,
  limit: number,
) {
  const rows = await db
    .select({ row: table, key: sentKey })
    .from(table)
    .where(
      and(
        inThread(thread),
        before === null
          ? undefined
          : sql`(${table.sentAt}, ${table.id}) < (${before.at}::timestamptz, ${before.id}::uuid)`,
      ),
    )
    .orderBy(desc(table.sentAt), desc(table.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ row }) => toMessage(row)),
    nextCursor:
      rows.length > limit && last ? encodePageCursor({ at: last.key, id: last.row.id }) : null,
    unread: await countUnread(db, thread, reader),
  };
}

/**
 * Stores a message of `author` in the thread at `now`, once per id: the same id again from the
 * same writer in the same thread with the same text is the stored message (a retry, isNew false;
 * a deleted one answers deleted); any other use of a stored id is 409 'id_conflict'. `charge`
 * runs before a new message is written (a send it refuses writes nothing); a retry is not charged.
 */
export async function storeMessage(
  tx: Transaction,
  thread: Thread,
  author: MessageAuthor,
  body: { id: string; text: string },
  now: Date,
  charge: () => Promise<void>,
): Promise<StoredWrite<ThreadMessage>> {
  const storedOf = async () => (await tx.select().from(table).where(eq(table.id, body.id)))[0];
  const earlier = await storedOf();
  if (earlier) return retryOf(earlier, thread, author, body.text);
  await charge();
  const [inserted] = await tx
    .insert(table)
    .values({
      id: body.id,
      organisationId: thread.organisationId,
      clientPersonId: thread.clientId,
      coachPersonId: thread.coachId,
      author,
      text: body.text,
      sentAt: now,
    })
    .onConflictDoNothing({ target: table.id })
    .returning();
  if (inserted) return { value: toMessage(inserted), isNew: true, isUpdate: false };
  // The same id stored meanwhile by a request beside this one.
  return retryOf(await storedOf(), thread, author, body.text);
}

/** The stored message as a retry of this send, or 409 'id_conflict' when it is another one. */
function retryOf(
  stored: typeof table.$inferSelect | undefined,
  thread: Thread,
  author: MessageAuthor,
  text: string,
): StoredWrite<ThreadMessage> {
  const isRetry =
    stored !== undefined &&
    stored.organisationId === thread.organisationId &&
    stored.clientPersonId === thread.clientId &&
    stored.coachPersonId === thread.coachId &&
    stored.author === author &&
    (stored.deletedAt !== null || stored.text === text);
  if (!stored || !isRetry) throw new DomainError('id_conflict', messages.messageIdTaken);
  return { value: toMessage(stored), isNew: false, isUpdate: false };
}

/**
 * Marks read, at `now`, the other side's unread messages up to `upTo` (by (sent, id), that one
 * included); 404 when `upTo` is not of the thread. Answers how many it marked and what is left.
 */
export async function markRead(
  tx: Transaction,
  thread: Thread,
  reader: MessageAuthor,
  upTo: string,
  now: Date,
): Promise<{ marked: number; unread: number }> {
  const [target] = await tx
    .select({ sentAt: table.sentAt, id: table.id })
    .from(table)
    .where(and(inThread(thread), eq(table.id, upTo)));
  if (!target) throw notFound();
  const marked = await tx
    .update(table)
    .set({ readAt: now })
    .where(
      and(
        inThread(thread),
        eq(table.author, otherSide(reader)),
        sql`${table.readAt} is null and ${table.deletedAt} is null`,
        sql`(${table.sentAt}, ${table.id}) <= (${target.sentAt.toISOString()}::timestamptz, ${target.id}::uuid)`,
      ),
    )
    .returning({ id: table.id });
  return { marked: marked.length, unread: await countUnread(tx, thread, reader) };
}

/**
 * Deletes the coach's message `messageId` of the thread at `now`, within `windowSeconds` of its
 * sending: its text is emptied, its row kept. A message deleted before is answered as it is
 * (isUpdate false); 404 for a message not of the thread, 403 for the client's, 409 past the window.
 */
export async function deleteMessage(
  tx: Transaction,
  thread: Thread,
  messageId: string,
  windowSeconds: number,
  now: Date,
): Promise<{ value: ThreadMessage; isUpdate: boolean }> {
  const [stored] = await tx
    .select()
    .from(table)
    .where(and(inThread(thread), eq(table.id, messageId)))
    .for('update');
  if (!stored) throw notFound();
  if (stored.author !== 'coach') {
    throw new DomainError('forbidden', messages.onlyCoachesDeleteMessages);
  }
  if (stored.deletedAt) return { value: toMessage(stored), isUpdate: false };
  if (now.getTime() - stored.sentAt.getTime() > windowSeconds * 1000) {
    throw new DomainError('delete_window_passed', messages.messageDeleteWindowPassed);
  }
  const [deleted] = await tx
    .update(table)
    .set({ deletedAt: now, text: '' })
    .where(eq(table.id, messageId))
    .returning();
  if (!deleted) throw notFound();
  return { value: toMessage(deleted), isUpdate: true };
}

/**
 * The coach's unread client messages by current client: by the partial index of unread client
 * messages (coach, client), joined to the clients the coach has now.
 */
export async function unreadCounts(
  db: Database,
  organisationId: string,
  coachId: string,
): Promise<UnreadCounts> {
  const result = await db.execute<{ client_id: string; unread: number | string }>(sql`
    select m.client_person_id as client_id, count(*)::int as unread
    from messages m
    join persons p on p.id = m.client_person_id and p.coach_person_id = m.coach_person_id
    where m.coach_person_id = ${coachId}::uuid
      and m.organisation_id = ${organisationId}::uuid
      and m.author = 'client' and m.read_at is null and m.deleted_at is null
      and p.type = 'user'
    group by m.client_person_id`);
  const clients = result.rows.map((row) => ({
    clientId: row.client_id,
    unread: Number(row.unread),
  }));
  return { clients, total: clients.reduce((sum, client) => sum + client.unread, 0) };
}

/** The coach's quick replies, in their order (none until they keep some). */
export async function readQuickReplies(db: Database, coachId: string): Promise<QuickReply[]> {
  const [row] = await db
    .select({ items: schema.quickReplies.items })
    .from(schema.quickReplies)
    .where(eq(schema.quickReplies.coachPersonId, coachId));
  return row?.items ?? [];
}

/** Replaces the coach's quick replies (the contract bounds their number and length). */
export async function writeQuickReplies(
  db: Database,
  organisationId: string,
  coachId: string,
  items: QuickReply[],
  now: Date,
): Promise<QuickReply[]> {
  const stored = items.map(({ id, text }) => ({ id, text }));
  await db
    .insert(schema.quickReplies)
    .values({ coachPersonId: coachId, organisationId, items: stored, updatedAt: now })
    .onConflictDoUpdate({
      target: schema.quickReplies.coachPersonId,
      set: { items: stored, updatedAt: now },
    });
  return stored;
}
