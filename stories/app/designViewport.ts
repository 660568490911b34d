import { type CoachWindowName, coachWindows, type WindowSize } from '../../.storybook/windows.ts';

// Every story opens at the design window, 1280 x 800 (the project's initial viewport,
// `.storybook/preview.tsx`), and a reviewer picks another in the toolbar's viewport menu. Only a
// story that exists to show one width names its window (`viewportAt`): Storybook then locks the
// menu on it, as that story's point is that width.

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
