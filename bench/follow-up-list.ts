// The clients list with the coach's follow-ups in its rows (`followUp`, read from the kept
// `client_list_entries.follow_up` that a trigger on `follow_ups` maintains: migration 0021) and the
// coach's attention figures in its answer (`attentionFigures`, the coach's kept row of
// `coach_attention_figures`, read in the list's own statement), against the list with no
// follow-up and no figures kept. Goal (issue 37): the list's p95 with follow-ups and the coach's
// figures within 5 % of the list without them.
//
// What is compared: a coach's list (200 clients, on the bulk load of the cost-growth benchmark's
// smallest organisation, PostgreSQL, 1,000 clients x 365 days, kept between runs) in two states,
// through the same servers:
// - with: an open follow-up for every other client of the coach (100: a sixth of the coach's
//   clients due today, a sixth overdue by 1 to 10 days, a sixth due 2 to 29 days later, each with
//   a reason of 40 to 130 characters), and the coach's figures kept;
// - without: no follow-up of this coach and no figures kept (a coach never swept: the list's
//   figures are zeros).
// Every other coach keeps the same follow-ups and figures throughout, as a practice's would (one
// sweep of the attention episodes before the servers start: the servers' own sweeps then find
// nothing due for ten minutes). Coaches A and B have no messages.
//
// The design is unread-list's (its head says why), in `list-crossover.ts`: a crossover of two
// coaches of the same size, read in turn request by request, their states swapped every block; a
// switch is one delete statement (the follow-ups of the coach that had them: the trigger clears
// their entries) and one insert (the other's: the trigger fills theirs), as a coach's setting and
// ending follow-ups do, then a vacuum of the two tables. The ratio is that of the geometric means
// of the two coaches' p95s in each state, from the round whose ratio is the median, once on a
// server that keeps the list's answer and once on one that makes it on every call. The reference
// row reads the coach's list with follow-ups and figures again at the end of each block: two
// series of the same calls, the run's own noise.
//
// BENCH_FOLLOWUP_CLIENTS (1000: clients in the bulk load, 200 a coach, at least 400),
// BENCH_FOLLOWUP_DAYS (365), BENCH_FOLLOWUP_ROUNDS (5), BENCH_SEQUENTIAL (400: requests per list,
// state, server and round), BENCH_FOLLOWUP_BLOCK (50: requests per list and server between two
// switches). PostgreSQL only (TEST_DATABASE_URL). A small run while developing:
// BENCH_FOLLOWUP_CLIENTS=400 BENCH_FOLLOWUP_DAYS=30 BENCH_FOLLOWUP_ROUNDS=2 BENCH_SEQUENTIAL=50.
import { type SQL, sql } from 'drizzle-orm';
import { createEpisodeSweep } from '../packages/server/src/services/analytics/index.ts';
import { log } from './client-data.ts';
import {
  type CoachIds,
  type Crossover,
  crossoverBench,
  type Database,
  numberedClients,
} from './list-crossover.ts';

const followUpsInList = 100;

/**
 * An open follow-up for every other client of the coaches `where` selects (a condition on persons
 * `p`): due today, overdue or later, by turns.
 */
function insertFollowUps(where: SQL) {
  return sql`
    with figures as (
      insert into coach_attention_figures (coach_person_id, organisation_id, swept_at, figures)
      select distinct p.coach_person_id, p.organisation_id, now(), ${keptFigures}::jsonb
      from ${numberedClients} where ${where}
      on conflict (coach_person_id) do update set figures = excluded.figures
    )
    insert into follow_ups (organisation_id, client_person_id, coach_person_id, due_date, reason)
    select p.organisation_id, p.id, p.coach_person_id,
      case p.n % 6
        when 0 then current_date
        when 2 then current_date - (1 + p.n % 10)::int
        else current_date + (2 + p.n % 28)::int
      end,
      'Bench follow-up ' || p.n || ': ' || repeat('check in on the week. ', (1 + (p.n / 2) % 5)::int)
    from ${numberedClients}
    where p.n % 2 = 0 and ${where}`;
}

/** The figures a coach with the feature keeps (a month of a busy practice). */
const keptFigures = JSON.stringify({
  episodes: 12,
  actedOn: 9,
  medianHoursToFirstAction: 6.5,
  endedAfterAction: 5,
  endedWithoutAction: 2,
});

/** The follow-ups stored (all, the coach's, the coach's due) and the coach's kept figures. */
async function countFollowUps(database: Database, coachId: string) {
  const counted = await database.db.execute<{
    total: string;
    coach: string;
    due: string;
    figures: { episodes?: number } | null;
  }>(sql`
    select count(*)::text as total,
      count(*) filter (where coach_person_id = ${coachId}::uuid)::text as coach,
      count(*) filter (where coach_person_id = ${coachId}::uuid
        and due_date <= current_date)::text as due,
      (select figures from coach_attention_figures where coach_person_id = ${coachId}::uuid)
        as figures
    from follow_ups where ended_at is null`);
  const row = counted.rows[0];
  return {
    all: Number(row?.total),
    coach: Number(row?.coach),
    due: Number(row?.due),
    figureEpisodes: row?.figures?.episodes ?? null,
  };
}

/** One sweep of every coach's attention episodes: each keeps a row of figures. */
async function sweepFigures(database: Database, ids: CoachIds) {
  const sweep = createEpisodeSweep({
    database,
    organisationId: database.organisationId,
    now: () => new Date(),
    log: { info: () => {}, warn: (fields, message) => log(`${message} ${JSON.stringify(fields)}`) },
    options: { coachesPerTick: 10_000, resweepMs: 0 },
  });
  const swept = await sweep.tick();
  const kept = await database.db.execute<{ n: string }>(sql`
    select count(*)::text as n from coach_attention_figures
    where coach_person_id in (${ids.a}::uuid, ${ids.b}::uuid) and figures ? 'episodes'`);
  if (Number(kept.rows[0]?.n) !== 2) {
    throw new Error(`the sweep kept no figures for coaches A and B (${JSON.stringify(swept)})`);
  }
  return swept;
}

const followUpsAndFigures: Crossover<Awaited<ReturnType<typeof countFollowUps>>> = {
  name: 'follow-up list',
  referenceName: 'the same list again',
  beside: { with: [], without: [], reference: [] },
  table: 'follow_ups',
  insert: insertFollowUps,
  clear: (ids) =>
    sql`delete from coach_attention_figures where coach_person_id in (${ids.a}::uuid, ${ids.b}::uuid)`,
  // No messages of A's and B's (unread-list's last switch leaves one of them with its threads),
  // and every coach's figures kept.
  async prepare(database, ids) {
    await database.db.execute(
      sql`delete from messages where coach_person_id in (${ids.a}::uuid, ${ids.b}::uuid)`,
    );
    const swept = await sweepFigures(database, ids);
    log(`follow-up list: figures kept by a sweep of ${swept.coaches} coaches`);
  },
  stored: countFollowUps,
  shown: {
    name: 'follow-ups in the rows',
    of: (rows) => rows.filter((row) => row.followUp !== null).length,
    expected: { with: followUpsInList, without: 0 },
  },
};

export const followUpListBench = crossoverBench({
  name: 'follow-up-list',
  title:
    "the clients list with the coach's follow-ups in its rows and the coach's attention figures in its answer, against the list with no follow-up and no figures kept (PostgreSQL)",
  prefix: 'FOLLOWUP',
  crossover: followUpsAndFigures,
  words: (result, sizes) => {
    const withA = result.storedWith.a;
    return {
      ids: {
        with: 'follow-up-list.list-view-p95',
        reference: 'follow-up-list.list-with-follow-ups-p95',
      },
      labels: {
        with: (made) =>
          `Clients list with follow-ups in its rows and the coach's figures in its answer, p95 (${made})`,
        reference: (made) =>
          `Reference: the same list read again in the same blocks (the run's noise), p95 (${made})`,
      },
      lists: `two coaches' lists of 200 clients of ${sizes.clients.toLocaleString('en-US')} x ${sizes.days} days, each with ${withA?.coach ?? 0} open follow-ups (${withA?.due ?? 0} due; ${withA?.all ?? 0} open stored) and its figures kept (${withA?.figureEpisodes ?? 0} episodes), or neither; PostgreSQL, one request after another`,
      withCoach: 'the coach with follow-ups',
      peers: {
        without: 'the same lists with no follow-up and no figures kept',
        reference: 'the list with follow-ups and figures',
      },
    };
  },
});
