import { Counter, Gauge, type Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/index.ts';
import { createLabelledCounter } from '../metrics/labelledCounter.ts';
import { type OutboxFigures, outboxFigures } from './outboxRows.ts';

/**
 * The mail outbox's metrics, a family registered with the process's metrics by the server (the
 * outbox's figures) and by the sender that the services start (its sends): the mails this process
 * sent or failed to send, and what the deployment's outbox holds.
 */
export function outboxMetrics(registry: Registry) {
  const registers = [registry];
  const mailsSent = new Counter({
    name: 'coach_mail_sent_total',
    help: 'Mails this process handed to the SMTP server',
    registers,
  });
  const mailFailures = createLabelledCounter(registry, {
    name: 'coach_mail_send_failures_total',
    help: 'Sends this process tried that failed, by outcome: retry (tried again later), dead (given up on: a permanent refusal, or the last attempt)',
    label: 'outcome',
    values: ['retry', 'dead'],
  });

  return {
    /** Counts a mail handed to the SMTP server. */
    mailSent() {
      mailsSent.inc();
    },
    /** Counts a failed send: to be retried, or given up on. */
    mailFailed(isDead: boolean) {
      mailFailures.inc({ outcome: isDead ? 'dead' : 'retry' });
    },
    /**
     * Reports the mail outbox (read from the database at each scrape: one statement, shared by
     * scrapes that come at once). The outbox is the deployment's, so every process reports it.
     */
    watchOutbox(database: DatabaseHandle) {
      const read = sharedReading(() => outboxFigures(database.db, database.organisationId));
      const outboxGauge = (name: string, help: string, figure: keyof OutboxFigures) =>
        new Gauge({
          name,
          help,
          registers,
          async collect() {
            // A database that cannot answer leaves the figure unknown (NaN), not the scrape failed.
            this.set(
              await read().then(
                (figures) => figures[figure],
                () => Number.NaN,
              ),
            );
          },
        });
      outboxGauge('coach_mail_outbox_pending', 'Mails waiting to go, due or not', 'pending');
      outboxGauge(
        'coach_mail_outbox_retrying',
        'Mails waiting to go that failed at least once',
        'retrying',
      );
      outboxGauge(
        'coach_mail_outbox_dead',
        'Mails given up on (dead letters), kept until an operator requeues or deletes them',
        'dead',
      );
      outboxGauge(
        'coach_mail_outbox_oldest_pending_seconds',
        'Seconds since the oldest waiting mail was queued (0 when none waits)',
        'oldestPendingSeconds',
      );
    },
  };
}

/** What the sender feeds (see `outboxMetrics`). */
export type OutboxMetrics = ReturnType<typeof outboxMetrics>;

/**
 * `read` once for every caller that asks while it runs: the gauges of one scrape (and scrapes that
 * come at once) share one statement.
 */
function sharedReading<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= read().finally(() => {
      running = null;
    });
    return running;
  };
}
