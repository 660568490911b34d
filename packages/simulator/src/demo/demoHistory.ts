import { addDays, localDateOf, zonedLocalToUtc } from '@coach/domain';
import { type DatabaseHandle, normalizeEmail, schema } from '@coach/server/db';
import type { ClientRef } from '@coach/server/stores';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { clientTimeline, personaMix, simulatedClient } from '../generator.ts';
import { applyTimelineAction } from '../inProcess.ts';
import { randomFor } from '../random.ts';
import { writeDemoThread } from './demoThreads.ts';

/** The seed of the demo history: every fresh demo database gets the same practice. */
const demoHistorySeed = 1;

/** Weeks of history a demo client has, [min, max]. */
const demoHistoryWeeks = [2, 5] as const;

/** What the demo history wrote. */
export type DemoHistoryResult = {
  clients: number;
  actions: number;
  /** Messages of the demo coach's threads with these clients (see demoThreads.ts). */
  messages: number;
  /** Actions the services refused (a generator or service bug): none expected. */
  failures: string[];
};

/** A demo client account: what the history needs of it. */
export type DemoHistoryClient = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
};

const { persons, users } = schema;

/**
 * Gives the demo coach's clients (the accounts listed, found by e-mail) 2 to 5 weeks of history,
 * once: nothing is written when the coach is missing or any of those clients has journey data
 * already. Each client's acceptance (`persons.created_at`, the start of learn) moves back to the
 * start of their history, then the simulator's timeline for them (same generator, personas and
 * phase plan as `npm run simulate`, fewer device readings: one every 1.5 to 2.5 hours, one device
 * batch a day) goes through the services' own store functions, in one transaction per client,
 * each action with the services' clock set just after its instant, up to `now`; with it, in the
 * same transaction, the client's thread with the coach when the demo has one (demoThreads.ts).
 */
export async function seedDemoHistory(
  database: DatabaseHandle,
  options: { coachEmail: string; clients: readonly DemoHistoryClient[]; now?: Date },
): Promise<DemoHistoryResult | null> {
  const { organisationId } = database;
  const now = options.now ?? new Date();
  const [coach] = await database.db
    .select({ personId: persons.id, userId: users.id })
    .from(persons)
    .innerJoin(users, eq(users.id, persons.userId))
    .where(
      and(
        eq(users.organisationId, organisationId),
        eq(users.email, normalizeEmail(options.coachEmail)),
        eq(persons.type, 'coach'),
      ),
    )
    .limit(1);
  if (!coach) return null;
  const emails = options.clients.map((client) => normalizeEmail(client.email));
  const rows = await database.db
    .select({ id: persons.id, userId: users.id, email: users.email, timezone: persons.timezone })
    .from(persons)
    .innerJoin(users, eq(users.id, persons.userId))
    .where(
      and(
        eq(users.organisationId, organisationId),
        inArray(users.email, emails),
        eq(persons.coachPersonId, coach.personId),
        eq(persons.type, 'user'),
      ),
    );
  if (
    rows.length === 0 ||
    (await hasHistory(
      database,
      rows.map((row) => row.id),
    ))
  )
    return null;
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  const mix = personaMix(demoHistorySeed, options.clients.length);
  const until = new Date(now.getTime() - 60_000);
  const result: DemoHistoryResult = { clients: 0, actions: 0, messages: 0, failures: [] };
  for (const [index, account] of options.clients.entries()) {
    const row = byEmail.get(normalizeEmail(account.email));
    const persona = mix[index];
    if (!row || !persona) continue;
    const client = simulatedClient(demoHistorySeed, persona, {
      key: `demo|${row.email}`,
      firstName: account.firstName,
      lastName: account.lastName,
      email: row.email,
      password: account.password,
      timeZone: row.timezone,
    });
    const random = randomFor(demoHistorySeed, `demo-start|${row.email}`);
    const historyDays = random.int(demoHistoryWeeks[0], demoHistoryWeeks[1]) * 7 - random.int(0, 3);
    const acceptedDate = addDays(localDateOf(now, row.timezone), -historyDays);
    const acceptedAt = zonedLocalToUtc(
      acceptedDate,
      `${String(random.int(8, 11)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}`,
      row.timezone,
    );
    await database.transaction(async (tx) => {
      await tx.update(persons).set({ createdAt: acceptedAt }).where(eq(persons.id, row.id));
      await tx.update(users).set({ createdAt: acceptedAt }).where(eq(users.id, row.userId));
    });
    const ref: ClientRef = {
      id: row.id,
      organisationId,
      timezone: row.timezone,
      createdAt: acceptedAt,
    };
    const timeline = clientTimeline(client, {
      seed: demoHistorySeed,
      acceptedAt,
      until,
      readingEveryMinutes: [90, 150],
      syncTimes: ['23:55'],
    });
    await database.transaction(async (tx) => {
      for (const action of timeline) {
        const applied = await applyTimelineAction(
          tx,
          ref,
          coach,
          action,
          new Date(action.at.getTime() + 1000),
        );
        if (!applied.ok) result.failures.push(`${row.email} ${applied.message}`);
      }
      result.messages += await writeDemoThread(
        tx,
        demoHistorySeed,
        { organisationId, clientId: row.id, coachId: coach.personId, email: row.email },
        until,
      );
    });
    result.clients += 1;
    result.actions += timeline.length;
  }
  return result;
}

/** Whether any of the clients has journey data (a survey, an exercise, app use or a journey). */
async function hasHistory(
  database: DatabaseHandle,
  clientIds: readonly string[],
): Promise<boolean> {
  const ids = sql.join(
    clientIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await database.db.execute<{ found: boolean }>(sql`
    select exists (select 1 from surveys where client_person_id in (${ids}))
      or exists (select 1 from exercises where client_person_id in (${ids}))
      or exists (select 1 from usage_sessions where client_person_id in (${ids}))
      or exists (select 1 from journeys where client_person_id in (${ids})) as found`);
  return Boolean(result.rows[0]?.found);
}
