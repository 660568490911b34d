// The one seeded random generator of every fixture: the mocks, the story data, the simulator and
// the demo seed, the benchmarks' rows. The same seed always gives the same numbers, so fixtures,
// snapshots and simulated histories are the same on every run. Not for anything secret.

/** mulberry32: a float in [0, 1) at each call, from a 32-bit state seeded with `seed`. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A seeded pseudo-random source with the draws fixtures need. */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  /** True with probability `probability`. */
  chance(probability: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** A normally distributed number (Box-Muller). */
  normal(mean: number, deviation: number): number;
};

/** 32-bit FNV-1a hash of a text: turns a seed and a key into a generator's state. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A {@link Random} for one purpose: `key` names it (a client, a date, an action) under `seed`. */
export function randomFor(seed: number, key: string): Random {
  return randomOf(seededRandom(hash32(`${seed}|${key}`)));
}

/** The draws of {@link Random} over a generator of floats in [0, 1). */
export function randomOf(next: () => number): Random {
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new RangeError('pick needs a non-empty list');
      return item;
    },
    shuffle: (items) => {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const other = Math.floor(next() * (index + 1));
        const held = copy[index] as (typeof copy)[number];
        copy[index] = copy[other] as (typeof copy)[number];
        copy[other] = held;
      }
      return copy;
    },
    normal: (mean, deviation) => {
      const u = 1 - next();
      const v = next();
      return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
  };
}
