/**
 * The windows of the design, written once: the preview's viewport options (the toolbar's menu and
 * the canvas), the windows app stories name (`stories/app/designViewport.ts`), their Docs frames
 * and the test runner's page all read them here. Every story opens at the desktop one (the
 * project's initial viewport, `designWindowName`); the other desktop windows are the widths of the spec's root font sizes a coach meets most
 * (1,024, 1,600 and 1,920 px: 11, 14 and 16 px), shown by 'App/Journeys/Every width'.
 */
export const coachWindows = {
  coachDesktop: { label: 'Coach desktop', width: 1280, height: 800, type: 'desktop' },
  coachNarrowest: { label: 'Narrowest desktop', width: 1004, height: 768, type: 'desktop' },
  coachLaptop: { label: 'Small laptop', width: 1024, height: 700, type: 'desktop' },
  coachLaptop14: { label: 'Laptop', width: 1440, height: 900, type: 'desktop' },
  coachLarge: { label: 'Large desktop', width: 1600, height: 900, type: 'desktop' },
  coachFullHd: { label: 'Full HD desktop', width: 1920, height: 1080, type: 'desktop' },
  coachTablet: { label: 'Tablet, landscape', width: 1180, height: 820, type: 'tablet' },
} as const;

export type CoachWindowName = keyof typeof coachWindows;

/**
 * The window the app's screens are designed and tested at (1280 x 800): the viewport every story
 * opens at, the Docs frame of an App story and the test runner's page when a story names none.
 */
export const designWindowName = 'coachDesktop' satisfies CoachWindowName;

/** A window's size in CSS pixels. */
export type WindowSize = { width: number; height: number };

/** The windows as Storybook's viewport options: `{ name, styles: { width, height }, type }`. */
export const viewportOptions = Object.fromEntries(
  Object.entries(coachWindows).map(([name, { label, width, height, type }]) => [
    name,
    {
      name: `${label} (${width} × ${height})`,
      styles: { width: `${width}px`, height: `${height}px` },
      type,
    },
  ]),
);

/**
 * The window a story's `viewport` global names, in pixels, looked up in the viewport options its
 * parameters carry (`parameters.viewport.options`); null when it names none. One reading for the
 * preview (a Docs frame widened to the window) and the test runner (its page set to it), which
 * hands over the two values as the story's context holds them.
 */
export function namedWindow(
  viewportGlobal: unknown,
  viewportParameter: unknown,
): WindowSize | null {
  const name = (viewportGlobal as { value?: unknown } | undefined)?.value;
  if (typeof name !== 'string') return null;
  const options = (
    viewportParameter as
      | { options?: Record<string, { styles?: { width?: unknown; height?: unknown } }> }
      | undefined
  )?.options;
  const styles = Object.hasOwn(options ?? {}, name) ? options?.[name]?.styles : undefined;
  const width = Number.parseInt(String(styles?.width ?? ''), 10);
  const height = Number.parseInt(String(styles?.height ?? ''), 10);
  return width > 0 && height > 0 ? { width, height } : null;
}
