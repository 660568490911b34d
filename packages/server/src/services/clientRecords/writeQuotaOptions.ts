import type { RateLimit } from '../auth/index.ts';

/** The client writes with a rate of their own: one per route a client's app writes through. */
export type ClientWriteKind = 'reflection' | 'assessment' | 'exercise' | 'deviceBatch';

/**
 * What a client may store per day, counted in what was stored (a retry that stores nothing new
 * counts nothing): new reflections, exercises, assessments (new ids), the bytes of assessment
 * answers written (a new one or an in-progress one rewritten), new device samples and app-use
 * sessions.
 */
export type DailyCounter =
  | 'reflections'
  | 'assessments'
  | 'assessmentBytes'
  | 'exercises'
  | 'samples'
  | 'sessions';

/** The per-client write quotas (see {@link defaultClientWriteQuotas} for the figures). */
export type ClientWriteQuotas = {
  /** Requests per client and kind per window, counted before the write (refused ones too). */
  rates: Record<ClientWriteKind, RateLimit>;
  /** Ceilings per client per window (a day), counted in what is stored. */
  daily: { windowSeconds: number; ceilings: Record<DailyCounter, number> };
};

/** What a deployment or a test passes: any subset. */
export type ClientWriteQuotasInput = {
  rates?: Partial<Record<ClientWriteKind, RateLimit>>;
  daily?: { windowSeconds?: number; ceilings?: Partial<Record<DailyCounter, number>> };
};

const minute = 60;
const day = 24 * 60 * minute;

// A real heavy day, from the simulator's generator (packages/simulator/src/generator.ts) and the schedules:
// - reflections: 5 windows a day, each answered once (the store refuses a second answer);
// - exercises: learn 3 slots, sense 4, grow none but 1-2 extra practices: at most ~6;
// - assessments: one scheduled per step (3 in a whole journey), so 1-2 started on a heavy day,
//   each of at most 100 answers (~56 kB as JSON), saved in progress a few times: ~5-100 kB;
// - device samples: the generator reads every 30-60 min of a 16 h waking day, 3 measures: <= 96;
//   a device reading once a minute, all day, 3 measures: 3 x 1440 = 4,320;
// - app-use sessions: <= 6 a day in the generator; an app logging every opening: ~100;
// - device batches: 2 a day in the generator (12:00, 23:55); an app syncing every minute: 1/min.
// The daily ceilings are about 10x that; the rates let an app catch up after a day offline (a
// batch a minute, a reflection or an exercise every few seconds) yet stop one client from
// monopolising the server. Our own load tools send far more per client, with no pause, on
// databases kept from run to run (reliability/load/mix.ts: ~400 device batches a minute per
// client; bench/client-data.ts: ~140,000 samples per client per run): they lift the quotas
// (`CLIENT_WRITE_QUOTAS=0`, {@link liftedClientWriteQuotas}), as they lift the per-address caps.

/** The product's figures. */
export const defaultClientWriteQuotas: ClientWriteQuotas = {
  rates: {
    reflection: { max: 30, windowSeconds: minute },
    exercise: { max: 30, windowSeconds: minute },
    assessment: { max: 60, windowSeconds: minute },
    deviceBatch: { max: 120, windowSeconds: minute },
  },
  daily: {
    windowSeconds: day,
    ceilings: {
      reflections: 50,
      exercises: 60,
      assessments: 50,
      assessmentBytes: 1_000_000,
      samples: 50_000,
      sessions: 1_000,
    },
  },
};

const unbounded = 1_000_000_000;

/**
 * No quota in practice: for load tests and benchmarks, whose few clients write what a whole
 * practice does (`CLIENT_WRITE_QUOTAS=0`). Never for a deployment that clients use.
 */
export const liftedClientWriteQuotas: ClientWriteQuotas = {
  rates: {
    reflection: { max: unbounded, windowSeconds: minute },
    exercise: { max: unbounded, windowSeconds: minute },
    assessment: { max: unbounded, windowSeconds: minute },
    deviceBatch: { max: unbounded, windowSeconds: minute },
  },
  daily: {
    windowSeconds: day,
    ceilings: {
      reflections: unbounded,
      exercises: unbounded,
      assessments: unbounded,
      assessmentBytes: unbounded,
      samples: unbounded,
      sessions: unbounded,
    },
  },
};

export function resolveClientWriteQuotas(input: ClientWriteQuotasInput = {}): ClientWriteQuotas {
  const defaults = defaultClientWriteQuotas;
  return {
    rates: { ...defaults.rates, ...input.rates },
    daily: {
      windowSeconds: input.daily?.windowSeconds ?? defaults.daily.windowSeconds,
      ceilings: { ...defaults.daily.ceilings, ...input.daily?.ceilings },
    },
  };
}
