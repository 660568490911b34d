import type { DatabaseHandle, StatementNotice, Transaction } from '../../db/index.ts';

// What the services publish for the coaches' live event streams (analytics/liveHub.ts), in the
// transaction of the write, so that a stream hears of a change once it is committed, from any
// process. Ids only: a notice carries nothing personal, and a stream tells a coach only of that
// coach's own clients.

/** A notice of the live event streams. */
export type LiveNotice =
  /** The figures of client `clientId`, coached by `coachId` (person ids), changed. */
  | { kind: 'client'; coachId: string; clientId: string }
  /** The thread of client `clientId` with their coach `coachId` changed (a message sent, read or deleted). */
  | { kind: 'messages'; coachId: string; clientId: string }
  /** Session `sessionId` of user `userId` ended: its streams close. */
  | { kind: 'session'; userId: string; sessionId: string };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Publishes, when `tx` commits, that client `client`'s figures changed (none without a coach). */
export async function publishClientChange(
  database: DatabaseHandle,
  tx: Transaction,
  client: { id: string; coachPersonId: string | null },
): Promise<void> {
  if (!client.coachPersonId) return;
  await database.notices.publish(tx, `c:${client.coachPersonId}:${client.id}`);
}

/**
 * The notice that client `client`'s figures changed, published by a statement of its own (none
 * without a coach): see {@link StatementNotice}.
 */
export function clientChangeNotice(
  database: Pick<DatabaseHandle, 'notices'>,
  client: { id: string; coachPersonId: string | null },
): StatementNotice | null {
  if (!client.coachPersonId) return null;
  return database.notices.inStatement(`c:${client.coachPersonId}:${client.id}`);
}

/**
 * Publishes, when `tx` commits, that the thread of client `clientId` with coach `coachId` changed:
 * a message was sent (by either side), read or deleted.
 */
export async function publishThreadChange(
  database: Pick<DatabaseHandle, 'notices'>,
  tx: Transaction,
  thread: { coachId: string; clientId: string },
): Promise<void> {
  await database.notices.publish(tx, `m:${thread.coachId}:${thread.clientId}`);
}

/** Publishes, when `tx` commits, that session `sessionId` of user `userId` ended. */
export async function publishSessionEnd(
  database: Pick<DatabaseHandle, 'notices'>,
  tx: Transaction,
  userId: string,
  sessionId: string,
): Promise<void> {
  await database.notices.publish(tx, `s:${userId}:${sessionId}`);
}

/** The notice of a payload, or null for one this version does not know. */
export function parseLiveNotice(payload: string): LiveNotice | null {
  const [kind, first, second, ...rest] = payload.split(':');
  if (rest.length > 0 || !first || !second) return null;
  if (!uuidPattern.test(first) || !uuidPattern.test(second)) return null;
  if (kind === 'c') return { kind: 'client', coachId: first, clientId: second };
  if (kind === 'm') return { kind: 'messages', coachId: first, clientId: second };
  if (kind === 's') return { kind: 'session', userId: first, sessionId: second };
  return null;
}
