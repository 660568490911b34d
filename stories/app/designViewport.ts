/**
 * The window the app's screens are designed and tested at (1280 x 800, as the test runner's
 * page): a screen's story is pinned to it in Storybook, so a reviewer with a smaller canvas
 * scrolls instead of seeing a layout the design never meant (a column cut off). The toolbar's
 * viewport menu still offers the others (`.storybook/preview.tsx`).
 */
export const designViewport = { viewport: { value: 'coachDesktop', isRotated: false } };
