// Test helper of the client-data services' tests (exercise, survey): one more client accepted like
// a seeded one, so a test writes and reads a day of its own whatever the other tests of its file
// stored before it (tests run in any order; decision 104 seeds each file's database once).
import { eq } from 'drizzle-orm';
import { schema } from '../src/db/index.ts';
import type { TestUser } from './auth.ts';
import { seedPerson } from './clientRecords.ts';
import type { TestServer } from './testServer.ts';

/** Seeds a client of `coach` accepted at the same time and in the same timezone as `like`. */
export async function seedClientLike(
  server: TestServer,
  coach: TestUser,
  like: TestUser,
  email: string,
): Promise<TestUser> {
  const [person] = await server.database.db
    .select({ timezone: schema.persons.timezone, createdAt: schema.persons.createdAt })
    .from(schema.persons)
    .where(eq(schema.persons.id, like.personId));
  if (!person) throw new Error(`No person ${like.personId} to copy`);
  return seedPerson(server, { email, coach, ...person });
}
