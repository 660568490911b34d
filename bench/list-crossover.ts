// What the clients-list benchmarks that weigh one feature of the list share (`unread-list.ts`,
// `follow-up-list.ts`): a crossover of two coaches of the same size on the bulk load (PostgreSQL),
// each read in both states, the feature's and none, through the same two servers (one keeping the
// list's answer, one making it on every call). `unread-list.ts`'s head says why this design and
// not a simpler one.
//
// A round is `sequentialRequests` requests a coach, state and server, in blocks of
// `blockRequests`, as many blocks of each kind: in one coach A has the feature and coach B none,
// in the next the other way round. A switch between blocks is one delete statement (the feature's
// rows of the coach that had them) and one insert (the other's), whose triggers update the kept
// list entries as the product's writes do, then a vacuum of the two tables, so that no block
// reads their dead row versions; each list is then read once to check what it shows (which makes
// the kept answer again) and a few times more unmeasured. Within a block the two coaches are read
// in turn, request by request, the coach with the feature by the call 'with' and the other by
// 'without'; then the call 'reference' for the coach with the feature (half as many requests), a
// row beside the figure. Each figure is the geometric mean of the two coaches' p95s in a state;
// its ratio is that of the round whose ratio is the median (its two p95s were measured together,
// block by block).
import { type SQL, sql } from 'drizzle-orm';
import type { Bench, Figure } from '../scripts/figures.ts';
import {
  getJson,
  log,
  login,
  median,
  type Prepared,
  preparePostgres,
  startDataServer,
} from './client-data.ts';
import { percentile } from './productServer.ts';

/** Requests per list and server after each switch, before the timed ones. */
const warmUpRequests = 5;
/** The bulk load's first two coaches (200 clients each), A and B of the crossover. */
const coachEmails = { a: 'bench-coach-0001@example.com', b: 'bench-coach-0002@example.com' };
/** The clients in each of the two coaches' lists. */
const listClients = 200;

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export type Database = Awaited<ReturnType<Prepared['open']>>;
type Coach = keyof typeof coachEmails;
export type CoachIds = Record<Coach, string>;
type State = 'with' | 'without';
type Mode = 'kept' | 'made';
/** The timed calls: a coach with the feature, one without, and the reference beside. */
type Call = 'with' | 'without' | 'reference';
const coaches: Coach[] = ['a', 'b'];
const modes: Mode[] = ['kept', 'made'];

/**
 * The bulk load's clients with their organisation and coach, numbered within each coach's by id
 * (`n` from 1): the rows `p` a benchmark's writes select from.
 */
export const numberedClients = sql`(
  select id, organisation_id, coach_person_id,
    row_number() over (partition by coach_person_id order by id) as n
  from persons where type = 'user' and coach_person_id is not null
) p`;

/** A list's rows as the checks read them. */
export type ListRow = { unreadMessages: number; followUp: { isDue: boolean } | null };

/** The sizes of a run: `BENCH_<prefix>_CLIENTS`, `_DAYS`, `_ROUNDS`, `_BLOCK`, `BENCH_SEQUENTIAL`. */
function crossoverSizes(prefix: string) {
  const setting = (name: string, fallback: number) =>
    Number(process.env[`BENCH_${prefix}_${name}`] ?? fallback);
  return {
    clients: setting('CLIENTS', 1000),
    days: setting('DAYS', 365),
    roundCount: Math.max(1, setting('ROUNDS', 5)),
    sequentialRequests: Math.max(20, Number(process.env.BENCH_SEQUENTIAL ?? 400)),
    blockRequests: Math.max(10, setting('BLOCK', 50)),
  };
}
type Sizes = ReturnType<typeof crossoverSizes>;

/** One feature of the list, as its benchmark weighs it. */
export type Crossover<Stored> = {
  /** Names the benchmark in the log: 'unread list'. */
  name: string;
  /** The reference call in the log: 'with /unread beside'. */
  referenceName: string;
  /** The API paths each call reads in parallel with the list. */
  beside: Record<Call, readonly string[]>;
  /** The table of the feature's rows, with their coach in `coach_person_id`. */
  table: string;
  /** Writes the feature's rows for the clients `where` selects (a condition on `numberedClients`). */
  insert: (where: SQL) => SQL;
  /** More of the feature to take away from coaches A and B at a switch, beside `table`'s rows. */
  clear?: (ids: CoachIds) => SQL;
  /** Readies the database further before the servers start (A and B given their ids). */
  prepare?: (database: Database, ids: CoachIds) => Promise<void>;
  /** What the database holds with the coach of `coachId` with the feature, for the details. */
  stored: (database: Database, coachId: string) => Promise<Stored>;
  /** What a list shows of the feature (its rows' count), and what it must show in each state. */
  shown: { name: string; of: (rows: ListRow[]) => number; expected: Record<State, number> };
};

/** p95 (ms) of timed calls. */
function p95Of(latencies: number[]) {
  return round(
    percentile(
      [...latencies].sort((a, b) => a - b),
      0.95,
    ),
  );
}

/** The geometric mean of the two coaches' figures. */
const bothCoaches = (of: Record<Coach, number>) => round(Math.sqrt(of.a * of.b), 2);

/** Coaches A and B's person ids. */
async function coachIdsOf(database: Database): Promise<CoachIds> {
  const found = await database.db.execute<{ email: string; id: string }>(sql`
    select u.email, p.id from persons p join users u on u.id = p.user_id
    where u.email in (${coachEmails.a}, ${coachEmails.b})`);
  const idOf = (coach: Coach) => {
    const id = found.rows.find((row) => row.email === coachEmails[coach])?.id;
    if (!id) throw new Error(`no ${coachEmails[coach]} in the bulk load (at least 400 clients)`);
    return id;
  };
  return { a: idOf('a'), b: idOf('b') };
}

/** A data server with coaches A and B signed in: their lists, and the timed calls. */
async function startServer(prepared: Prepared, mode: Mode, beside: Crossover<unknown>['beside']) {
  const server = await startDataServer(prepared, mode === 'kept');
  try {
    const tokens = { a: server.coachToken, b: await login(server.url, coachEmails.b) };
    const read = (coach: Coach) =>
      getJson(server.listUrl, tokens[coach]) as Promise<{ clients: ListRow[] }>;
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
      call: (call: Call, coach: Coach) =>
        Promise.all([
          fetched(server.listUrl, coach),
          ...beside[call].map((path) => fetched(`${server.url}${path}`, coach)),
        ]).then(() => undefined),
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
 * `count` calls (each coach's `callOf`) for each of `which` coaches, one after another, in turn
 * (A, B, A, ...), on one server and then on the other, timed into `into`. Not server by server in
 * turn: the server that makes every list leaves work behind its answers (its garbage collected,
 * on one of the two cores) that slowed the kept server's next answers, coach B's more than A's.
 */
async function inTurn(
  servers: Record<Mode, Server>,
  callOf: (coach: Coach) => Call,
  which: Coach[],
  count: number,
  into: Latencies,
) {
  for (const mode of modes) {
    for (let request = 0; request < count; request += 1) {
      for (const coach of which) {
        const before = performance.now();
        await servers[mode].call(callOf(coach), coach);
        into[mode][coach].push(performance.now() - before);
      }
    }
  }
}

/** One round's p95s (ms): by server, state and coach. */
type Round = {
  listP95Ms: Record<Mode, Record<State, Record<Coach, number>>>;
  /** The reference call, for the coach with the feature. */
  referenceP95Ms: Record<Mode, Record<Coach, number>>;
  /** The longest switch of the round (its writes and the vacuum). */
  longestSwitchMs: number;
};

async function measure<Stored>(prepared: Prepared, crossover: Crossover<Stored>, sizes: Sizes) {
  const { roundCount, sequentialRequests, blockRequests } = sizes;
  const { shown } = crossover;
  const database = await prepared.open();
  const started: Partial<Record<Mode, Server>> = {};
  try {
    const ids = await coachIdsOf(database);
    // Every other coach's rows, as a practice's would be, none of A's and B's.
    const table = sql.identifier(crossover.table);
    await database.db.execute(sql`delete from ${table}`);
    await database.db.execute(
      crossover.insert(sql`p.coach_person_id not in (${ids.a}::uuid, ${ids.b}::uuid)`),
    );
    await crossover.prepare?.(database, ids);
    started.kept = await startServer(prepared, 'kept', crossover.beside);
    started.made = await startServer(prepared, 'made', crossover.beside);
    const servers = { kept: started.kept, made: started.made };
    const blocksPerKind = Math.max(1, Math.ceil(sequentialRequests / blockRequests));
    const stored: Partial<Record<Coach, Stored>> = {};
    const rounds: Round[] = [];
    let block = 0;
    for (let index = 0; index < roundCount; index += 1) {
      const lists: Record<State, Latencies> = { with: noLatencies(), without: noLatencies() };
      const references = noLatencies();
      let longestSwitchMs = 0;
      for (let inRound = 0; inRound < 2 * blocksPerKind; inRound += 1, block += 1) {
        // A, B, A, B, ...: each kind as often in a round, and every switch takes one coach's
        // feature away and gives the other's (the same writes to both coaches' entries).
        const withCoach: Coach = block % 2 === 0 ? 'a' : 'b';
        const without: Coach = withCoach === 'a' ? 'b' : 'a';
        const count = Math.min(
          blockRequests,
          sequentialRequests - Math.floor(inRound / 2) * blockRequests,
        );
        const switchStarted = performance.now();
        // One coach's rows away, the other's written: their triggers update the list's entries.
        await database.db.execute(
          sql`delete from ${table} where coach_person_id in (${ids.a}::uuid, ${ids.b}::uuid)`,
        );
        if (crossover.clear) await database.db.execute(crossover.clear(ids));
        await database.db.execute(
          crossover.insert(sql`p.coach_person_id = ${ids[withCoach]}::uuid`),
        );
        await database.db.execute(sql`vacuum (analyze) client_list_entries, ${table}`);
        longestSwitchMs = Math.max(longestSwitchMs, performance.now() - switchStarted);
        stored[withCoach] ??= await crossover.stored(database, ids[withCoach]);
        // The feature as the lists show it: the kept answer made again after the switch.
        for (const mode of modes) {
          for (const [coach, state] of [
            [withCoach, 'with'],
            [without, 'without'],
          ] as const) {
            const answer = await servers[mode].read(coach);
            const seen = shown.of(answer.clients);
            if (answer.clients.length !== listClients || seen !== shown.expected[state]) {
              throw new Error(
                `${mode} list of coach ${coach}: ${answer.clients.length} clients, ${seen} ${shown.name}, not ${listClients} and ${shown.expected[state]}`,
              );
            }
          }
        }
        const callOf = (coach: Coach): Call => (coach === withCoach ? 'with' : 'without');
        await inTurn(servers, callOf, coaches, warmUpRequests, noLatencies());
        const timed = noLatencies();
        await inTurn(servers, callOf, coaches, count, timed);
        // The reference, half as many: enough for its p95 at less than half the time.
        await inTurn(servers, () => 'reference', [withCoach], Math.ceil(count / 2), references);
        for (const mode of modes) {
          lists.with[mode][withCoach].push(...timed[mode][withCoach]);
          lists.without[mode][without].push(...timed[mode][without]);
        }
      }
      const p95s = (of: Record<Coach, number[]>) => ({ a: p95Of(of.a), b: p95Of(of.b) });
      const run: Round = {
        listP95Ms: {
          kept: { with: p95s(lists.with.kept), without: p95s(lists.without.kept) },
          made: { with: p95s(lists.with.made), without: p95s(lists.without.made) },
        },
        referenceP95Ms: { kept: p95s(references.kept), made: p95s(references.made) },
        longestSwitchMs: round(longestSwitchMs),
      };
      const line = (mode: Mode) => {
        const of = run.listP95Ms[mode];
        return `${mode} A ${of.with.a}/${of.without.a} ms, B ${of.with.b}/${of.without.b} ms (${round(bothCoaches(of.with) / bothCoaches(of.without), 3)}x), ${crossover.referenceName} A ${run.referenceP95Ms[mode].a}, B ${run.referenceP95Ms[mode].b} ms`;
      };
      log(
        `${crossover.name} round ${index + 1}, list p95 with/without: ${line('kept')}; ${line('made')}`,
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
        referenceP95Ms: median(rounds.map((run) => bothCoaches(run.referenceP95Ms[mode]))),
      };
    };
    return {
      coachIds: ids,
      storedWith: stored,
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

/** Loads (or reuses) the bulk load of `sizes` on the PostgreSQL of `adminUrl`, and measures. */
async function runCrossover<Stored>(adminUrl: string, crossover: Crossover<Stored>, sizes: Sizes) {
  const prepared = await preparePostgres(adminUrl, { clients: sizes.clients, days: sizes.days });
  const measured = await measure(prepared, crossover, sizes);
  for (const mode of modes) {
    const of = measured[mode];
    log(
      `${crossover.name} (${mode === 'kept' ? 'answer kept' : 'made every call'}): p95 with ${of.withP95Ms} ms, without ${of.withoutP95Ms} ms in round ${of.medianRound} (${round(of.withP95Ms / of.withoutP95Ms, 3)}x; rounds ${of.ratios.join(', ')}); ${crossover.referenceName} ${of.referenceP95Ms} ms (median of the rounds)`,
    );
  }
  const { roundCount, sequentialRequests, blockRequests } = sizes;
  return { dataset: prepared.dataset, roundCount, sequentialRequests, blockRequests, ...measured };
}

type Result<Stored> = Awaited<ReturnType<typeof runCrossover<Stored>>>;

/** The words of a crossover's figures. */
type Words = {
  /** The figures' ids: `<bench>.<figure>-<mode>`. */
  ids: { with: string; reference: string };
  /** The figures' labels, given how the list's answer was made. */
  labels: { with: (made: string) => string; reference: (made: string) => string };
  /** The two coaches' lists in both states: its note's start. */
  lists: string;
  /** The coach whose calls the reference times: 'the coach with messages'. */
  withCoach: string;
  /** The peers: the lists without the feature, and the reference's. */
  peers: { without: string; reference: string };
};

/**
 * Two figures for each server: the list with the feature against it without (goal: p95 within
 * 1.05x), and the reference call beside the median of the lists with the feature.
 */
function crossoverFigures(result: Result<unknown>, words: Words): Figure[] {
  const { roundCount, sequentialRequests, blockRequests } = result;
  const load = `${words.lists}, the two lists in turn and their states crossed every ${blockRequests} requests, geometric mean of the two coaches' p95s, the round of the median ratio of ${roundCount} rounds of ${sequentialRequests}`;
  const reference = `${words.lists}, ${words.withCoach}, geometric mean of the two coaches' p95s, median of ${roundCount} rounds of ${Math.ceil(sequentialRequests / 2)} (the list's: of ${sequentialRequests})`;
  return (
    [
      ['kept', "the list's answer kept: no write since"],
      ['made', 'the list made on every call, as after a write'],
    ] as const
  ).flatMap(([mode, made]): Figure[] => {
    const of = result[mode];
    return [
      {
        id: `${words.ids.with}-${mode}`,
        label: words.labels.with(made),
        note: load,
        value: of.withP95Ms,
        unit: 'ms',
        better: 'lower',
        peer: { label: words.peers.without, value: of.withoutP95Ms },
        goal: { kind: 'ratio', ratio: 1.05 },
      },
      {
        id: `${words.ids.reference}-${mode}`,
        label: words.labels.reference(made),
        note: reference,
        value: of.referenceP95Ms,
        unit: 'ms',
        better: 'lower',
        peer: { label: words.peers.reference, value: of.medianWithP95Ms },
        goal: { kind: 'none' },
      },
    ];
  });
}

/**
 * The benchmark of a crossover: `BENCH_<prefix>_...` size it (see `crossoverSizes`); `words` says
 * its figures, given what was measured and the run's sizes.
 */
export function crossoverBench<Stored>(bench: {
  name: string;
  title: string;
  prefix: string;
  crossover: Crossover<Stored>;
  words: (result: Result<Stored>, sizes: Sizes) => Words;
}): Bench {
  return {
    name: bench.name,
    title: bench.title,
    async run() {
      const adminUrl = process.env.TEST_DATABASE_URL;
      if (!adminUrl) {
        throw new Error(`${bench.name} needs TEST_DATABASE_URL (npm run bench sets it)`);
      }
      const sizes = crossoverSizes(bench.prefix);
      const result = await runCrossover(adminUrl, bench.crossover, sizes);
      return { figures: crossoverFigures(result, bench.words(result, sizes)), details: result };
    },
  };
}
