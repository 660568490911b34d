/**
 * The window the app's screens are designed and tested at (1280 x 800, as the test runner's
 * page): a screen's story is pinned to it in Storybook, so a reviewer with a smaller canvas
 * scrolls instead of seeing a layout the design never meant (a column cut off). The toolbar's
 * viewport menu still offers the others (`.storybook/preview.tsx`).
 */
export const designViewport = { viewport: { value: 'coachDesktop', isRotated: false } };

/**
 * The design's windows by width, one for each of the spec's root font sizes a coach meets most
 * (11, 12, 14 and 16 px), as the preview's viewport options name them.
 */
const windowsByWidth = {
  1024: 'coachLaptop',
  1280: 'coachDesktop',
  1600: 'coachLarge',
  1920: 'coachFullHd',
} as const;

export type DesignWidth = keyof typeof windowsByWidth;

/** The `viewport` global of a story shown in the design's window of that width. */
export const viewportAt = (width: DesignWidth) => ({
  viewport: { value: windowsByWidth[width], isRotated: false },
});
