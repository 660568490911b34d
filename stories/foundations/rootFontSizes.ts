import { MIN_APP_WIDTH, rootFontSizeTable } from '../../packages/app/src/core/screenSize/index.ts';

/**
 * The root font size the app sets by screen width (spec, screen-size rules), from the app's own
 * rule: every rem token scales with it. `below` is exclusive; the last entry has no upper bound.
 */
export const rootFontSizes = rootFontSizeTable();

/** Width under which the app shows the blocking screen instead of itself. */
export { MIN_APP_WIDTH };

/** '0.875rem' at a 14 px root is 12.25 px. */
export const remToPx = (rem: string, root: number) => Number.parseFloat(rem) * root;

/** Up to two decimals, without trailing zeros: 12.25, 13.5, 16. */
export const formatPx = (px: number) => `${Math.round(px * 100) / 100} px`;
