import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithProfile } from '../../../test/auth.ts';
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

describe('the memory of live sessions', () => {
  const session = crypto.randomUUID();
  const user = { id: crypto.randomUUID(), email: 'coach@example.com' };

  it('knows a remembered session for its own user only', () => {
    const memory = new LiveSessionMemory();
    memory.remember(memory.begin(), session, user);
    expect(memory.get(session, user.id)).toEqual(user);
    expect(memory.get(session, crypto.randomUUID())).toBeUndefined();
    expect(memory.get(crypto.randomUUID(), user.id)).toBeUndefined();
  });

  it('forgets everything when sessions end', () => {
    const memory = new LiveSessionMemory();
    memory.remember(memory.begin(), session, user);
    memory.ending();
    expect(memory.get(session, user.id)).toBeUndefined();
    memory.ended();
    expect(memory.get(session, user.id)).toBeUndefined();
  });

  it('keeps no answer looked up before or while sessions end', () => {
    const memory = new LiveSessionMemory();
    const before = memory.begin();
    memory.ending();
    const during = memory.begin();
    memory.remember(before, session, user);
    memory.remember(during, session, user);
    expect(memory.get(session, user.id)).toBeUndefined();
    memory.ended();
    memory.remember(before, session, user);
    memory.remember(during, session, user);
    expect(memory.get(session, user.id)).toBeUndefined();
    // A lookup that begins once they have ended sees the database as it is now.
    memory.remember(memory.begin(), session, user);
    expect(memory.get(session, user.id)).toEqual(user);
  });

  it('forgets the oldest session past its capacity', () => {
    const memory = new LiveSessionMemory(2);
    const [first, second, third] = [1, 2, 3].map(() => crypto.randomUUID());
    for (const id of [first, second, third]) memory.remember(memory.begin(), id ?? '', user);
    expect([first, second, third].map((id) => memory.get(id ?? '', user.id))).toEqual([
      undefined,
      user,
      user,
    ]);
  });
});

describe('the session check', () => {
  let database: DatabaseHandle;
  let userId: string;
  const email = 'coach@example.com';

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ userId } = await createUserWithProfile(database, {
      email,
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
  /** The user the session check answers for `sessionId` of the coach (without the profile). */
  const check = async (sessionId: string, id = userId) => {
    const caller = await liveSessionsOf(database).signedInUser({ userId: id, sessionId });
    return caller && { id: caller.id, email: caller.email };
  };

  it("reads the caller's profile with the session, and never keeps it", async () => {
    const sessionId = await newSession();
    const sessions = liveSessionsOf(database);
    // Asked without the profile (the auth service's own routes), it reads none.
    expect(await sessions.signedInUser({ userId, sessionId }, { withProfile: false })).toEqual({
      id: userId,
      email,
      mustEnrol: false,
    });
    const first = await sessions.signedInUser({ userId, sessionId: await newSession() });
    expect(first?.person).toMatchObject({ userId, type: 'coach', lastName: 'coach' });
    await database.db
      .update(schema.persons)
      .set({ lastName: 'Renamed' })
      .where(eq(schema.persons.userId, userId));
    const again = await sessions.signedInUser({ userId, sessionId });
    if (database.kind === 'pglite') {
      // The memory answered: the session's user, without a profile to go stale.
      expect(again).toEqual({ id: userId, email });
    } else {
      expect(again?.person).toMatchObject({ userId, lastName: 'Renamed' });
    }
    await database.db
      .update(schema.persons)
      .set({ lastName: 'coach' })
      .where(eq(schema.persons.userId, userId));
  });

  it('reads the person of a client id asked for with the session: null when there is none', async () => {
    const sessions = liveSessionsOf(database);
    const client = await createUserWithProfile(database, {
      email: 'client-of-the-path@example.com',
      password: 'Client123!',
      type: 'user',
    });
    const asked = await sessions.signedInUser(
      { userId, sessionId: await newSession() },
      { clientId: client.personId },
    );
    expect(asked?.person).toMatchObject({ userId, type: 'coach' });
    expect(asked?.pathClient).toEqual({
      id: client.personId,
      person: expect.objectContaining({ id: client.personId, type: 'user', hasPicture: false }),
    });
    const unknown = crypto.randomUUID();
    const none = await sessions.signedInUser(
      { userId, sessionId: await newSession() },
      { clientId: unknown },
    );
    expect(none?.pathClient).toEqual({ id: unknown, person: null });
    expect(none?.person).toMatchObject({ userId });
    // Not an id (the route refuses it later): not read, and the session check still answers.
    const notAnId = await sessions.signedInUser(
      { userId, sessionId: await newSession() },
      { clientId: "x' or 1=1" },
    );
    expect(notAnId).toMatchObject({ id: userId });
    expect(notAnId?.pathClient).toBeUndefined();
  });

  it('refuses a session at once after it ended, however often it was checked before', async () => {
    const sessionId = await newSession();
    const other = await newSession();
    for (let round = 0; round < 3; round += 1) {
      expect(await check(sessionId)).toEqual({ id: userId, email });
      expect(await check(other)).toEqual({ id: userId, email });
    }
    // On PGlite the answer now comes from memory (this is the only process that can end it); on
    // PostgreSQL every check asks the database.
    const { memory } = liveSessionsOf(database);
    if (database.kind === 'pglite') expect(memory?.get(sessionId, userId)).toBeDefined();
    else expect(memory).toBeNull();
    await end(sessionId);
    expect(await check(sessionId)).toBeUndefined();
    expect(await check(other)).toEqual({ id: userId, email });
    await transactionEndingSessions(database, (tx) =>
      revokeAllSessionsOfUser(tx, database.organisationId, userId, 'password_reset', new Date()),
    );
    expect(await check(other)).toBeUndefined();
  });

  it('refuses a session ended while it was being checked', async () => {
    const sessionId = await newSession();
    const checks = Array.from({ length: 5 }, () => check(sessionId));
    await end(sessionId);
    await Promise.all(checks);
    expect(await check(sessionId)).toBeUndefined();
  });

  it('refuses a session of another user, or ids that are not ids', async () => {
    const sessionId = await newSession();
    expect(await check(sessionId, crypto.randomUUID())).toBeUndefined();
    expect(await check('not-a-uuid')).toBeUndefined();
  });

  it('keeps the session when the transaction that ended it rolls back', async () => {
    const sessionId = await newSession();
    await expect(
      transactionEndingSessions(database, async (tx) => {
        await revokeFamily(tx, database.organisationId, sessionId, 'logout', new Date());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await check(sessionId)).toEqual({ id: userId, email });
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
    expect(await check(sessionId)).toEqual({ id: userId, email });
  });
});
