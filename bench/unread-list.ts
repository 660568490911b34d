// The clients list with its unread counts: the app fetches the coach's clients list
// (`GET /api/analytics/clients`) and their unread messages (`GET /api/messaging/unread`) in
// parallel; the list alone is the peer. On the bulk load of the cost-growth benchmark's smallest
// organisation (PostgreSQL, 1,000 clients x 365 days, kept between runs; the bench coach has 200
// clients), with messages in every client's thread (3 of the coach's, read, and 3 of the client's,
// unread for every other client), written again on every run. One request (or pair) after
// another, the three measures taken in turn (list, list and unread, unread alone) so that the
// machine's load falls on all alike; each figure is the median of the rounds' p95s. Once on a
// server that keeps the list's answer (a coach reading again) and once on one that makes it on
// every call (as after a write).
//
// BENCH_UNREAD_CLIENTS (1000), BENCH_ROUNDS (3), BENCH_SEQUENTIAL (200: requests per measure and
// round). PostgreSQL only (TEST_DATABASE_URL).
import { sql } from 'drizzle-orm';
import {
  getJson,
  log,
  median,
  preparePostgres,
  rounds,
  sequentialRequests,
  startDataServer,
} from './client-data.ts';
import type { Bench, Figure } from './harness.ts';
import { percentile } from './productServer.ts';

const clients = Number(process.env.BENCH_UNREAD_CLIENTS ?? 1000);
const days = 365;
const round = (value: number) => Math.round(value * 10) / 10;

/** Replaces every thread's messages: 6 per client, the client's 3 unread for every other one. */
async function writeMessages(prepared: Awaited<ReturnType<typeof preparePostgres>>) {
  const database = await prepared.open();
  try {
    await database.db.execute(sql`delete from messages`);
    await database.db.execute(sql`
      insert into messages
        (id, organisation_id, client_person_id, coach_person_id, author, text, sent_at, read_at)
      select gen_random_uuid(), p.organisation_id, p.id, p.coach_person_id,
        case when k <= 3 then 'coach' else 'client' end,
        'Bench message ' || k,
        now() - make_interval(hours => 10 - k),
        case when k > 3 and p.n % 2 = 0 then null else now() end
      from (
        select id, organisation_id, coach_person_id, row_number() over (partition by coach_person_id order by id) as n
        from persons where type = 'user' and coach_person_id is not null
      ) p, generate_series(1, 6) k`);
    await database.db.execute(sql`analyze messages`);
    const counted = await database.db.execute<{ messages: string; unread: string }>(sql`
      select count(*)::text as messages,
        count(*) filter (where author = 'client' and read_at is null)::text as unread
      from messages`);
    return {
      messages: Number(counted.rows[0]?.messages ?? 0),
      unread: Number(counted.rows[0]?.unread ?? 0),
    };
  } finally {
    await database.close();
  }
}

/** p50 and p95 (ms) of timed calls. */
function percentilesOf(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50Ms: round(percentile(sorted, 0.5)), p95Ms: round(percentile(sorted, 0.95)) };
}

async function measureServer(
  server: Awaited<ReturnType<typeof startDataServer>>,
  unreadClients: number,
) {
  const unreadUrl = `${server.url}/api/messaging/unread`;
  const unread = async () => {
    const answer = (await getJson(unreadUrl, server.coachToken)) as { clients: unknown[] };
    if (answer.clients.length !== unreadClients) {
      throw new Error(`unread counts of ${answer.clients.length} clients, not ${unreadClients}`);
    }
  };
  const measures = {
    list: server.list,
    both: () => Promise.all([server.list(), unread()]).then(() => undefined),
    unread,
  };
  // Warmed up: each route's code optimised before the first measure.
  for (let index = 0; index < 30; index += 1) await measures.both();
  const runs: Record<keyof typeof measures, ReturnType<typeof percentilesOf>>[] = [];
  for (let index = 0; index < rounds; index += 1) {
    const latencies = { list: [] as number[], both: [] as number[], unread: [] as number[] };
    for (let request = 0; request < sequentialRequests * 3; request += 1) {
      const which = (['list', 'both', 'unread'] as const)[request % 3] ?? 'list';
      const before = performance.now();
      await measures[which]();
      latencies[which].push(performance.now() - before);
    }
    runs.push({
      list: percentilesOf(latencies.list),
      both: percentilesOf(latencies.both),
      unread: percentilesOf(latencies.unread),
    });
  }
  return {
    rounds: runs,
    listP95Ms: median(runs.map((run) => run.list.p95Ms)),
    bothP95Ms: median(runs.map((run) => run.both.p95Ms)),
    unreadP95Ms: median(runs.map((run) => run.unread.p95Ms)),
  };
}

export async function runUnreadListBench(adminUrl: string) {
  const prepared = await preparePostgres(adminUrl, { clients, days });
  const messages = await writeMessages(prepared);
  const measured: Record<'kept' | 'made', Awaited<ReturnType<typeof measureServer>>> = {
    kept: { rounds: [], listP95Ms: Number.NaN, bothP95Ms: Number.NaN, unreadP95Ms: Number.NaN },
    made: { rounds: [], listP95Ms: Number.NaN, bothP95Ms: Number.NaN, unreadP95Ms: Number.NaN },
  };
  for (const kept of [true, false]) {
    const server = await startDataServer(prepared, kept);
    try {
      // The bench coach's 200 clients: every other one has unread messages.
      const unreadClients = server.rows.length / 2;
      const figures = await measureServer(server, unreadClients);
      measured[kept ? 'kept' : 'made'] = figures;
      log(
        `unread list (${kept ? 'answer kept' : 'made every call'}): list p95 ${figures.listP95Ms} ms, with unread ${figures.bothP95Ms} ms, unread alone ${figures.unreadP95Ms} ms`,
      );
    } finally {
      await server.stop();
    }
  }
  return { dataset: prepared.dataset, messages, rounds, sequentialRequests, ...measured };
}

export const unreadListBench: Bench = {
  name: 'unread-list',
  title:
    "the clients list with the coach's unread message counts fetched beside it, against the list alone (PostgreSQL)",
  async run() {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('unread-list needs TEST_DATABASE_URL (npm run bench sets it)');
    const result = await runUnreadListBench(adminUrl);
    const stored = `${clients.toLocaleString('en-US')} x ${days} days`;
    const load = `200 clients of ${stored}, 100 of them with 3 unread messages, ${result.messages.messages.toLocaleString('en-US')} messages stored, PostgreSQL, one request after another, median of ${rounds} rounds of ${sequentialRequests}`;
    const figures: Figure[] = [];
    for (const [mode, what] of [
      ['kept', "the list's answer kept: no write since"],
      ['made', 'the list made on every call, as after a write'],
    ] as const) {
      const of = result[mode];
      figures.push(
        {
          id: `unread-list.list-with-unread-p95-${mode}`,
          label: `Clients list and unread counts in parallel, p95 (${what})`,
          note: load,
          value: of.bothP95Ms,
          unit: 'ms',
          better: 'lower',
          peer: { label: 'the list alone', value: of.listP95Ms },
          goal: { kind: 'ratio', ratio: 1.05 },
        },
        {
          id: `unread-list.unread-p95-${mode}`,
          label: 'Unread counts alone, p95',
          note: load,
          value: of.unreadP95Ms,
          unit: 'ms',
          better: 'lower',
          peer: { label: 'the list alone', value: of.listP95Ms },
          goal: { kind: 'none' },
        },
      );
    }
    return { figures, details: result };
  },
};
