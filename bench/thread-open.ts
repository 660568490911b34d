// A long thread on a client's profile: the demo practice (the product as `npm start` runs it: the
// server serving the built app, an embedded PGlite database with the demo seed) with one client's
// thread of 5,000 messages, written straight into `messages` before the server starts (all read,
// one every 29 minutes, about 100 days, the newest a minute ago). The demo coach signs in in
// Chromium and opens that client's profile from the clients list (a click), then loads the
// profile's address again (a reload). Goal: the thread's newest message on screen at most 300 ms
// after the profile's header.
//
// Measured in the page as `profile-open.ts` says (shared with `timeline-open.ts`): the header is
// the profile's heading (h1) holding the client's name, the thread the log (role 'log') holding
// the newest message's article, each stamped at the first animation frame after it entered the
// document; the figure is the thread's stamp minus the header's, the median of the runs, and the
// gap splits into the header's frame to the thread's answer (the network and the server) and the
// answer to the thread's frame (the page's main thread).
//
// One unmeasured run first (the server's and the browser's code warm), then BENCH_THREAD_RUNS (7)
// runs, each in a fresh browser context that signs in; BENCH_THREAD_MESSAGES (5000).

import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../packages/server/src/db/index.ts';
import { clientName, type DemoIds, profileOpenBench, writeThread } from './profile-open.ts';

const runs = Math.max(1, Number(process.env.BENCH_THREAD_RUNS ?? 7));
const messageCount = Math.max(51, Number(process.env.BENCH_THREAD_MESSAGES ?? 5000));
/** The newest message's text: the one the thread must show. */
const newestText = 'Bench thread: the newest message';

/** The client account's thread replaced by `messageCount` messages, the newest a minute ago. */
async function fillThread(database: DatabaseHandle, ids: DemoIds) {
  await writeThread(database, ids, { count: messageCount, newestText, newestMinutesAgo: 1 });
  const counted = await database.db.execute<{ n: string }>(
    sql`select count(*)::text as n from messages where client_person_id = ${ids.client}`,
  );
  return { messages: Number(counted.rows[0]?.n ?? 0) };
}

export const threadOpenBench = profileOpenBench({
  title: `a client's thread of ${messageCount.toLocaleString('en-US')} messages on the profile in Chromium, against the profile's header (PGlite)`,
  section: {
    bench: 'thread-open',
    target: { selector: '[role="log"] article', text: newestText },
    targetCalls: /^\/api\/messaging\/clients\/[^/]+\/messages$/,
    targetName: 'thread',
    runs,
  },
  fill: fillThread,
  words: (result) => ({
    id: 'thread-open.thread',
    target: "The thread's newest message",
    practice: `demo coach, ${clientName}'s thread of ${result.messages.toLocaleString('en-US')} messages`,
    goalMs: 300,
  }),
});
