// Debian's chromium, the only browser here, and the flags it needs on these machines (no sandbox
// as root, no background networking on a closed network). Shared by the Storybook test-runner,
// the end-to-end tests and the benchmarks.

/** Path of the browser (`CHROMIUM_PATH` to override). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Path of Chromium's headless shell (`CHROMIUM_HEADLESS_SHELL_PATH` to override), Debian's
 * `chromium-headless-shell`: the same Blink and Skia without the full browser's windowing layers,
 * so a page costs less CPU. The stories run in it and their visual baselines are its renders.
 */
export const chromiumHeadlessShellPath =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** Flags for a headless run. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
