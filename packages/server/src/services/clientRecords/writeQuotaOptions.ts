import type { RateLimit } from '../auth/options.ts';

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

// A real heavy day, from the simulator's generator (simulation/generator.ts) and the schedules:
// - reflections: 5 windows a day, each answered once (the store refuses a second answer);
// - exercises: learn 3 slots, sense 4, grow none but 1-2 extra practices: at most ~6;
// - assessments: one scheduled per step (3 in a whole journey), so 1-2 started on a heavy day,
//   each of at most 100 answers (~56 kB as JSON), saved in progress a few times: ~5-100 kB;
// - device samples: the generator reads every 30-60 min of a 16 h waking day, 3 measures: <= 96;
//   a device reading once a minute, all day, 3 measures: 3 x 1440 = 4,320;
// - app-use sessions: <= 6 a day in the generator; an app logging every opening: ~100;
// - device batches: 2 a day in the generator (12:00, 23:55); an app syncing every minute: 1/min.
// The daily ceilings are 10x (and more) above that. Our own load tools send far more per client,
// with no pause between calls, on databases kept from run to run (the buckets with them), and must
// still pass: reliability/load/mix.ts (up to ~400 device batches and ~130 assessment calls a
// minute per client on a quiet PGlite; ~40 assessments started per client per run) and
// bench/client-data.ts with bench/cost-growth.ts (~270 1000-sample batches a minute per client,
// ~140,000 samples per bench client per run). Hence rates that only stop one client from
// monopolising the server, and the assessments and samples ceilings sized for several such runs a
// day; the answer bytes (the costly part of an assessment) stay tight. Tighter figures need a way
// for those tools to lift the quotas (as the simulator lifts the refresh limits).

/** The product's figures. */
export const defaultClientWriteQuotas: ClientWriteQuotas = {
  rates: {
    reflection: { max: 60, windowSeconds: minute },
    exercise: { max: 60, windowSeconds: minute },
    assessment: { max: 600, windowSeconds: minute },
    deviceBatch: { max: 1200, windowSeconds: minute },
  },
  daily: {
    windowSeconds: day,
    ceilings: {
      reflections: 50,
      exercises: 60,
      assessments: 500,
      assessmentBytes: 1_000_000,
      samples: 1_000_000,
      sessions: 5_000,
    },
  },
};

/** The quotas with every default filled in. */
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
