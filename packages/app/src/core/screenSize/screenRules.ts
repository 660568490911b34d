/** The narrowest width the app works at (requirements R2.5). */
export const MIN_APP_WIDTH = 1004;

/** Root font sizes by width: the first whose `below` exceeds the width applies (requirements R2.5). */
const rootFontSizeSteps = [
  { below: 1097, px: 11 },
  { below: 1281, px: 12 },
  { below: 1601, px: 14 },
  { below: 1901, px: 15 },
] as const;

/** Root font size from 1901 px up. */
const LARGEST_ROOT_FONT_SIZE = 16;

/** What the screen-size rules look at. */
export type Viewport = {
  width: number;
  height: number;
  /** A touch-first device (coarse pointer) with `screen.orientation`: it can rotate. */
  canRotate: boolean;
};

/** Why the app is blocked: too narrow, or a rotatable device held upright that would fit sideways. */
export type BlockingReason = 'higherResolution' | 'landscape';

/**
 * The root font size in px for a viewport width: under 1097 11, under 1281 12, under 1601 14,
 * under 1901 15, otherwise 16.
 */
export function rootFontSizeFor(width: number): number {
  return rootFontSizeSteps.find((step) => width < step.below)?.px ?? LARGEST_ROOT_FONT_SIZE;
}

/**
 * Every root font size with the widths it applies to, narrowest first: `below` is exclusive, null
 * on the last (16 px from 1901 px up). The design's Typography page reads it.
 */
export function rootFontSizeTable(): { below: number | null; size: number }[] {
  return [
    ...rootFontSizeSteps.map((step) => ({ below: step.below, size: step.px })),
    { below: null, size: LARGEST_ROOT_FONT_SIZE },
  ];
}

/**
 * The root font sizes as CSS media queries, for a `<style>` in the page's head (the app's Vite
 * config puts it there): the size is right from the first paint, before any script, and follows
 * every resize without one. `min-width` is the complement of `below`, so each width gets
 * {@link rootFontSizeFor}'s size.
 */
export function rootFontSizeCss(): string {
  const sizes = [...rootFontSizeSteps.map((step) => step.px), LARGEST_ROOT_FONT_SIZE];
  const rules = [`html{font-size:${sizes[0]}px}`];
  rootFontSizeSteps.forEach((step, index) => {
    rules.push(`@media (min-width:${step.below}px){html{font-size:${sizes[index + 1]}px}}`);
  });
  return rules.join('');
}

/**
 * Whether (and why) the app is blocked: under 1004 px wide it is; the message asks for landscape
 * when the device can rotate and its height (its width once turned) is at least 1004.
 */
export function blockingReasonFor({ width, height, canRotate }: Viewport): BlockingReason | null {
  if (width >= MIN_APP_WIDTH) return null;
  return canRotate && height >= MIN_APP_WIDTH ? 'landscape' : 'higherResolution';
}
