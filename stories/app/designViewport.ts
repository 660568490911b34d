import { type CoachWindowName, coachWindows, type WindowSize } from '../../.storybook/windows.ts';

/**
 * The window the app's screens are designed and tested at (1280 x 800, as the test runner's
 * page): a screen's story is pinned to it in Storybook, so a reviewer with a smaller canvas
 * scrolls instead of seeing a layout the design never meant (a column cut off). The toolbar's
 * viewport menu still offers the others (`.storybook/windows.ts`).
 */
export const designViewport = {
  viewport: { value: 'coachDesktop' satisfies CoachWindowName, isRotated: false },
};

/** The design's desktop windows, one for each of the spec's root font sizes a coach meets most. */
type DesktopWindowName = {
  [Name in CoachWindowName]: (typeof coachWindows)[Name]['type'] extends 'desktop' ? Name : never;
}[CoachWindowName];

export type DesignWidth = (typeof coachWindows)[DesktopWindowName]['width'];

/** The name of the desktop window `width` px wide. */
function windowNameAt(width: DesignWidth): DesktopWindowName {
  const names = Object.keys(coachWindows) as CoachWindowName[];
  const name = names.find(
    (candidate) =>
      coachWindows[candidate].type === 'desktop' && coachWindows[candidate].width === width,
  );
  if (!name) throw new Error(`No design window is ${width} px wide`);
  return name as DesktopWindowName;
}

/** The `viewport` global of a story shown in the design's window of that width. */
export const viewportAt = (width: DesignWidth) => ({
  viewport: { value: windowNameAt(width), isRotated: false },
});

/** The size of the design's window of that width. */
export const windowAt = (width: DesignWidth): WindowSize => coachWindows[windowNameAt(width)];
