import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { DatabaseHandle, Transaction } from '../../db/index.ts';
import { schema } from '../../db/index.ts';
import {
  type PersonRecord,
  personColumns,
  personColumnsOf,
  publishSessionEnd,
} from '../core/index.ts';

// Whether a session is still live is asked on every authenticated request (`requireAuth`), and
// changes only when a session ends: a logout, a password reset, a refresh token's reuse. So:
// - the question is one prepared statement (the partial index of live tokens, then the user's
//   row for the email `GET /session/current` answers with, and, but for the auth service's own
//   routes, the user's profile, which nearly every other call reads next:
//   services/account/caller.ts; and on a call at a client's address, `:clientId`, that person,
//   whom the call reads next to decide whether the caller may reach them:
//   services/clientRecords/access.ts), built once per database: no query building per request, a named
//   statement on PostgreSQL (parsed once per connection), one round trip;
// - on PGlite, the answers are also kept in memory. PGlite serves one process (its lock file
//   keeps others off), so every session that ends, ends in this process, through
//   `transactionEndingSessions`, which empties that memory: the answer stays exact. The memory
//   keeps the user's email with the session: no statement changes `users.email`; one that does
//   must run in `transactionEndingSessions` too. On PostgreSQL, other processes share the
//   database and could end a session unheard: every request asks the database.

/** Most sessions remembered as live; the oldest is forgotten first. */
const maxRememberedSessions = 10_000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user of a live session. */
export type SignedInUser = { id: string; email: string };

/**
 * The user of a live session and their profile (null: none), when the database was asked; a
 * session PGlite's memory knew answers without the profile. `mustEnrol`: the session may only
 * enrol a second factor (REQUIRE_MFA, decision 73).
 */
type SignedInCaller = SignedInUser & {
  person?: PersonRecord | null;
  /** The person of the `clientId` asked for (null: none), when the database was asked. */
  pathClient?: { id: string; person: PersonRecord | null };
  mustEnrol?: boolean;
};

/**
 * The sessions known to be live, with their users, and the guards that keep that knowledge exact
 * while sessions end. A lookup that started before a session began to end must not store its
 * (older) answer: each lookup takes a ticket (`begin`), and its answer is stored (`remember`) only
 * when no session ended or is ending since that ticket.
 */
export class LiveSessionMemory {
  readonly #userOfSession = new Map<string, SignedInUser>();
  #epoch = 0;
  #ending = 0;
  readonly #capacity: number;

  constructor(capacity = maxRememberedSessions) {
    this.#capacity = capacity;
  }

  /** The user of `sessionId` when it is known to be live and to be `userId`'s. */
  get(sessionId: string, userId: string): SignedInUser | undefined {
    const user = this.#userOfSession.get(sessionId);
    return user?.id === userId ? user : undefined;
  }

  /** A ticket for a lookup about to ask the database. */
  begin(): number {
    return this.#epoch;
  }

  /** Stores a lookup's answer "live", unless sessions ended or are ending since its ticket. */
  remember(ticket: number, sessionId: string, user: SignedInUser): void {
    if (ticket !== this.#epoch || this.#ending > 0) return;
    if (this.#userOfSession.size >= this.#capacity) {
      const oldest = this.#userOfSession.keys().next().value;
      if (oldest !== undefined) this.#userOfSession.delete(oldest);
    }
    this.#userOfSession.set(sessionId, user);
  }

  /** Sessions are about to end: forget every one, store nothing until `ended`. */
  ending(): void {
    this.#ending += 1;
    this.#forget();
  }

  /** The sessions of an `ending` call have ended (or stayed, the transaction rolled back). */
  ended(): void {
    this.#ending -= 1;
    this.#forget();
  }

  #forget() {
    this.#epoch += 1;
    this.#userOfSession.clear();
  }
}

/** The session check of one database (see the top of this file). */
export type LiveSessions = {
  /**
   * The user the access token of `claims` was issued to, while the session it was issued for
   * still has a live (unrevoked) refresh token; undefined once that session has ended. With
   * `clientId` (a uuid; anything else is not read), the person of that id in the same statement.
   */
  signedInUser(
    claims: { userId: string; sessionId: string },
    options?: { withProfile?: boolean; clientId?: string },
  ): Promise<SignedInCaller | undefined>;
  /** The memory of live sessions, on PGlite only. */
  memory: LiveSessionMemory | null;
};

const ofDatabase = new WeakMap<DatabaseHandle, LiveSessions>();

/** The session check of `database`, made once per database handle. */
export function liveSessionsOf(database: DatabaseHandle): LiveSessions {
  let sessions = ofDatabase.get(database);
  if (!sessions) {
    sessions = createLiveSessions(database);
    ofDatabase.set(database, sessions);
  }
  return sessions;
}

function createLiveSessions(database: DatabaseHandle): LiveSessions {
  const { refreshTokens: tokens, users, persons, profilePictures, sessionFactors } = schema;
  const liveToken = and(
    eq(tokens.familyId, sql.placeholder('sessionId')),
    isNull(tokens.revokedAt),
    eq(tokens.organisationId, database.organisationId),
    eq(tokens.userId, sql.placeholder('userId')),
  );
  // Three statements: the caller's profile costs a join and 19 columns to read, which the auth
  // service's own routes (`GET /session/current`...) do not need; the path's client as much again,
  // which only the calls at a client's address need.
  // The session's REQUIRE_MFA flag comes by its primary key in the same statement.
  const mustEnrol = sql<boolean>`coalesce(${sessionFactors.mustEnrol}, false)`;
  const factorsOfSession = eq(sessionFactors.sessionId, tokens.familyId);
  // The caller's row and profile: the join chain both profile statements share (the path's
  // client joins onto it).
  const joinCallerProfile = <Query extends PgSelect>(query: Query) =>
    query
      .innerJoin(users, eq(users.id, tokens.userId))
      .leftJoin(sessionFactors, factorsOfSession)
      .leftJoin(
        persons,
        and(eq(persons.userId, users.id), eq(persons.organisationId, tokens.organisationId)),
      )
      .leftJoin(profilePictures, eq(profilePictures.personId, persons.id));
  const callerFields = { id: users.id, email: users.email, person: personColumns, mustEnrol };
  const liveSessionCaller = joinCallerProfile(
    database.db.select(callerFields).from(tokens).$dynamic(),
  )
    .where(liveToken)
    .limit(1)
    .prepare('live_session_caller');
  const clientPersons = alias(persons, 'client_person');
  const clientPictures = alias(profilePictures, 'client_picture');
  const liveSessionCallerClient = joinCallerProfile(
    database.db
      .select({ ...callerFields, client: personColumnsOf(clientPersons, clientPictures) })
      .from(tokens)
      .$dynamic(),
  )
    .leftJoin(
      clientPersons,
      and(
        eq(clientPersons.id, sql.placeholder('clientId')),
        eq(clientPersons.organisationId, tokens.organisationId),
      ),
    )
    .leftJoin(clientPictures, eq(clientPictures.personId, clientPersons.id))
    .where(liveToken)
    .limit(1)
    .prepare('live_session_caller_client');
  const liveSessionUser = database.db
    .select({ id: users.id, email: users.email, mustEnrol })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .leftJoin(sessionFactors, factorsOfSession)
    .where(liveToken)
    .limit(1)
    .prepare('live_session_user');
  const memory = database.kind === 'pglite' ? new LiveSessionMemory() : null;
  return {
    memory,
    async signedInUser({ userId, sessionId }, { withProfile = true, clientId } = {}) {
      if (!uuidPattern.test(sessionId) || !uuidPattern.test(userId)) return undefined;
      const known = memory?.get(sessionId, userId);
      if (known) return known;
      const ticket = memory?.begin() ?? 0;
      let caller: SignedInCaller | undefined;
      if (withProfile && clientId !== undefined && uuidPattern.test(clientId)) {
        const [row] = await liveSessionCallerClient.execute({ sessionId, userId, clientId });
        caller = row && {
          id: row.id,
          email: row.email,
          person: row.person,
          pathClient: { id: clientId, person: row.client },
          mustEnrol: row.mustEnrol,
        };
      } else if (withProfile) {
        const [row] = await liveSessionCaller.execute({ sessionId, userId });
        caller = row && {
          id: row.id,
          email: row.email,
          person: row.person,
          mustEnrol: row.mustEnrol,
        };
      } else {
        [caller] = await liveSessionUser.execute({ sessionId, userId });
      }
      if (!caller) return undefined;
      // The memory keeps the session's user, never the profile, which changes without a session
      // ending; nor a session that may only enrol a second factor, which stops being one without
      // a session ending (a session never becomes one), so it is asked every time.
      if (!caller.mustEnrol) {
        memory?.remember(ticket, sessionId, { id: caller.id, email: caller.email });
      }
      return caller;
    },
  };
}

declare const endingSessions: unique symbol;

/**
 * A transaction of `transactionEndingSessions`: the only kind the functions that end sessions
 * (`revokeFamily`, `revokeAllSessionsOfUser`) take, so that none ends one unheard.
 */
export type SessionEndingTransaction = Transaction & { readonly [endingSessions]: true };

/**
 * Per open transaction: its database, the memory to tell (none on PostgreSQL), and whether it
 * was told.
 */
const scopes = new WeakMap<
  Transaction,
  { database: DatabaseHandle; memory: LiveSessionMemory | null; isEnding: boolean }
>();

/**
 * Runs `work` in one transaction of `database` in which sessions may end. The first session that
 * ends in it (`sessionsEnding`) empties the memory of live sessions and keeps it from storing
 * until the transaction has committed or rolled back; then it is emptied again.
 */
export async function transactionEndingSessions<T>(
  database: DatabaseHandle,
  work: (tx: SessionEndingTransaction) => Promise<T>,
): Promise<T> {
  const scope = { database, memory: liveSessionsOf(database).memory, isEnding: false };
  try {
    return await database.transaction((tx) => {
      scopes.set(tx, scope);
      return work(tx as SessionEndingTransaction);
    });
  } finally {
    if (scope.isEnding) scope.memory?.ended();
  }
}

/** Called before a statement that ends sessions runs in `tx`. */
export function sessionsEnding(tx: SessionEndingTransaction): void {
  const scope = scopes.get(tx);
  // A nested transaction (a savepoint) is another object: refused rather than left unheard.
  if (!scope) throw new Error('Sessions end only in a transaction of transactionEndingSessions');
  if (scope.isEnding) return;
  scope.isEnding = true;
  scope.memory?.ending();
}

/**
 * Tells every process, once `tx` commits, that these sessions ended: their live event streams
 * close (see core/liveNotices.ts).
 */
export async function noticeSessionsEnded(
  tx: SessionEndingTransaction,
  sessions: readonly { userId: string; sessionId: string }[],
): Promise<void> {
  const scope = scopes.get(tx);
  if (!scope) throw new Error('Sessions end only in a transaction of transactionEndingSessions');
  for (const { userId, sessionId } of sessions) {
    await publishSessionEnd(scope.database, tx, userId, sessionId);
  }
}
