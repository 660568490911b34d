import { MIN_APP_WIDTH, rootFontSizeTable } from '../../packages/app/src/core/screenSize/index.ts';

/**
 * The root font size the app sets by screen width (spec, screen-size rules), from the app's own
 * rule: every rem token scales with it. `below` is exclusive; the last entry has no upper bound.
 */
export const rootFontSizes = rootFontSizeTable();

/** Width under which the app shows the blocking screen instead of itself. */
export { MIN_APP_WIDTH };

/**
 * The widths the `index`-th root font size applies to, as the Foundations tables write them:
 * '1004–1096 px', ..., '1901 px and wider' (the first starts where the app shows itself).
 */
export const widthRangeOf = (index: number) => {
  const current = rootFontSizes[index];
  const from = index === 0 ? MIN_APP_WIDTH : rootFontSizes[index - 1]?.below;
  return current?.below ? `${from}–${current.below - 1} px` : `${from} px and wider`;
};

/** '0.875rem' at a 14 px root is 12.25 px. */
export const remToPx = (rem: string, root: number) => Number.parseFloat(rem) * root;

/** Up to two decimals, without trailing zeros: 12.25, 13.5, 16. */
export const formatPx = (px: number) => `${Math.round(px * 100) / 100} px`;
