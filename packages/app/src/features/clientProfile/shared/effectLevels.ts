import type { GoalEffect } from '@coach/domain';

/** How an effect level looks: its badge colours (theme tokens), worst to best. */
export type EffectLook = { bg: string; color: string };

/**
 * Red for negative through grey for neutral to green for positive; the level is always written
 * too, since colour alone says nothing to some readers.
 */
export const effectLooks: Record<GoalEffect, EffectLook> = {
  negative: { bg: 'error', color: 'white' },
  moderatelyNegative: { bg: 'lagging.subtle', color: 'lagging.fg' },
  neutral: { bg: 'bg.muted', color: 'fg' },
  moderatelyPositive: { bg: 'success.subtle', color: 'success.fg' },
  positive: { bg: 'success', color: 'white' },
};
