import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './handle.ts';

/** One call in this many runs a sweep: cheap on the hot path, and old rows still go within a day. */
const sweepEvery = 100;

/**
 * Now and then (one call in {@link sweepEvery}), runs `sweep`, which drops rows past their use
 * (counters' old windows, unanswered challenges, ended sessions' records), so tables that grow
 * with traffic stay small. `draw` (in [0, 1)) is the call's chance, given by a test to decide.
 */
export async function sometimes(
  sweep: () => Promise<unknown>,
  draw: number = Math.random(),
): Promise<void> {
  if (draw >= 1 / sweepEvery) return;
  await sweep();
}

/** {@link sometimes}, for a deletion written in SQL. */
function sweepSometimes(db: Database, deletion: SQL): Promise<void> {
  return sometimes(() => db.execute(deletion));
}

/** The tables of counters by time window, each with the `window_start` of its rows. */
type WindowedTable = 'audit_refusals' | 'audit_client_reads' | 'rate_limit_buckets';

/**
 * Now and then (see {@link sweepSometimes}), drops the organisation's rows of `table` whose window
 * started more than `keepDays` before `now`.
 */
export function sweepOldWindowsSometimes(
  db: Database,
  table: WindowedTable,
  organisationId: string,
  now: Date,
  keepDays: number,
): Promise<void> {
  return sweepSometimes(
    db,
    sql`
    delete from ${sql.identifier(table)}
    where organisation_id = ${organisationId}::uuid
      and window_start < ${now.toISOString()}::timestamptz - make_interval(days => ${keepDays})`,
  );
}
