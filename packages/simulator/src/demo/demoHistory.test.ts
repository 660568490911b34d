import { localDateOf } from '@coach/domain';
import { demoAccounts } from '@coach/server';
import type { DatabaseHandle } from '@coach/server/db';
import { createTestDatabase, listBothWays } from '@coach/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeedResult, seedDemo } from './seedDemo.ts';

// The demo seed of `npm start`: the accounts, then weeks of history for the 22 clients.
let database: DatabaseHandle;
let seeded: SeedResult;
const now = new Date();

const rowsOf = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await database.db.execute<T>(query)).rows;

beforeAll(async () => {
  database = await createTestDatabase();
  seeded = await seedDemo(database);
}, 180_000);

afterAll(() => database.close());

describe('the demo seed', () => {
  it('creates the accounts and a history for the 22 clients, with no refused action', () => {
    expect(seeded.created).toBe(demoAccounts.length);
    expect(seeded.history?.clients).toBe(22);
    expect(seeded.history?.failures).toEqual([]);
    // What the start's seed line reports beside the accounts.
    expect(seeded.seeded).toBe(
      `${seeded.history?.actions.toLocaleString('en-US')} simulated actions of history for 22 clients`,
    );
  });

  it('starts each client 2 to 5 weeks ago with data up to today', async () => {
    const clients = await rowsOf<{
      email: string;
      days: number;
      last_day: string;
      timezone: string;
    }>(sql`
      select u.email, p.timezone,
        extract(epoch from (${now.toISOString()}::timestamptz - p.created_at)) / 86400 as days,
        (select max(local_date)::text from client_daily d where d.client_person_id = p.id) as last_day
      from persons p join users u on u.id = p.user_id where p.type = 'user'`);
    expect(clients).toHaveLength(22);
    for (const client of clients) {
      expect(Number(client.days)).toBeGreaterThan(10);
      expect(Number(client.days)).toBeLessThan(36);
    }
    // Most clients used the app today or yesterday (the clients list's 48 h engagement).
    const recent = clients.filter(
      (client) =>
        client.last_day >= localDateOf(new Date(now.getTime() - 86_400_000), client.timezone),
    );
    expect(recent.length).toBeGreaterThan(15);
  });

  it('gives a practice-like mix of steps, indicators and assessment statuses', async () => {
    const steps = await rowsOf<{ step: string; clients: number }>(sql`
      select coalesce(j.current_step, 'learn') as step, count(*)::int as clients
      from persons p left join journeys j on j.client_person_id = p.id
      where p.type = 'user' group by 1 order by 1`);
    expect(steps.map((row) => row.step)).toEqual(['grow', 'learn', 'sense']);
    const mental = await rowsOf<{ average: number }>(sql`
      select t.mental_sum / t.mental_days as average from client_phase_totals t
      join journeys j on j.client_person_id = t.client_person_id and j.current_step = t.step
      where t.mental_days > 0`);
    expect(mental.some((row) => Number(row.average) < 70)).toBe(true);
    expect(mental.some((row) => Number(row.average) >= 70)).toBe(true);
    const statuses = await rowsOf<{ status: string }>(
      sql`select distinct status from surveys where type = 'assessment' order by status`,
    );
    expect(statuses.map((row) => row.status)).toEqual(['complete', 'inProgress', 'incomplete']);
    const effects = await rowsOf<{ effect: string }>(
      sql`select distinct effect from exercises where effect is not null`,
    );
    expect(effects.length).toBeGreaterThanOrEqual(4);
  });

  it("keeps the coach's clients list ready: read from its kept rows as from the sources, now and later", async () => {
    const [coach] = await rowsOf<{ id: string; timezone: string }>(sql`
      select p.id, p.timezone from persons p join users u on u.id = p.user_id
      where u.email = 'coach@example.com'`);
    const viewer = { personId: coach?.id ?? '', timezone: coach?.timezone ?? 'UTC' };
    for (const hours of [0, 5, 30, 24 * 7, -12, -24 * 3]) {
      const { kept, fromSources } = await listBothWays(
        database,
        viewer,
        new Date(now.getTime() + hours * 3_600_000),
      );
      expect(kept).toHaveLength(22);
      expect(kept, `${hours} h from now`).toEqual(fromSources);
    }
  });

  it('keeps the demo accounts as they were and writes no second history', async () => {
    const count = async () =>
      (
        await rowsOf<{ surveys: number; exercises: number; samples: number; steps: number }>(sql`
          select (select count(*) from surveys)::int as surveys,
            (select count(*) from exercises)::int as exercises,
            (select count(*) from metric_samples)::int as samples,
            (select count(*) from journey_steps)::int as steps`)
      )[0];
    const before = await count();
    expect(before?.surveys).toBeGreaterThan(500);
    const again = await seedDemo(database);
    expect(again).toEqual({
      created: 0,
      existing: demoAccounts.length,
      history: null,
      seeded: null,
    });
    expect(await count()).toEqual(before);
    const daniel = await rowsOf<{ first_name: string; timezone: string }>(sql`
      select p.first_name, p.timezone from persons p join users u on u.id = p.user_id
      where u.email = 'client@example.com'`);
    expect(daniel).toEqual([{ first_name: 'Daniel', timezone: 'Europe/Paris' }]);
  });
});
