import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { type DatabaseHandle, schema } from '../../db/index.ts';
import {
  LiveSessionMemory,
  liveSessionsOf,
  type SessionEndingTransaction,
  transactionEndingSessions,
} from './liveSessions.ts';
import { randomToken, sha256Hex } from './secrets.ts';
import { revokeAllSessionsOfUser, revokeFamily } from './sessions.ts';
import { createUserWithProfile } from './testing.ts';

describe('the memory of live sessions', () => {
  const session = crypto.randomUUID();
  const user = crypto.randomUUID();

  it('knows a remembered session for its own user only', () => {
    const memory = new LiveSessionMemory();
    memory.remember(memory.begin(), session, user);
    expect(memory.has(session, user)).toBe(true);
    expect(memory.has(session, crypto.randomUUID())).toBe(false);
    expect(memory.has(crypto.randomUUID(), user)).toBe(false);
  });

  it('forgets everything when sessions end', () => {
    const memory = new LiveSessionMemory();
    memory.remember(memory.begin(), session, user);
    memory.ending();
    expect(memory.has(session, user)).toBe(false);
    memory.ended();
    expect(memory.has(session, user)).toBe(false);
  });

  it('keeps no answer looked up before or while sessions end', () => {
    const memory = new LiveSessionMemory();
    const before = memory.begin();
    memory.ending();
    const during = memory.begin();
    memory.remember(before, session, user);
    memory.remember(during, session, user);
    expect(memory.has(session, user)).toBe(false);
    memory.ended();
    memory.remember(before, session, user);
    memory.remember(during, session, user);
    expect(memory.has(session, user)).toBe(false);
    // A lookup that begins once they have ended sees the database as it is now.
    memory.remember(memory.begin(), session, user);
    expect(memory.has(session, user)).toBe(true);
  });

  it('forgets the oldest session past its capacity', () => {
    const memory = new LiveSessionMemory(2);
    const [first, second, third] = [1, 2, 3].map(() => crypto.randomUUID());
    for (const id of [first, second, third]) memory.remember(memory.begin(), id ?? '', user);
    expect([first, second, third].map((id) => memory.has(id ?? '', user))).toEqual([
      false,
      true,
      true,
    ]);
  });
});

describe('the session check', () => {
  let database: DatabaseHandle;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ userId } = await createUserWithProfile(database, {
      email: 'coach@example.com',
      password: 'Coach123!',
      type: 'coach',
    }));
  });
  afterAll(() => database?.close());

  /** A new session of the coach with one live refresh token, as a sign-in leaves it. */
  async function newSession(): Promise<string> {
    const familyId = crypto.randomUUID();
    const expiresAt = new Date(Date.now() + 86_400_000);
    await database.db.insert(schema.refreshTokens).values({
      organisationId: database.organisationId,
      userId,
      familyId,
      tokenHash: sha256Hex(randomToken()),
      expiresAt,
      familyExpiresAt: expiresAt,
    });
    return familyId;
  }

  const end = (familyId: string) =>
    transactionEndingSessions(database, (tx) =>
      revokeFamily(tx, database.organisationId, familyId, 'logout', new Date()),
    );

  it('refuses a session at once after it ended, however often it was checked before', async () => {
    const sessions = liveSessionsOf(database);
    const sessionId = await newSession();
    const other = await newSession();
    for (let check = 0; check < 3; check += 1) {
      expect(await sessions.isLive({ userId, sessionId })).toBe(true);
      expect(await sessions.isLive({ userId, sessionId: other })).toBe(true);
    }
    // On PGlite the answer now comes from memory (this is the only process that can end it); on
    // PostgreSQL every check asks the database.
    if (database.kind === 'pglite') expect(sessions.memory?.has(sessionId, userId)).toBe(true);
    else expect(sessions.memory).toBeNull();
    await end(sessionId);
    expect(await sessions.isLive({ userId, sessionId })).toBe(false);
    expect(await sessions.isLive({ userId, sessionId: other })).toBe(true);
    await transactionEndingSessions(database, (tx) =>
      revokeAllSessionsOfUser(tx, database.organisationId, userId, 'password_reset', new Date()),
    );
    expect(await sessions.isLive({ userId, sessionId: other })).toBe(false);
  });

  it('refuses a session ended while it was being checked', async () => {
    const sessions = liveSessionsOf(database);
    const sessionId = await newSession();
    const checks = Array.from({ length: 5 }, () => sessions.isLive({ userId, sessionId }));
    await end(sessionId);
    await Promise.all(checks);
    expect(await sessions.isLive({ userId, sessionId })).toBe(false);
  });

  it('refuses a session of another user, or ids that are not ids', async () => {
    const sessions = liveSessionsOf(database);
    const sessionId = await newSession();
    expect(await sessions.isLive({ userId: crypto.randomUUID(), sessionId })).toBe(false);
    expect(await sessions.isLive({ userId, sessionId: 'not-a-uuid' })).toBe(false);
  });

  it('keeps the session when the transaction that ended it rolls back', async () => {
    const sessions = liveSessionsOf(database);
    const sessionId = await newSession();
    await expect(
      transactionEndingSessions(database, async (tx) => {
        await revokeFamily(tx, database.organisationId, sessionId, 'logout', new Date());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await sessions.isLive({ userId, sessionId })).toBe(true);
  });

  it('ends no session in a transaction it was not told of', async () => {
    const sessionId = await newSession();
    await expect(
      database.transaction((tx) =>
        revokeFamily(
          tx as SessionEndingTransaction,
          database.organisationId,
          sessionId,
          'logout',
          new Date(),
        ),
      ),
    ).rejects.toThrow('transactionEndingSessions');
    expect(await liveSessionsOf(database).isLive({ userId, sessionId })).toBe(true);
  });
});
