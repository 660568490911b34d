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
// blocks of each kind (the crossover's machinery, shared with `follow-up-list.ts`, is in
// `list-crossover.ts`). The ratio's figures are those of the round whose ratio is the median of
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
import { type SQL, sql } from 'drizzle-orm';
import {
  type Crossover,
  crossoverBench,
  type Database,
  numberedClients,
} from './list-crossover.ts';

/** Messages per thread, and the client's unread ones in every other thread. */
const perThread = 6;
const unreadPerThread = 3;
const unreadInList = 100 * unreadPerThread;

/**
 * Messages of the threads of the clients `where` selects (a condition on persons `p`): 6 each,
 * the client's 3 unread for every other client of a coach.
 */
function insertMessages(where: SQL) {
  return sql`
    insert into messages
      (id, organisation_id, client_person_id, coach_person_id, author, text, sent_at, read_at)
    select gen_random_uuid(), p.organisation_id, p.id, p.coach_person_id,
      case when k <= ${perThread - unreadPerThread} then 'coach' else 'client' end,
      'Bench message ' || k,
      now() - make_interval(hours => 10 - k),
      case when k > ${perThread - unreadPerThread} and p.n % 2 = 0 then null else now() end
    from ${numberedClients}, generate_series(1, ${perThread}) k
    where ${where}`;
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

const unreadCounts: Crossover<Awaited<ReturnType<typeof countMessages>>> = {
  name: 'unread list',
  referenceName: 'with /unread beside',
  beside: { with: [], without: [], reference: ['/api/messaging/unread'] },
  table: 'messages',
  insert: insertMessages,
  stored: countMessages,
  shown: {
    name: 'unread messages in the rows',
    of: (rows) => rows.reduce((sum, row) => sum + row.unreadMessages, 0),
    expected: { with: unreadInList, without: 0 },
  },
};

export const unreadListBench = crossoverBench({
  name: 'unread-list',
  title:
    "the clients list with each client's unread messages in its rows, against the same list with no messages (PostgreSQL)",
  prefix: 'UNREAD',
  crossover: unreadCounts,
  words: (result, sizes) => ({
    ids: {
      with: 'unread-list.list-with-counts-p95',
      reference: 'unread-list.list-and-unread-call-p95',
    },
    labels: {
      with: (made) => `Clients list with the unread counts in its rows, p95 (${made})`,
      reference: (made) =>
        `Reference, the former design: the list and GET /api/messaging/unread in parallel, p95 (${made})`,
    },
    lists: `two coaches' lists of 200 clients of ${sizes.clients.toLocaleString('en-US')} x ${sizes.days} days, each with ${result.storedWith.a?.coach ?? 0} messages in its threads, 100 clients with ${unreadPerThread} unread (${result.storedWith.a?.all ?? 0} messages stored), or none; PostgreSQL, one request after another`,
    withCoach: 'the coach with messages',
    peers: {
      without: 'the same lists with no messages (counts 0)',
      reference: 'the list with the counts in its rows',
    },
  }),
});
