import type { Person, Tokens } from '@coach/api';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { schema } from '../db/index.ts';
import { verifyPassword } from '../services/auth/passwords.ts';
import { demoAccounts, seedDemoAccounts } from './demo.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ services: ['auth', 'account'] });
});
afterAll(() => server.close());

async function counts() {
  const { db } = server.database;
  const [users] = await db.select({ value: count() }).from(schema.users);
  const [persons] = await db.select({ value: count() }).from(schema.persons);
  return { users: users?.value, persons: persons?.value };
}

async function signIn(email: string, password: string) {
  return fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

// The accounts only: the history the demo seed adds is the simulator's (its demo/demoHistory.test.ts).
describe('seedDemoAccounts', () => {
  it('seeds the coach, the client account and 21 more clients, and changes nothing the second time', async () => {
    expect(await seedDemoAccounts(server.database)).toEqual({
      created: 23,
      existing: 0,
    });
    const first = await counts();
    expect(first).toEqual({ users: 23, persons: 23 });
    const [coachBefore] = await server.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'coach@example.com'));
    expect(await seedDemoAccounts(server.database)).toEqual({
      created: 0,
      existing: 23,
    });
    expect(await counts()).toEqual(first);
    const [coachAfter] = await server.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'coach@example.com'));
    expect(coachAfter?.passwordHash).toBe(coachBefore?.passwordHash);
    expect(await verifyPassword(coachAfter?.passwordHash ?? '', 'Coach123!')).toBe(true);
  });

  it('lets the coach sign in and see their clients, in several timezones', async () => {
    const response = await signIn('coach@example.com', 'Coach123!');
    expect(response.status).toBe(200);
    const { accessToken } = (await response.json()) as Tokens;
    const persons = (await (
      await fetch(`${server.baseUrl}/api/account/persons`, {
        headers: { authorization: `Bearer ${accessToken}` },
      })
    ).json()) as Person[];
    expect(persons).toHaveLength(demoAccounts.length);
    const [coach, ...clients] = persons;
    expect(coach).toMatchObject({ type: 'coach', firstName: 'Olivia', lastName: 'Bennett' });
    expect(coach?.aboutMe.length).toBeGreaterThan(0);
    expect(clients.every((client) => client.type === 'user' && client.coachId === coach?.id)).toBe(
      true,
    );
    expect(clients.map((client) => client.userId)).toHaveLength(22);
    expect(new Set(clients.map((client) => client.timezone)).size).toBeGreaterThan(10);
    expect(new Set(clients.map((client) => client.gender))).toEqual(new Set(['male', 'female']));
    expect(clients.every((client) => /^\d{4}-\d{2}-\d{2}$/.test(client.birthDate ?? ''))).toBe(
      true,
    );
  });

  it('seeds client@example.com as a client of type user with its password', async () => {
    const [client] = await server.database.db
      .select({ hash: schema.users.passwordHash, type: schema.persons.type })
      .from(schema.users)
      .innerJoin(schema.persons, eq(schema.persons.userId, schema.users.id))
      .where(eq(schema.users.email, 'client@example.com'));
    expect(client?.type).toBe('user');
    expect(await verifyPassword(client?.hash ?? '', 'Client123!')).toBe(true);
  });
});
