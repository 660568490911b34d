import { callApi, listBothWays, startTestServer, type TestServer } from '@coach/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BulkLoadResult,
  bulkClientEmail,
  bulkLoad,
  bulkPassword,
  readBulkMarker,
} from './bulk.ts';

let server: TestServer;
let result: BulkLoadResult;
const messages: string[] = [];
/**
 * The load's instant, also the server's client-data clock: every "today" below is the clients'
 * local date at it, not at the moment of the check (a local midnight of one of the load's
 * timezones may pass during the load, which lasts seconds).
 */
let now: Date;

const scalar = async (query: string) =>
  Number(Object.values((await server.database.db.execute(sql.raw(query))).rows[0] ?? {})[0] ?? NaN);

beforeAll(async () => {
  now = new Date();
  server = await startTestServer({ now: () => now });
  result = await bulkLoad(server.database, {
    now,
    clients: 600,
    days: 10,
    seed: 7,
    coaches: 3,
    onProgress: (message) => messages.push(message),
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('bulkLoad', () => {
  it('loads 3 coaches with 200 clients each and a row per client and day', async () => {
    expect(result.coachEmails).toEqual([
      'bench-coach-0001@example.com',
      'bench-coach-0002@example.com',
      'bench-coach-0003@example.com',
    ]);
    expect(result.benchCoachEmail).toBe('bench-coach-0001@example.com');
    expect(await scalar(`select count(*) from persons where type = 'coach'`)).toBe(3);
    const perCoach = await server.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from persons where type = 'user' group by coach_person_id`);
    expect(perCoach.rows.map((row) => row.n)).toEqual([200, 200, 200]);
    expect(await scalar('select count(*) from client_daily')).toBe(6000);
    expect(result.rows.client_daily).toBe(6000);
    expect(await scalar('select count(distinct timezone) from persons')).toBeGreaterThan(5);
    // Every client has its `days` dates, ending on their local today (at the load's instant).
    const loadInstant = `'${now.toISOString()}'::timestamptz`;
    expect(
      await scalar(`select count(*) from (
        select cd.client_person_id from client_daily cd join persons p on p.id = cd.client_person_id
        group by cd.client_person_id, p.timezone, p.created_at
        having count(*) <> 10 or max(cd.local_date) <> (${loadInstant} at time zone p.timezone)::date
          or min(cd.local_date) <> (p.created_at at time zone p.timezone)::date) as wrong`),
    ).toBe(0);
    expect(messages.at(-1)).toMatch(/^bulk: done in/);
  });

  it('stores phase totals that agree with client_daily over each started step', async () => {
    const expected = await server.database.db.execute<{ n: number }>(sql`
      with starts as (
        select p.id as client, 'learn' as step, (p.created_at at time zone p.timezone)::date as starts
        from persons p where p.type = 'user'
        union all
        select client_person_id, step, start_date from journey_steps where step <> 'learn'
      ),
      ranges as (
        select client, step, starts,
          coalesce(lead(starts) over (partition by client order by starts), date 'infinity') as ends
        from starts
      ),
      recomputed as (
        select r.client, r.step, coalesce(sum(cd.productivity_average), 0) as productivity_sum,
          count(cd.productivity_average) as productivity_days,
          coalesce(sum(cd.mental_average), 0) as mental_sum,
          count(cd.physical_average) as physical_days,
          coalesce(sum(cd.reflections_completed), 0) as reflections,
          coalesce(sum(cd.exercises_completed), 0) as exercises,
          coalesce(sum(cd.assessments_completed), 0) as assessments
        from ranges r left join client_daily cd on cd.client_person_id = r.client
          and cd.local_date >= r.starts and cd.local_date < r.ends
        group by r.client, r.step
      )
      select count(*)::int as n from recomputed r
      full join client_phase_totals t on t.client_person_id = r.client and t.step = r.step
      where t.client_person_id is null or r.client is null
        or abs(t.productivity_sum - r.productivity_sum) > 1e-6
        or t.productivity_days <> r.productivity_days
        or abs(t.mental_sum - r.mental_sum) > 1e-6 or t.physical_days <> r.physical_days
        or t.reflections_completed <> r.reflections or t.exercises_completed <> r.exercises
        or t.assessments_completed <> r.assessments`);
    expect(expected.rows[0]?.n).toBe(0);
    // A realistic mix: some clients moved on to sense and grow.
    const steps = await server.database.db.execute<{ step: string; n: number }>(sql`
      select current_step as step, count(*)::int as n from journeys group by 1 order by 1`);
    expect(steps.rows.map((row) => row.step)).toEqual(['grow', 'learn', 'sense']);
    expect(await scalar('select sum(productivity_days) from client_phase_totals')).toBeGreaterThan(
      0,
    );
  });

  it("rebuilds the bench coach's client_daily from their raw reflections, exercises and samples", async () => {
    const benchClients = `(select p.id from persons p join persons coach on coach.id = p.coach_person_id
      join users u on u.id = coach.user_id where u.email = 'bench-coach-0001@example.com')`;
    const reflections = await scalar(
      `select count(*) from surveys where type <> 'assessment' and client_person_id in ${benchClients}`,
    );
    expect(reflections).toBeGreaterThan(0);
    expect(
      await scalar(
        `select sum(reflections_completed) from client_daily where client_person_id in ${benchClients}`,
      ),
    ).toBe(reflections);
    expect(
      await scalar(
        `select sum(exercises_completed) from client_daily where client_person_id in ${benchClients}`,
      ),
    ).toBe(
      await scalar(`select count(*) from exercises where client_person_id in ${benchClients}`),
    );
    expect(
      await scalar(
        `select sum(hrv_count + pulse_count + respiratory_count) from client_daily
        where client_person_id in ${benchClients}`,
      ),
    ).toBe(
      await scalar(`select count(*) from metric_samples where client_person_id in ${benchClients}`),
    );
    // The other coaches' clients have rollups only.
    expect(
      await scalar(`select count(*) from surveys where client_person_id not in ${benchClients}`),
    ).toBe(0);
  });

  it('keeps the usage of the last 3 days equal to the raw sessions of those days', async () => {
    expect(
      await scalar(`select count(*) from (
        select s.client_person_id, (s.started_at at time zone p.timezone)::date as day,
          sum(extract(epoch from s.ended_at - s.started_at))::int as seconds
        from usage_sessions s join persons p on p.id = s.client_person_id
        group by 1, 2) as raw
        join client_daily cd on cd.client_person_id = raw.client_person_id
          and cd.local_date = raw.day
        where cd.usage_seconds <> raw.seconds`),
    ).toBe(0);
    expect(await scalar('select count(*) from usage_sessions')).toBeGreaterThan(600);
  });

  it('marks the load with its options', async () => {
    expect(await readBulkMarker(server.database)).toMatchObject({
      clients: 600,
      days: 10,
      seed: 7,
      coaches: 3,
    });
  });

  it('lets the bench coach sign in and read the 200 clients through the analytics list', async () => {
    const signIn = await callApi(server.baseUrl, 'POST', '/api/auth/login', {
      body: { email: result.benchCoachEmail, password: bulkPassword },
    });
    expect(signIn.status).toBe(200);
    const token = (signIn.body as { accessToken: string }).accessToken;
    const list = await callApi(server.baseUrl, 'GET', '/api/analytics/clients', { token });
    expect(list.status).toBe(200);
    const clients = (list.body as { clients: { email: string; journey: { step: string } }[] })
      .clients;
    expect(clients).toHaveLength(200);
    expect(clients.map((client) => client.email)).toContain(bulkClientEmail(1));
    const client = await callApi(server.baseUrl, 'POST', '/api/auth/login', {
      body: { email: bulkClientEmail(1), password: bulkPassword },
    });
    expect(client.status).toBe(200);
  });
});

describe('bulkLoad: the stored low days', () => {
  type Listed = { clientId: string; indicators: Record<string, { lowDays: number } | string> };
  const lowDaysOf = async () => {
    const signIn = await callApi(server.baseUrl, 'POST', '/api/auth/login', {
      body: { email: result.benchCoachEmail, password: bulkPassword },
    });
    const token = (signIn.body as { accessToken: string }).accessToken;
    const list = await callApi(server.baseUrl, 'GET', '/api/analytics/clients', { token });
    return (list.body as { clients: Listed[] }).clients.map((client) => [
      client.clientId,
      client.indicators,
    ]);
  };

  it("judges every client's current step, as the list would count them from the daily rows", async () => {
    expect(
      await scalar(`select count(*) from client_phase_totals t join journeys j
        on j.client_person_id = t.client_person_id and j.current_step = t.step
        where t.low_days_judged_from is not null`),
    ).toBe(600);
    // The list reads them for every one of the bench coach's clients...
    const coach = await server.database.db.execute<{ id: string }>(sql`
      select p.id from persons p join users u on u.id = p.user_id
      where u.email = ${result.benchCoachEmail}`);
    const coachPersonId = coach.rows[0]?.id ?? '';
    expect(
      // The kept row's totals (place 12) of the current step (place 10): judged (their place 10).
      await scalar(`select count(*) from client_list_entries e
        where e.coach_person_id = '${coachPersonId}' and exists (
          select 1 from json_array_elements(e.entry::json -> 12) t
          where t ->> 0 = coalesce(e.entry::json ->> 10, 'learn') and t ->> 10 is not null)`),
    ).toBe(200);
    // The load builds the clients list's kept rows once at its end: they read as the sources do.
    const both = await listBothWays(
      server.database,
      { personId: coachPersonId, timezone: 'UTC' },
      now,
    );
    expect(both.kept).toHaveLength(200);
    expect(both.kept).toEqual(both.fromSources);
    const stored = await lowDaysOf();
    expect(
      await scalar(`select count(*) from client_phase_totals
        where productivity_low_days + mental_low_days + physical_low_days > 0`),
    ).toBeGreaterThan(0);
    // ...and without them counts the daily rows itself: the same figures.
    await server.database.db.execute(
      sql`update client_phase_totals set low_days_judged_from = null`,
    );
    expect(await lowDaysOf()).toEqual(stored);
  });
});
