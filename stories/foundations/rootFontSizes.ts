/**
 * The root font size the app sets by screen width (spec, screen-size rules): every rem token
 * scales with it. `below` is exclusive; the last entry has no upper bound.
 */
export const rootFontSizes: { below: number | null; size: number }[] = [
  { below: 1097, size: 11 },
  { below: 1281, size: 12 },
  { below: 1601, size: 14 },
  { below: 1901, size: 15 },
  { below: null, size: 16 },
];

/** Width under which the app shows the blocking screen instead of itself. */
export const MIN_APP_WIDTH = 1004;

/** '0.875rem' at a 14 px root is 12.25 px. */
export const remToPx = (rem: string, root: number) => Number.parseFloat(rem) * root;

/** Up to two decimals, without trailing zeros: 12.25, 13.5, 16. */
export const formatPx = (px: number) => `${Math.round(px * 100) / 100} px`;
