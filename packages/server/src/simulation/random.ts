import { createHash } from 'node:crypto';

// Deterministic randomness for the simulator and the demo seed: the same seed and key always give
// the same numbers and ids, so a re-run sends the same records (stored once by their ids).

/** A seeded pseudo-random source (mulberry32: 32-bit state, fast, good enough for test data). */
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

/** 32-bit FNV-1a hash of a text: turns a seed and a key into a PRNG state. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A PRNG for one purpose: `key` names it (a client, a date, an action) under the run's seed. */
export function randomFor(seed: number, key: string): Random {
  let state = hash32(`${seed}|${key}`);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const random: Random = {
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
  return random;
}

/**
 * A UUID (version 4 layout) derived from the seed and a key: the same record of the same run
 * always has the same id, which is what makes sending it again a no-op.
 */
export function deterministicUuid(seed: number, key: string): string {
  const hex = createHash('sha256').update(`${seed}|${key}`).digest('hex');
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `4${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}
