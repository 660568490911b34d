import { describe, expect, it } from 'vitest';
import { randomFor, seededRandom } from './seededRandom.ts';

describe('the seeded random generator', () => {
  it('gives the same numbers for the same seed, and others for another', () => {
    const draw = (seed: number) => {
      const next = seededRandom(seed);
      return Array.from({ length: 5 }, () => next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('stays in [0, 1) and spreads over it', () => {
    const next = seededRandom(7);
    const values = Array.from({ length: 10_000 }, () => next());
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });

  it('keys a source by purpose: same seed and key alike, another key apart', () => {
    expect(randomFor(1, 'client 3').int(0, 1_000_000)).toBe(
      randomFor(1, 'client 3').int(0, 1_000_000),
    );
    expect(randomFor(1, 'client 3').next()).not.toBe(randomFor(1, 'client 4').next());
  });

  it('draws integers within both bounds, picks from the list, shuffles a permutation', () => {
    const random = randomFor(5, 'draws');
    const ints = Array.from({ length: 1000 }, () => random.int(1, 3));
    expect(new Set(ints)).toEqual(new Set([1, 2, 3]));
    expect(['a', 'b']).toContain(random.pick(['a', 'b']));
    expect(() => random.pick([])).toThrow(RangeError);
    expect(random.shuffle([1, 2, 3, 4]).sort()).toEqual([1, 2, 3, 4]);
  });
});
