import { randomBytes, randomUUID } from 'node:crypto';
import { serviceNames } from '@coach/api';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { expect } from 'vitest';
import { schema } from '../../src/db/index.ts';
import { callApi, signInForTest, type TestUser } from '../auth.ts';
import { seedPerson } from '../clientRecords.ts';
import { makePng } from '../images.ts';
import { startTestServer, type TestServer } from '../testServer.ts';
import type { SchemaHints } from './schemaArbitrary.ts';

// The server the hostile-input tests attack: every service, on a fixed clock, with two coaches
// and two clients that have data of every kind (an exercise, an invite, a report, pictures), so
// generated requests can name things that exist and reach the handlers.

/** 21:00 in Berlin on 2026-03-04 (the night reflection window is open), day 3 of learn. */
export const hostileNow = new Date('2026-03-04T20:00:00Z');

/** Who calls: the four seeded people. */
export type Person = 'coachA' | 'coachB' | 'clientC' | 'clientD';

export const people: readonly Person[] = ['coachA', 'coachB', 'clientC', 'clientD'];

export type HostileServer = {
  server: TestServer;
  users: Record<Person, TestUser>;
  /** A bearer token of a live session of each person. */
  tokens: Record<Person, string>;
  /** Authorization headers no one should get past (see {@link hostileAuthorizations}). */
  hostileAuthorizations: readonly string[];
  /** What exists, for the generators. */
  hints: Required<SchemaHints>;
};

/** Starts the server and seeds the people and their data. Close with `server.close()`. */
export async function startHostileServer(): Promise<HostileServer> {
  const secret = randomBytes(32);
  const server = await startTestServer({
    services: serviceNames,
    now: () => hostileNow,
    accessTokenSecret: secret,
  });
  const createdAt = new Date('2026-03-02T08:00:00Z');
  const coachA = await seedPerson(server, { email: 'coach-a@example.com', createdAt });
  const coachB = await seedPerson(server, { email: 'coach-b@example.com', createdAt });
  const clientC = await seedPerson(server, {
    email: 'client-c@example.com',
    coach: coachA,
    timezone: 'Europe/Berlin',
    createdAt,
  });
  const clientD = await seedPerson(server, {
    email: 'client-d@example.com',
    coach: coachA,
    timezone: 'Asia/Tokyo',
    createdAt,
  });
  const users = { coachA, coachB, clientC, clientD };
  const tokens = {} as Record<Person, string>;
  for (const person of people) tokens[person] = await signInForTest(server, users[person].userId);

  const call = async (person: Person, method: string, path: string, body?: unknown) => {
    const response = await callApi(server.baseUrl, method, path, {
      token: tokens[person],
      ...(body === undefined ? {} : { body }),
    });
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(
      300,
    );
    return response.body as { id: string };
  };
  const exercise = await call('clientC', 'POST', '/api/exercise/exercises', {
    id: randomUUID(),
    goal: 'calm',
    startedAt: new Date(hostileNow.getTime() - 12 * 60_000).toISOString(),
    completedAt: new Date(hostileNow.getTime() - 2 * 60_000).toISOString(),
    before: { hrv1: 40, pulseRate: 75 },
    after: { hrv1: 52, pulseRate: 66 },
    result: 'Calmer',
  });
  const invite = await call('coachA', 'POST', '/api/auth/invites', {
    email: 'pending@example.com',
  });
  // A second invite whose link the generators know, to accept it and check it.
  const mailsBefore = server.mailSink.received.length;
  await call('coachA', 'POST', '/api/auth/invites', { email: 'invitee@example.com' });
  const inviteMail = await server.mailSink.waitForMailTo('invitee@example.com', mailsBefore);
  const inviteToken = /invite\?token=([A-Za-z0-9_%-]+)/.exec(inviteMail?.text ?? '')?.[1];
  expect(inviteToken).toBeDefined();
  // Refresh tokens of real sign-ins (sessions of their own): replayed, each rotates once, then
  // its reuse ends its session.
  const refreshTokens: string[] = [];
  for (const user of [coachB, clientD]) {
    const login = await callApi(server.baseUrl, 'POST', '/api/auth/login', {
      body: { email: user.email, password: 'Password1' },
    });
    expect(login.status).toBe(200);
    refreshTokens.push((login.body as { refreshToken: string }).refreshToken);
  }
  const report = await call('coachA', 'POST', `/api/resource/clients/${clientC.personId}/reports`, {
    mentalWellbeing: 'Calmer mornings',
    physicalWellbeing: 'Walks daily',
    productivity: 'Focused',
    finalComments: 'Keep going',
  });
  const note = await call('coachA', 'POST', `/api/notes/clients/${clientC.personId}/notes`, {
    id: randomUUID(),
    text: 'Sleeps badly before reviews',
  });
  for (const person of ['coachA', 'clientC'] as const) {
    const response = await fetch(
      `${server.baseUrl}/api/resource/profilePicture/${users[person].personId}`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${tokens[person]}`, 'content-type': 'image/png' },
        body: new Uint8Array(makePng()),
      },
    );
    expect(response.status).toBe(200);
  }

  return {
    server,
    users,
    tokens,
    hostileAuthorizations: await hostileAuthorizations(server, secret, coachA),
    hints: {
      known: {
        // Coach A's client C most often: the pair most routes serve.
        clientId: [clientC.personId, clientC.personId, clientD.personId],
        id: [...people.map((person) => users[person].personId), invite.id],
        userId: people.map((person) => users[person].userId),
        exerciseId: [exercise.id],
        reportId: [report.id],
        noteId: [note.id],
        // Not the invitee's: inviting the address again would replace the link's token.
        email: [...people.map((person) => users[person].email), 'pending@example.com'],
        password: ['Password1'],
        token: [decodeURIComponent(inviteToken ?? '')],
        refreshToken: refreshTokens,
        timezone: ['Europe/Berlin', 'UTC', 'Asia/Tokyo', 'America/New_York'],
      },
      now: hostileNow,
    },
  };
}

/**
 * Authorization headers an attacker can send: none of them may get past a 401. A token of an
 * ended session, an expired one, one signed with `none` or another key, one for another audience,
 * a bearer of garbage or of 10 kB, and other schemes.
 */
async function hostileAuthorizations(
  server: TestServer,
  secret: Uint8Array,
  coach: TestUser,
): Promise<string[]> {
  const ended = await signInForTest(server, coach.userId);
  await server.database.db
    .update(schema.refreshTokens)
    .set({ revokedAt: new Date(), revokedReason: 'logout' })
    .where(eq(schema.refreshTokens.familyId, String(decodeJwt(ended).sid)));
  const claims = { org: server.database.organisationId, sid: randomUUID() };
  const sign = (key: Uint8Array, audience = 'coach-api', expiresAt: string | number = '15m') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(coach.userId)
      .setIssuer('coach')
      .setAudience(audience)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(expiresAt)
      .sign(key);
  const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
    ...claims,
    sub: coach.userId,
    iss: 'coach',
    aud: 'coach-api',
    exp: Math.floor(Date.now() / 1000) + 600,
  })}.`;
  return [
    `Bearer ${ended}`,
    `Bearer ${await sign(secret, 'coach-api', Math.floor(Date.now() / 1000) - 60)}`,
    `Bearer ${await sign(randomBytes(32))}`,
    `Bearer ${await sign(secret, 'another-api')}`,
    `Bearer ${unsigned}`,
    'Bearer',
    'Bearer ',
    'Bearer null',
    "Bearer ' OR '1'='1",
    `Bearer ${'A'.repeat(10_000)}`,
    'Basic Y29hY2hAZXhhbXBsZS5jb206Q29hY2gxMjMh',
    `bearer\t${ended}`,
  ];
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
