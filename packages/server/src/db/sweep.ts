import type { SQL } from 'drizzle-orm';
import type { Database } from './handle.ts';

/** One call in this many runs a sweep: cheap on the hot path, and old rows still go within a day. */
const sweepEvery = 100;

/**
 * Now and then (one call in {@link sweepEvery}), runs `deletion`, which drops rows past their
 * use (counters' old windows), so tables that grow with traffic stay small.
 */
export async function sweepSometimes(db: Database, deletion: SQL): Promise<void> {
  if (Math.random() >= 1 / sweepEvery) return;
  await db.execute(deletion);
}
