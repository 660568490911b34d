import { Gauge, Histogram, type Registry } from 'prom-client';
import { durationBuckets } from './httpMetrics.ts';
import { createLabelledCounter } from './labelledCounter.ts';

/** The pools of CPU-heavy work: each is watched by the service that runs it. */
type WorkPool = 'report_pdf' | 'argon2';

/** A pool's jobs running and waiting now. */
type WorkLoad = () => { running: number; waiting: number };

/** The pools of CPU-heavy work: their load (read at each scrape), their jobs run and refused. */
export function workMetrics(registry: Registry) {
  const registers = [registry];
  // The pools' loads, in the order their services watched them.
  const workLoads = new Map<WorkPool, WorkLoad>();
  const workGauge = (name: string, help: string, read: 'running' | 'waiting') =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers,
      collect() {
        for (const [pool, load] of workLoads) this.set({ pool }, load()[read]);
      },
    });
  workGauge(
    'coach_work_running',
    'CPU-heavy jobs running, by pool: report_pdf (PDF renders in worker threads), argon2 (password hashes and verifications)',
    'running',
  );
  workGauge('coach_work_waiting', 'CPU-heavy jobs waiting for a turn, by pool', 'waiting');
  const workDuration = new Histogram({
    name: 'coach_work_duration_seconds',
    help: 'CPU-heavy jobs run (from a worker taking one to its answer), by pool and outcome (done, failed)',
    labelNames: ['pool', 'outcome'] as const,
    buckets: durationBuckets,
    registers,
  });
  const workRefusals = createLabelledCounter(registry, {
    name: 'coach_work_refused_total',
    help: 'CPU-heavy jobs refused because the pool and its queue were full (503), by pool',
    label: 'pool',
    values: ['report_pdf'],
  });

  return {
    /** Reports the load of a pool of CPU-heavy work (read at each scrape). */
    watchWork(pool: WorkPool, load: WorkLoad) {
      workLoads.set(pool, load);
    },
    /** Counts and times a job a pool's worker ran. */
    workDone(pool: WorkPool, outcome: 'done' | 'failed', seconds: number) {
      workDuration.observe({ pool, outcome }, seconds);
    },
    /** Counts a job refused by a full pool. */
    workRefused(pool: WorkPool) {
      workRefusals.inc({ pool });
    },
  };
}
