// A long history on a client's profile: the demo practice with the demo client's timeline ('Notes
// and history': the coach's notes, the coach's messages and the coach's actions, newest first, a
// page of 50 shown) of 2,000 entries, written straight into `client_notes` and `messages` before
// the server starts: the coach's actions the demo seed wrote, half the entries the coach's
// messages (a thread three times as long: two of the client's, all read, to one of the coach's,
// one every 29 minutes) and the rest notes of the demo coach (one every 61 minutes, of varied
// lengths, the newest written last, after every other entry). The demo coach signs in in Chromium
// and opens the client's profile from the clients list (a click), then loads the profile's address
// again (a reload). Goal (issue 37): the timeline's newest entry on screen at most 300 ms after
// the profile's header.
//
// Measured in the page as `profile-open.ts` says (shared with `thread-open.ts`): the header is the
// profile's heading (h1) holding the client's name, the timeline its list (labelled 'Your notes,
// messages and actions, newest first') holding the newest note's item, each stamped at the first
// animation frame after it entered the document; the figure is the timeline's stamp minus the
// header's, the median of the runs. The timeline waits for three calls (the notes', the thread's
// and the actions'): its answer is the last of them to end.
//
// One unmeasured run first, then BENCH_TIMELINE_RUNS (7) runs, each in a fresh browser context
// that signs in; BENCH_TIMELINE_ENTRIES (2000). A small run while developing:
// BENCH_TIMELINE_RUNS=2 BENCH_TIMELINE_ENTRIES=200.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../packages/server/src/db/index.ts';
import { listCoachActions } from '../packages/server/src/services/analytics/coachActions.ts';
import { clientName, type DemoIds, profileOpenBench, writeThread } from './profile-open.ts';

const runs = Math.max(1, Number(process.env.BENCH_TIMELINE_RUNS ?? 7));
const entryCount = Math.max(200, Number(process.env.BENCH_TIMELINE_ENTRIES ?? 2000));
/** The newest note's text: the entry the timeline must show. */
const newestText = 'Bench timeline: the newest note';
/** The timeline's list, by its English label. */
const timelineList = 'ol[aria-label="Your notes, messages and actions, newest first"] li';

/**
 * The demo client's notes and thread replaced: the coach's messages half the entries, and notes
 * for the rest beside the coach's actions; counts what the timeline holds.
 */
async function fillTimeline(database: DatabaseHandle, ids: DemoIds) {
  const { organisationId } = database;
  const actions = await listCoachActions(database.db, {
    organisationId,
    coach: { personId: ids.coach, userId: ids.coachUser },
    client: { personId: ids.client, userId: ids.clientUser },
  });
  const coachMessages = Math.floor(entryCount / 2);
  const noteCount = entryCount - coachMessages - actions.length;
  await writeThread(database, ids, {
    count: 3 * coachMessages,
    newestText: 'Bench timeline: the newest message',
    newestMinutesAgo: 3,
  });
  await database.db.execute(sql`delete from client_notes where client_person_id = ${ids.client}`);
  await database.db.execute(sql`
    insert into client_notes (id, organisation_id, client_person_id, coach_person_id, text,
      written_at)
    select gen_random_uuid(), ${organisationId}::uuid, ${ids.client}::uuid, ${ids.coach}::uuid,
      case when k = ${noteCount} then ${newestText}
        else 'Note ' || k || ': ' || repeat('slept better, less stress at work. ', 1 + (k * 5) % 9)
      end,
      now() - make_interval(mins => (${noteCount} - k) * 61)
    from generate_series(1, ${noteCount}) k`);
  await database.db.execute(sql`analyze client_notes`);
  const counted = await database.db.execute<{ notes: string; coach: string; all: string }>(sql`
    select
      (select count(*) from client_notes where client_person_id = ${ids.client}
        and coach_person_id = ${ids.coach})::text as notes,
      count(*) filter (where author = 'coach' and deleted_at is null)::text as coach,
      count(*)::text as all
    from messages where client_person_id = ${ids.client}`);
  const row = counted.rows[0];
  const filled = {
    entries: Number(row?.notes) + Number(row?.coach) + actions.length,
    notes: Number(row?.notes),
    coachMessages: Number(row?.coach),
    actions: actions.length,
    messages: Number(row?.all),
  };
  if (filled.entries !== entryCount) {
    throw new Error(`the timeline holds ${JSON.stringify(filled)}, not ${entryCount} entries`);
  }
  return filled;
}

export const timelineOpenBench = profileOpenBench({
  title: `a client's timeline of ${entryCount.toLocaleString('en-US')} notes, messages and actions on the profile in Chromium, against the profile's header (PGlite)`,
  section: {
    bench: 'timeline-open',
    target: { selector: timelineList, text: newestText },
    targetCalls:
      /^\/api\/(notes\/clients\/[^/]+\/notes|messaging\/clients\/[^/]+\/messages|analytics\/clients\/[^/]+\/coachActions)$/,
    targetName: 'timeline',
    runs,
  },
  fill: fillTimeline,
  words: (result) => {
    const count = (value: number) => value.toLocaleString('en-US');
    return {
      id: 'timeline-open.timeline',
      target: "The timeline's newest entry",
      practice: `demo coach, ${clientName}'s timeline of ${count(result.entries)} entries (${count(result.notes)} notes, ${count(result.coachMessages)} of the coach's ${count(result.messages)} messages, ${result.actions} actions)`,
      goalMs: 300,
    };
  },
});
