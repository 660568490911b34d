import { createHash } from 'node:crypto';

// Deterministic ids for the simulator and the demo seed: the same seed and key always give the
// same ids, so a re-run sends the same records (stored once by their ids). The numbers come from
// the domain's one seeded generator.

export { type Random, randomFor } from '@coach/domain';

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
