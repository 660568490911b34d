// The clients list with its unread counts in its rows (`unreadMessages`, read from the kept
// `client_list_entries.unread_messages` that triggers on `messages` maintain: migration 0019,
// decision 0070) against the same list without them. Goal: the list's p95 with the counts within
// 5 % of the list without them.
//
// What is compared: a coach's list (200 clients, on the bulk load of the cost-growth benchmark's
// smallest organisation, PostgreSQL, 1,000 clients x 365 days in five coaches' lists, kept between
// runs) in two states, through the same servers:
// - with messages: 6 in each of the coach's 200 threads, 3 of the coach's, read, and 3 of the
//   client's, unread for every other client (100 clients with 3 unread each in the rows);
// - without: no message of this coach at all (every count 0, the coach's threads empty).
// The other coaches' threads hold the same messages throughout, as a practice's would.
//
// How the cost of the counts is isolated: a crossover of two coaches of the same size (the bulk
// load's first two, 200 clients each). In one block coach A has messages and coach B none; in the
// next, A none and B has. Within a block the two lists are read alternately, request by request,
// so that every change in the machine's load (two shared cores) falls on both alike; across the
// two kinds of block each coach is read in both states, so that the difference between the two
// lists themselves (other clients, names, phases and figures: more than the 5 % looked for) cancels
// out. Each figure is the geometric mean of the two coaches' p95s in a state,
// sqrt(A with x B with) against sqrt(A without x B without), whose ratio is
// sqrt((A with / B without) x (B with / A without)): two ratios of lists read in the same blocks,
// in which each coach appears once above and once below. Neither simpler design isolates as well:
// two coaches, one with messages and one without, read their lists' own difference as the counts'
// cost; one coach whose messages are written and deleted compares blocks seconds apart, and the
// machine's load then moves the p95s by far more than 5 %.
//
// A switch between blocks is one delete statement (the messages of the coach that had them) and
// one insert (the other's), whose triggers update the entries of the clients with unread
// messages, as sends and markings read do; then the two tables are vacuumed so that no
// block reads the dead row versions of the switch, each list is read once to check the counts it
// shows (which makes the kept answer again) and a few times more unmeasured. A round is
// BENCH_SEQUENTIAL requests a list, state and server, in blocks of BENCH_UNREAD_BLOCK, as many
// blocks of each kind. The ratio's figures are those of the round whose ratio is the median of
// the rounds': the two p95s of one round were measured together, block by block, whereas the
// median of the rounds' p95s with counts and that of the p95s without may come from different
// rounds, each with its own share of the machine's load (the medians apart are in the details).
//
// Each list is read on two servers, one after the other in each block: one that keeps the list's
// answer (a coach reading again, no write since) and one that makes it on every call (as after a
// write: BENCH_LIST_ANSWER_BYTES=0). The former design, the list and `GET /api/messaging/unread` in
// parallel (the app now calls the latter for the menu's total only), is measured for the coach
// with messages at the end of each block (half as many requests), as a reference beside the list
// with its counts.
//
// BENCH_UNREAD_CLIENTS (1000: clients in the bulk load, 200 a coach, at least 400),
// BENCH_UNREAD_DAYS (365), BENCH_UNREAD_ROUNDS (5), BENCH_SEQUENTIAL (400: requests per list,
// state, server and round; the p95 of 200 moved by 10 to 15 % from round to round here, more
// than the 5 % looked for), BENCH_UNREAD_BLOCK (50: requests per list and server between two
// switches). PostgreSQL only (TEST_DATABASE_URL). A small run while developing:
// BENCH_UNREAD_CLIENTS=400 BENCH_UNREAD_DAYS=30 BENCH_UNREAD_ROUNDS=2 BENCH_SEQUENTIAL=50.
import { sql } from 'drizzle-orm';
import {
  getJson,
  log,
  login,
  median,
  type Prepared,
  preparePostgres,
  startDataServer,
} from './client-data.ts';
import type { Bench, Figure } from './harness.ts';
import { percentile } from './productServer.ts';

const clients = Number(process.env.BENCH_UNREAD_CLIENTS ?? 1000);
const days = Number(process.env.BENCH_UNREAD_DAYS ?? 365);
const roundCount = Math.max(1, Number(process.env.BENCH_UNREAD_ROUNDS ?? 5));
const sequentialRequests = Math.max(20, Number(process.env.BENCH_SEQUENTIAL ?? 400));
const blockRequests = Math.max(10, Number(process.env.BENCH_UNREAD_BLOCK ?? 50));
/** Requests per list and server after each switch, before the timed ones. */
const warmUpRequests = 5;
/** The bulk load's first two coaches (200 clients each), A and B of the crossover. */
const coachEmails = { a: 'bench-coach-0001@example.com', b: 'bench-coach-0002@example.com' };
/** Messages per thread, and the client's unread ones in every other thread. */
const perThread = 6;
const unreadPerThread = 3;
const unreadInList = 100 * unreadPerThread;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

type Database = Awaited<ReturnType<Prepared['open']>>;
type Coach = keyof typeof coachEmails;
type State = 'with' | 'without';
type Mode = 'kept' | 'made';
const coaches: Coach[] = ['a', 'b'];
const modes: Mode[] = ['kept', 'made'];

/**
 * Messages of the threads of the clients `where` selects (a condition on persons `p`): 6 each,
 * the client's 3 unread for every other client of a coach.
 */
function insertMessages(where: ReturnType<typeof sql>) {
  return sql`
    insert into messages
      (id, organisation_id, client_person_id, coach_person_id, author, text, sent_at, read_at)
    select gen_random_uuid(), p.organisation_id, p.id, p.coach_person_id,
      case when k <= ${perThread - unreadPerThread} then 'coach' else 'client' end,
      'Bench message ' || k,
      now() - make_interval(hours => 10 - k),
      case when k > ${perThread - unreadPerThread} and p.n % 2 = 0 then null else now() end
    from (
      select id, organisation_id, coach_person_id,
        row_number() over (partition by coach_person_id order by id) as n
      from persons where type = 'user' and coach_person_id is not null
    ) p, generate_series(1, ${perThread}) k
    where ${where}`;
}

/** Coaches A and B's person ids; every other coach's threads filled, A's and B's empty. */
async function prepareMessages(database: Database): Promise<Record<Coach, string>> {
  const found = await database.db.execute<{ email: string; id: string }>(sql`
    select u.email, p.id from persons p join users u on u.id = p.user_id
    where u.email in (${coachEmails.a}, ${coachEmails.b})`);
  const idOf = (coach: Coach) => {
    const id = found.rows.find((row) => row.email === coachEmails[coach])?.id;
    if (!id) throw new Error(`no ${coachEmails[coach]} in the bulk load (at least 400 clients)`);
    return id;
  };
  const ids = { a: idOf('a'), b: idOf('b') };
  await database.db.execute(sql`delete from messages`);
  await database.db.execute(
    insertMessages(sql`p.coach_person_id not in (${ids.a}::uuid, ${ids.b}::uuid)`),
  );
  return ids;
}

/** Counts of the messages stored: all, the coach's, and the coach's unread ones. */
async function countMessages(database: Database, coachId: string) {
  const counted = await database.db.execute<{ total: string; coach: string; unread: string }>(sql`
    select count(*)::text as total,
      count(*) filter (where coach_person_id = ${coachId}::uuid)::text as coach,
      count(*) filter (where coach_person_id = ${coachId}::uuid and author = 'client'
        and read_at is null)::text as unread
    from messages`);
  const row = counted.rows[0];
  return { all: Number(row?.total), coach: Number(row?.coach), unread: Number(row?.unread) };
}

/** Takes both coaches' messages away and gives `withMessages` its threads' again; vacuums. */
async function switchTo(database: Database, ids: Record<Coach, string>, withMessages: Coach) {
  const started = performance.now();
  await database.db.execute(
    sql`delete from messages where coach_person_id in (${ids.a}::uuid, ${ids.b}::uuid)`,
  );
  await database.db.execute(insertMessages(sql`p.coach_person_id = ${ids[withMessages]}::uuid`));
  await database.db.execute(sql`vacuum (analyze) client_list_entries, messages`);
  return performance.now() - started;
}

type ListAnswer = { clients: { unreadMessages: number }[] };

/** p95 (ms) of timed calls. */
function p95Of(latencies: number[]) {
  return round(
    percentile(
      [...latencies].sort((a, b) => a - b),
      0.95,
    ),
  );
}

/** A data server with coaches A and B signed in: their lists, their lists with /unread beside. */
async function startServer(prepared: Prepared, mode: Mode) {
  const server = await startDataServer(prepared, mode === 'kept');
  try {
    const tokens = { a: server.coachToken, b: await login(server.url, coachEmails.b) };
    const unreadUrl = `${server.url}/api/messaging/unread`;
    const read = (coach: Coach) => getJson(server.listUrl, tokens[coach]) as Promise<ListAnswer>;
    // Timed calls read the answer's bytes without parsing them: the bench's own work (parsing
    // 180 kB of JSON, and collecting it) would otherwise blur the server's.
    const fetched = async (url: string, coach: Coach) => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${tokens[coach]}` } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    };
    return {
      stop: server.stop,
      read,
      list: (coach: Coach) => fetched(server.listUrl, coach),
      pair: (coach: Coach) =>
        Promise.all([fetched(server.listUrl, coach), fetched(unreadUrl, coach)]).then(
          () => undefined,
        ),
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

type Server = Awaited<ReturnType<typeof startServer>>;
/** Timed calls by server and coach. */
type Latencies = Record<Mode, Record<Coach, number[]>>;
const noLatencies = (): Latencies => ({ kept: { a: [], b: [] }, made: { a: [], b: [] } });

/**
 * `count` calls of `call` for each of `which` coaches, one after another, in turn (A, B, A, ...),
 * on one server and then on the other, timed into `into`. Not server by server in turn: the
 * server that makes every list leaves work behind its answers (its garbage collected, on one of
 * the two cores) that slowed the kept server's next answers, coach B's more than A's.
 */
async function inTurn(
  servers: Record<Mode, Server>,
  call: 'list' | 'pair',
  which: Coach[],
  count: number,
  into: Latencies,
) {
  for (const mode of modes) {
    for (let request = 0; request < count; request += 1) {
      for (const coach of which) {
        const before = performance.now();
        await servers[mode][call](coach);
        into[mode][coach].push(performance.now() - before);
      }
    }
  }
}

/** One round's p95s (ms): by server, state and coach. */
type Round = {
  listP95Ms: Record<Mode, Record<State, Record<Coach, number>>>;
  /** The list and /unread in parallel, for the coach with messages. */
  pairP95Ms: Record<Mode, Record<Coach, number>>;
  /** The longest switch of the round (delete, insert and vacuum). */
  longestSwitchMs: number;
};

/** The geometric mean of the two coaches' figures. */
const bothCoaches = (of: Record<Coach, number>) => round(Math.sqrt(of.a * of.b), 2);

async function measure(prepared: Prepared) {
  const database = await prepared.open();
  const started: Partial<Record<Mode, Server>> = {};
  try {
    const ids = await prepareMessages(database);
    started.kept = await startServer(prepared, 'kept');
    started.made = await startServer(prepared, 'made');
    const servers = { kept: started.kept, made: started.made };
    const blocksPerKind = Math.max(1, Math.ceil(sequentialRequests / blockRequests));
    const stored: Partial<Record<Coach, Awaited<ReturnType<typeof countMessages>>>> = {};
    const rounds: Round[] = [];
    let block = 0;
    for (let index = 0; index < roundCount; index += 1) {
      const lists: Record<State, Latencies> = { with: noLatencies(), without: noLatencies() };
      const pairs = noLatencies();
      let longestSwitchMs = 0;
      for (let inRound = 0; inRound < 2 * blocksPerKind; inRound += 1, block += 1) {
        // A, B, A, B, ...: each kind as often in a round, and every switch takes one coach's
        // messages away and gives the other's (the same writes to both coaches' entries).
        const withMessages: Coach = block % 2 === 0 ? 'a' : 'b';
        const without: Coach = withMessages === 'a' ? 'b' : 'a';
        const count = Math.min(
          blockRequests,
          sequentialRequests - Math.floor(inRound / 2) * blockRequests,
        );
        longestSwitchMs = Math.max(longestSwitchMs, await switchTo(database, ids, withMessages));
        stored[withMessages] ??= await countMessages(database, ids[withMessages]);
        // The counts as the lists show them: the kept answer made again after the switch.
        for (const mode of modes) {
          for (const [coach, expected] of [
            [withMessages, unreadInList],
            [without, 0],
          ] as const) {
            const answer = await servers[mode].read(coach);
            const unread = answer.clients.reduce((sum, row) => sum + row.unreadMessages, 0);
            if (answer.clients.length !== 200 || unread !== expected) {
              throw new Error(
                `${mode} list of coach ${coach}: ${answer.clients.length} clients, ${unread} unread messages in the rows, not 200 and ${expected}`,
              );
            }
          }
        }
        await inTurn(servers, 'list', coaches, warmUpRequests, noLatencies());
        const timed = noLatencies();
        await inTurn(servers, 'list', coaches, count, timed);
        // The reference, half as many: enough for its p95 at less than half the time.
        await inTurn(servers, 'pair', [withMessages], Math.ceil(count / 2), pairs);
        for (const mode of modes) {
          lists.with[mode][withMessages].push(...timed[mode][withMessages]);
          lists.without[mode][without].push(...timed[mode][without]);
        }
      }
      const p95s = (of: Record<Coach, number[]>) => ({ a: p95Of(of.a), b: p95Of(of.b) });
      const run: Round = {
        listP95Ms: {
          kept: { with: p95s(lists.with.kept), without: p95s(lists.without.kept) },
          made: { with: p95s(lists.with.made), without: p95s(lists.without.made) },
        },
        pairP95Ms: { kept: p95s(pairs.kept), made: p95s(pairs.made) },
        longestSwitchMs: round(longestSwitchMs),
      };
      const line = (mode: Mode) => {
        const of = run.listP95Ms[mode];
        return `${mode} A ${of.with.a}/${of.without.a} ms, B ${of.with.b}/${of.without.b} ms (${round(bothCoaches(of.with) / bothCoaches(of.without), 3)}x), with /unread beside A ${run.pairP95Ms[mode].a}, B ${run.pairP95Ms[mode].b} ms`;
      };
      log(
        `unread list round ${index + 1}, list p95 with/without messages: ${line('kept')}; ${line('made')}`,
      );
      rounds.push(run);
    }
    const figuresOf = (mode: Mode) => {
      const ratioOf = (run: Round) =>
        bothCoaches(run.listP95Ms[mode].with) / bothCoaches(run.listP95Ms[mode].without);
      // The round of the median ratio: its two p95s were measured together.
      const byRatio = [...rounds].sort((a, b) => ratioOf(a) - ratioOf(b));
      const middle = byRatio[Math.floor((byRatio.length - 1) / 2)] ?? rounds[0];
      if (!middle) throw new Error('no round measured');
      return {
        withP95Ms: bothCoaches(middle.listP95Ms[mode].with),
        withoutP95Ms: bothCoaches(middle.listP95Ms[mode].without),
        medianRound: rounds.indexOf(middle) + 1,
        /** The rounds' ratios, with over without. */
        ratios: rounds.map((run) => round(ratioOf(run), 3)),
        /** The medians of the rounds' p95s apart (from different rounds: for reading only). */
        medianWithP95Ms: median(rounds.map((run) => bothCoaches(run.listP95Ms[mode].with))),
        medianWithoutP95Ms: median(rounds.map((run) => bothCoaches(run.listP95Ms[mode].without))),
        pairP95Ms: median(rounds.map((run) => bothCoaches(run.pairP95Ms[mode]))),
      };
    };
    return {
      coachIds: ids,
      messagesWith: stored,
      blocksPerRound: 2 * blocksPerKind,
      rounds,
      kept: figuresOf('kept'),
      made: figuresOf('made'),
    };
  } finally {
    await started.made?.stop();
    await started.kept?.stop();
    await database.close();
  }
}

export async function runUnreadListBench(adminUrl: string) {
  const prepared = await preparePostgres(adminUrl, { clients, days });
  const measured = await measure(prepared);
  for (const mode of modes) {
    const of = measured[mode];
    log(
      `unread list (${mode === 'kept' ? 'answer kept' : 'made every call'}): p95 with counts ${of.withP95Ms} ms, without ${of.withoutP95Ms} ms in round ${of.medianRound} (${round(of.withP95Ms / of.withoutP95Ms, 3)}x; rounds ${of.ratios.join(', ')}); list and /unread ${of.pairP95Ms} ms (median of the rounds)`,
    );
  }
  return {
    dataset: prepared.dataset,
    roundCount,
    sequentialRequests,
    blockRequests,
    ...measured,
  };
}

export const unreadListBench: Bench = {
  name: 'unread-list',
  title:
    "the clients list with each client's unread messages in its rows, against the same list with no messages (PostgreSQL)",
  async run() {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('unread-list needs TEST_DATABASE_URL (npm run bench sets it)');
    const result = await runUnreadListBench(adminUrl);
    const stored = `${clients.toLocaleString('en-US')} x ${days} days`;
    const withA = result.messagesWith.a;
    const lists = `two coaches' lists of 200 clients of ${stored}, each with ${withA?.coach ?? 0} messages in its threads, 100 clients with ${unreadPerThread} unread (${withA?.all ?? 0} messages stored), or none; PostgreSQL, one request after another`;
    const load = `${lists}, the two lists in turn and their states crossed every ${blockRequests} requests, geometric mean of the two coaches' p95s, the round of the median ratio of ${roundCount} rounds of ${sequentialRequests}`;
    const reference = `${lists}, the coach with messages, geometric mean of the two coaches' p95s, median of ${roundCount} rounds of ${Math.ceil(sequentialRequests / 2)} (the list's: of ${sequentialRequests})`;
    const without = 'the same lists with no messages (counts 0)';
    const figures: Figure[] = [];
    for (const [mode, what] of [
      ['kept', "the list's answer kept: no write since"],
      ['made', 'the list made on every call, as after a write'],
    ] as const) {
      const of = result[mode];
      figures.push(
        {
          id: `unread-list.list-with-counts-p95-${mode}`,
          label: `Clients list with the unread counts in its rows, p95 (${what})`,
          note: load,
          value: of.withP95Ms,
          unit: 'ms',
          better: 'lower',
          peer: { label: without, value: of.withoutP95Ms },
          goal: { kind: 'ratio', ratio: 1.05 },
        },
        {
          id: `unread-list.list-and-unread-call-p95-${mode}`,
          label: `Reference, the former design: the list and GET /api/messaging/unread in parallel, p95 (${what})`,
          note: reference,
          value: of.pairP95Ms,
          unit: 'ms',
          better: 'lower',
          peer: { label: 'the list with the counts in its rows', value: of.medianWithP95Ms },
          goal: { kind: 'none' },
        },
      );
    }
    return { figures, details: result };
  },
};
