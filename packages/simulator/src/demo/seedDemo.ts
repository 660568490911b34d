import { demoAccounts, demoCoach, seedDemoAccounts } from '@coach/server';
import type { DatabaseHandle } from '@coach/server/db';
import { type DemoHistoryResult, seedDemoHistory } from './demoHistory.ts';

export type SeedResult = {
  created: number;
  existing: number;
  /** The history written for the demo clients; null when they had one already. */
  history: DemoHistoryResult | null;
  /** The history as the start's seed line reports it, or null. */
  seeded: string | null;
};

/**
 * The demo as `npm start` seeds it: the server's demo accounts (`seedDemoAccounts`, idempotent),
 * then weeks of history for the demo coach's clients (see `seedDemoHistory`), once: when none of
 * them has any yet.
 */
export async function seedDemo(database: DatabaseHandle): Promise<SeedResult> {
  const accounts = await seedDemoAccounts(database);
  const history = await seedDemoHistory(database, {
    coachEmail: demoCoach.email,
    clients: demoAccounts.filter((account) => account.type === 'user'),
  });
  if (history && history.failures.length > 0) {
    console.warn(
      `Demo history: ${history.failures.length} simulated actions were refused, first: ${history.failures[0]}`,
    );
  }
  return {
    ...accounts,
    history,
    seeded: history
      ? `${history.actions.toLocaleString('en-US')} simulated actions of history for ${history.clients} clients`
      : null,
  };
}
