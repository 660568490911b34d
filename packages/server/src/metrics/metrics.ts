import { type LiveEvent, liveEventNames, refetchReasons } from '@coach/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram } from 'prom-client';
import type { DatabaseHandle } from '../db/index.ts';
import { DomainError } from '../domainError.ts';
import { type AdmissionGate, type Refusal, refusals } from '../http/admissionGate.ts';
import { type OutboxFigures, outboxFigures } from '../mail/outboxRows.ts';
import { type StreamRefusal, streamRefusals } from '../services/analytics/liveHub.ts';
import { argon2Load } from '../services/auth/passwords.ts';
import type { TickResult } from '../services/morningMail/scheduler.ts';
import { CountedRegistry, createCountedHistogram } from './countedHistogram.ts';

// What an operator scrapes from the process (Prometheus' text format, on a port of its own: see
// metricsServer.ts). Every label has a bounded set of values: a route's template (never its
// address, which holds ids), a known method, a status code, a refusal's reason. Nothing here
// holds an id, an email or a body.

/** The methods named in `method`; any other is counted as 'other'. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route label of a request no route matched (a 404 of the router, a bad address). */
const unmatchedRoute = 'unmatched';

/** Request durations in seconds: from a cached answer (ms) to a PDF report (seconds). */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Statement durations in seconds: from an index lookup (a millisecond) to a heavy report. */
const statementBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** The process's metrics, in a registry of its own (each server built in a test has its own). */
export function createMetrics() {
  const registry = new CountedRegistry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpDuration = createCountedHistogram({
    name: 'coach_http_request_duration_seconds',
    help: 'HTTP requests answered, by route template, method and status, and how long each took',
    labelNames: ['route', 'method', 'status'],
    buckets: durationBuckets,
    registry,
  });
  const admissionRefusals = new Counter({
    name: 'coach_admission_refusals_total',
    help: "API requests the admission gate refused: their address held too many ('address_busy') or the queue was full ('queue_full')",
    labelNames: ['reason'] as const,
    registers,
  });
  for (const reason of refusals) admissionRefusals.inc({ reason }, 0);

  const signIns = new Counter({
    name: 'coach_sign_ins_total',
    help: "Sign-ins with a password, by outcome: success, second_step (a second factor asked), failure (a wrong password or email, or a wrong mailed code), code_required (the account's mailed code asked), throttled (429), error",
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of signInOutcomes) signIns.inc({ outcome }, 0);

  const liveEventsSent = new Counter({
    name: 'coach_live_events_sent_total',
    help: "Events written to coaches' live streams, by event (clients-changed, messages-changed, refetch): one per stream it went to",
    labelNames: ['event'] as const,
    registers,
  });
  for (const event of liveEventNames) liveEventsSent.inc({ event }, 0);
  const liveRefetches = new Counter({
    name: 'coach_live_refetches_total',
    help: "Refetch events (the app reloads what it shows), by reason: resume (a stream resumed past what is kept), connection (the database's notices were lost), overflow (too many changes at once)",
    labelNames: ['reason'] as const,
    registers,
  });
  for (const reason of refetchReasons) liveRefetches.inc({ reason }, 0);
  const liveRefusals = new Counter({
    name: 'coach_live_streams_refused_total',
    help: "Live streams refused (429): the coach held too many open ('coach') or the address did ('address')",
    labelNames: ['reason'] as const,
    registers,
  });
  for (const reason of streamRefusals) liveRefusals.inc({ reason }, 0);

  // The pools of CPU-heavy work: each reports its load at each scrape.
  const workLoads = new Map<WorkPool, () => { running: number; waiting: number }>([
    ['argon2', argon2Load],
  ]);
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
  const workRefusals = new Counter({
    name: 'coach_work_refused_total',
    help: 'CPU-heavy jobs refused because the pool and its queue were full (503), by pool',
    labelNames: ['pool'] as const,
    registers,
  });
  workRefusals.inc({ pool: 'report_pdf' }, 0);

  const mailsSent = new Counter({
    name: 'coach_mail_sent_total',
    help: 'Mails this process handed to the SMTP server',
    registers,
  });
  const mailFailures = new Counter({
    name: 'coach_mail_send_failures_total',
    help: 'Sends this process tried that failed, by outcome: retry (tried again later), dead (given up on: a permanent refusal, or the last attempt)',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of ['retry', 'dead']) mailFailures.inc({ outcome }, 0);

  const morningMails = new Counter({
    name: 'coach_morning_mails_total',
    help: "Coaches' morning mails, by outcome: mailed (queued), quiet (no client needed attention: none sent), skipped (another process made it, or its hour had passed)",
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of morningMailOutcomes) morningMails.inc({ outcome }, 0);
  const morningMailFailures = new Counter({
    name: 'coach_morning_mail_failed_ticks_total',
    help: 'Morning mail rounds that failed (the database, most likely); the next round retries',
    registers,
  });

  return {
    registry,
    /** Reports the load of a pool of CPU-heavy work (read at each scrape). */
    watchWork(pool: WorkPool, load: () => { running: number; waiting: number }) {
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
    /** Counts a mail handed to the SMTP server. */
    mailSent() {
      mailsSent.inc();
    },
    /** Counts a failed send: to be retried, or given up on. */
    mailFailed(isDead: boolean) {
      mailFailures.inc({ outcome: isDead ? 'dead' : 'retry' });
    },
    /** Counts a round of the morning mail: its coaches by outcome, or its failure. */
    morningMailRound(result: TickResult, hasFailed: boolean) {
      for (const outcome of morningMailOutcomes) {
        if (result[outcome] > 0) morningMails.inc({ outcome }, result[outcome]);
      }
      if (hasFailed) morningMailFailures.inc();
    },
    /** Reports the live streams open in this process (read at each scrape). */
    watchLiveStreams(openStreams: () => number) {
      new Gauge({
        name: 'coach_live_streams_open',
        help: "Coaches' live event streams open in this process",
        registers,
        collect() {
          this.set(openStreams());
        },
      });
    },
    /** Counts an event written to `streams` live streams. */
    liveEventSent(event: LiveEvent, streams: number) {
      liveEventsSent.inc({ event: event.event }, streams);
      if (event.event === 'refetch') liveRefetches.inc({ reason: event.data.reason });
    },
    /** Counts a live stream refused at its cap. */
    liveStreamRefused(reason: NonNullable<StreamRefusal>) {
      liveRefusals.inc({ reason });
    },
    /** Counts a sign-in's outcome. */
    signedIn(outcome: SignInOutcome) {
      signIns.inc({ outcome });
    },
    /** Counts an answered request, labelled by its route's template (see OneLinePerRequest). */
    requestAnswered(request: FastifyRequest, reply: FastifyReply, elapsedMs: number) {
      httpDuration.observe(
        elapsedMs / 1000,
        request.routeOptions.url ?? unmatchedRoute,
        knownMethods.has(request.method) ? request.method : 'other',
        reply.statusCode,
      );
    },
    /** Reports the admission gate's lanes (read at each scrape) and counts its refusals. */
    watchAdmission(gate: AdmissionGate) {
      const lanes = () => {
        const state = gate.state();
        return { general: state, signIn: state.signIn };
      };
      const laneGauge = (name: string, help: string, read: (lane: LaneState) => number) =>
        new Gauge({
          name,
          help,
          labelNames: ['lane'] as const,
          registers,
          collect() {
            for (const [lane, state] of Object.entries(lanes())) this.set({ lane }, read(state));
          },
        });
      laneGauge(
        'coach_admission_at_work',
        'API requests being worked on, by lane (general, signIn)',
        (lane) => lane.atWork,
      );
      laneGauge(
        'coach_admission_waiting',
        'API requests waiting for a turn, by lane',
        (lane) => lane.waiting,
      );
      laneGauge(
        'coach_admission_max_at_work',
        'The most API requests worked on at once, by lane',
        (lane) => lane.max,
      );
      new Gauge({
        name: 'coach_admission_saturated',
        help: '1 while the gate is saturated (its queue full, or a request waiting for seconds): /api/health answers 503',
        registers,
        collect() {
          this.set(gate.state().isSaturated ? 1 : 0);
        },
      });
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
    /**
     * Times the database's statements by name ('select persons': see statementWatch.ts) and, on a
     * PostgreSQL server, reports its connection pool (read at each scrape).
     */
    watchDatabase(database: DatabaseHandle) {
      const statementDuration = createCountedHistogram({
        name: 'coach_db_statement_duration_seconds',
        help: "Database statements run, by name (the verb and the first table: 'select persons', 'insert metric_samples', 'commit'), and how long each took",
        labelNames: ['statement'],
        buckets: statementBuckets,
        registry,
      });
      const statementErrors = new Counter({
        name: 'coach_db_statement_errors_total',
        help: 'Database statements that failed (a conflict, a lost connection, a statement cut off), by name',
        labelNames: ['statement'] as const,
        registers,
      });
      database.statements.observe((statement) => {
        const started = performance.now();
        return (failed) => {
          statementDuration.observe((performance.now() - started) / 1000, statement);
          if (failed) statementErrors.inc({ statement });
        };
      });
      const poolUse = database.poolUse;
      if (!poolUse) return;
      new Gauge({
        name: 'coach_db_pool_connections',
        help: "The PostgreSQL pool's connections, by state (busy, idle)",
        labelNames: ['state'] as const,
        registers,
        collect() {
          const use = poolUse();
          this.set({ state: 'busy' }, use.open - use.idle);
          this.set({ state: 'idle' }, use.idle);
        },
      });
      new Gauge({
        name: 'coach_db_pool_waiting',
        help: 'Callers waiting for a PostgreSQL connection: the pool is too small, or statements too slow',
        registers,
        collect() {
          this.set(poolUse().waiting);
        },
      });
      new Gauge({
        name: 'coach_db_pool_max_connections',
        help: 'The most connections the PostgreSQL pool opens',
        registers,
        collect() {
          this.set(poolUse().max);
        },
      });
    },
    /** Called by the admission gate when it refuses a request. */
    refused(reason: Refusal) {
      admissionRefusals.inc({ reason });
    },
  };
}

/** The pools of CPU-heavy work. */
type WorkPool = 'report_pdf' | 'argon2';

/** What a coach's morning mail came to (see morningMail/scheduler.ts). */
const morningMailOutcomes = ['mailed', 'quiet', 'skipped'] as const satisfies (keyof TickResult)[];

/** How a sign-in with a password ended. */
const signInOutcomes = [
  'success',
  'second_step',
  'failure',
  'code_required',
  'throttled',
  'error',
] as const;
export type SignInOutcome = (typeof signInOutcomes)[number];

/** The outcome of a sign-in that threw `error`. */
export function failedSignInOutcome(error: unknown): SignInOutcome {
  if (!(error instanceof DomainError)) return 'error';
  if (error.code === 'rate_limited') return 'throttled';
  if (error.code === 'sign_in_code_required') return 'code_required';
  if (error.code === 'invalid_credentials') return 'failure';
  return 'error';
}

type LaneState = { atWork: number; waiting: number; max: number };

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

export type Metrics = ReturnType<typeof createMetrics>;
