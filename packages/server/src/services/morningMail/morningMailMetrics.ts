import { Counter, type Registry } from 'prom-client';
import { createLabelledCounter } from '../../metrics/labelledCounter.ts';
import type { TickResult } from './scheduler.ts';

/** What a coach's morning mail came to (see scheduler.ts). */
const outcomes = ['mailed', 'quiet', 'skipped'] as const satisfies (keyof TickResult)[];

/**
 * The morning mail's metrics, a family its job registers with the process's metrics: the coaches
 * of each round by outcome, and the rounds that failed.
 */
export function morningMailMetrics(registry: Registry) {
  const mails = createLabelledCounter(registry, {
    name: 'coach_morning_mails_total',
    help: "Coaches' morning mails, by outcome: mailed (queued), quiet (no client needed attention: none sent), skipped (another process made it, or its hour had passed)",
    label: 'outcome',
    values: outcomes,
  });
  const failedRounds = new Counter({
    name: 'coach_morning_mail_failed_ticks_total',
    help: 'Morning mail rounds that failed (the database, most likely); the next round retries',
    registers: [registry],
  });

  return {
    /** Counts a round of the morning mail: its coaches by outcome, or its failure. */
    roundDone(result: TickResult, hasFailed: boolean) {
      for (const outcome of outcomes) {
        if (result[outcome] > 0) mails.inc({ outcome }, result[outcome]);
      }
      if (hasFailed) failedRounds.inc();
    },
  };
}
