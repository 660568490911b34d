import type { DatabaseHandle } from '@coach/server/db';
import { createTestDatabase, createUserWithProfile } from '@coach/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientTimeline, plannedStepStarts, simulatedClients } from './generator.ts';
import { runHttpSimulation, type SimulationSummary } from './httpDriver.ts';
import { replyIdOf } from './messaging.ts';
import { type SimulationServer, startSimulationServer } from './server.ts';

// Three clients over ten days (across New York's clock change of 8 March 2026) through the real
// HTTP endpoints of a server on a fresh database, then the same run again.
const end = new Date('2026-03-12T12:00:00Z');
const days = 10;
const seed = 3;
const coach = { email: 'coach@example.com', password: 'Coach123!' };

let database: DatabaseHandle;
let server: SimulationServer;
let first: SimulationSummary;

const count = async (query: ReturnType<typeof sql>) => {
  const result = await database.db.execute<{ count: number }>(query);
  return Number(result.rows[0]?.count ?? 0);
};

async function storedCounts() {
  return {
    reflections: await count(sql`select count(*) from surveys where type <> 'assessment'`),
    assessments: await count(sql`select count(*) from surveys where type = 'assessment'`),
    exercises: await count(sql`select count(*) from exercises`),
    samples: await count(sql`select count(*) from metric_samples`),
    sessions: await count(sql`select count(*) from usage_sessions`),
    steps: await count(sql`select count(*) from journey_steps`),
    completedEvents: await count(
      sql`select count(*) from calendar_events where status = 'completed'`,
    ),
    persons: await count(sql`select count(*) from persons`),
    messages: await count(sql`select count(*) from messages`),
    readMessages: await count(sql`select count(*) from messages where read_at is not null`),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await createUserWithProfile(database, { ...coach, type: 'coach', timezone: 'Europe/London' });
  server = await startSimulationServer(database, end);
  first = await runHttpSimulation({ server, seed, clients: 3, days, coach, end });
}, 120_000);

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('an HTTP simulation run', () => {
  it('invites, accepts and drives every client with no failed request', () => {
    expect(first.failures).toEqual([]);
    expect(first.newClients).toBe(3);
    expect(first.byRoute['POST /api/auth/invites']).toEqual({ 201: 3 });
    expect(first.byRoute['POST /api/auth/invites/accept']).toEqual({ 200: 3 });
    expect(first.byRoute['POST /api/survey/reflections']).toEqual({
      201: first.actions.reflection,
    });
    expect(first.byRoute['POST /api/exercise/exercises']).toEqual({ 201: first.actions.exercise });
    expect(first.byRoute['POST /api/journey/clients/:clientId/phase']).toEqual({
      200: first.actions.phaseChange,
    });
    expect(first.actions.phaseChange).toBeGreaterThan(0);
    expect(first.byRoute['POST /api/messaging/clients/:clientId/messages']).toEqual({
      201: first.actions.coachMessage + first.actions.clientMessage + first.actions.clientReply,
    });
    expect(first.byRoute['GET /api/messaging/clients/:clientId/messages']).toEqual({
      200: first.actions.readMessages,
    });
  });

  it("has the clients read the coach's messages with their own tokens, and some answer a while later", async () => {
    expect(first.actions.coachMessage).toBeGreaterThan(0);
    expect(
      first.byRoute['POST /api/messaging/clients/:clientId/messages/read']?.[200],
    ).toBeGreaterThan(0);
    expect(first.actions.clientReply).toBeGreaterThan(0);
    const clients = new Map(simulatedClients(seed, 3).map((client) => [client.email, client]));
    const threads = await database.db.execute<{
      email: string;
      id: string;
      author: string;
      sent_at: string | Date;
      read_at: string | Date | null;
    }>(sql`
      select u.email, m.id, m.author, m.sent_at, m.read_at from messages m
      join persons p on p.id = m.client_person_id join users u on u.id = p.user_id
      order by m.sent_at`);
    const answered = threads.rows.filter((coachMessage) => {
      const client = clients.get(coachMessage.email);
      if (coachMessage.author !== 'coach' || !coachMessage.read_at || !client) return false;
      const reply = threads.rows.find((row) => row.id === replyIdOf(seed, client, coachMessage.id));
      // Read by the client after it was sent, answered after it was read.
      return (
        reply?.author === 'client' &&
        new Date(coachMessage.read_at) > new Date(coachMessage.sent_at) &&
        new Date(reply.sent_at) > new Date(coachMessage.read_at)
      );
    });
    expect(answered.length).toBe(first.actions.clientReply);
    // Clients also write first, and the coach has their messages to read.
    expect(first.actions.clientMessage).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) from messages where author = 'client' and read_at is null`),
    ).toBe(first.actions.clientMessage + first.actions.clientReply);
  });

  it('stores what the generator planned for each client, from their acceptance', async () => {
    const start = new Date(end.getTime() - days * 86_400_000);
    for (const [index, client] of simulatedClients(seed, 3).entries()) {
      const result = await database.db.execute<{
        id: string;
        created_at: string | Date;
        timezone: string;
      }>(sql`
        select p.id, p.created_at, p.timezone from persons p join users u on u.id = p.user_id
        where u.email = ${client.email}`);
      const person = result.rows[0];
      expect(person?.timezone).toBe(client.timeZone);
      const acceptedAt = new Date(start.getTime() + index * 60_000 + 30_000);
      expect(new Date(person?.created_at ?? 0)).toEqual(acceptedAt);
      const planned = clientTimeline(client, { seed, acceptedAt, until: end });
      const of = (type: string) => planned.filter((action) => action.type === type).length;
      const id = person?.id ?? '';
      expect(
        await count(
          sql`select count(*) from surveys where client_person_id = ${id}::uuid and type <> 'assessment'`,
        ),
      ).toBe(of('reflection'));
      expect(
        await count(sql`select count(*) from exercises where client_person_id = ${id}::uuid`),
      ).toBe(of('exercise'));
      const starts = plannedStepStarts(client, acceptedAt);
      const steps = await database.db.execute<{ step: string; start_date: string }>(sql`
        select step, start_date::text as start_date from journey_steps
        where client_person_id = ${id}::uuid and step <> 'learn' order by start_date`);
      const expected = planned
        .filter((action) => action.type === 'phaseChange')
        .map((action) =>
          action.type === 'phaseChange'
            ? { step: action.body.nextPhase, start_date: starts[action.body.nextPhase] }
            : null,
        );
      expect(steps.rows).toEqual(expected);
    }
    const usage = await count(
      sql`select count(*) from client_daily where usage_seconds > 0 and hrv_count > 0`,
    );
    expect(usage).toBeGreaterThan(5);
    expect(await count(sql`select count(*) from client_phase_totals`)).toBeGreaterThanOrEqual(3);
  });

  it('stores nothing new when run again: every record is answered as stored before', async () => {
    const before = await storedCounts();
    const again = await runHttpSimulation({ server, seed, clients: 3, days, coach, end });
    expect(again.failures).toEqual([]);
    expect(again.newClients).toBe(0);
    expect(again.byRoute['POST /api/auth/invites']).toEqual({ 409: 3 });
    expect(again.byRoute['POST /api/survey/reflections']).toEqual({
      200: first.actions.reflection,
    });
    expect(again.byRoute['POST /api/exercise/exercises']).toEqual({ 200: first.actions.exercise });
    expect(again.byRoute['POST /api/journey/clients/:clientId/phase']).toBeUndefined();
    // The messages are answered as stored, nothing is left to read or answer.
    expect(again.byRoute['POST /api/messaging/clients/:clientId/messages']).toEqual({
      200: first.actions.coachMessage + first.actions.clientMessage,
    });
    expect(again.actions.clientReply).toBe(0);
    expect(await storedCounts()).toEqual(before);
  });
});
