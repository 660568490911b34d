// The visual check's one tolerance, for the snapshot check of the story tests
// (.storybook/test-runner.ts, jest-image-snapshot's own settings) and the visual review's shares
// (scripts/visual-changes.mjs); scripts/visual-review.sh passes the same figures to reg-cli.
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** pixelmatch's colour distance under which two pixels count as the same. */
export const colourThreshold = 0.01;
/** The share of a render's pixels that may differ from its baseline (0.05 %). */
export const failureThreshold = 0.0005;

/** How two PNG renders differ: the changed pixels, or a change of size. */
export type RenderDifference =
  | { sizeChanged: true; changedPixels: null; percent: 100 }
  | { sizeChanged: false; changedPixels: number; percent: number };

/** Compares two PNG files' pixels with the check's colour distance. */
export function renderDifference(actualPng: Buffer, expectedPng: Buffer): RenderDifference {
  const actual = PNG.sync.read(actualPng);
  const expected = PNG.sync.read(expectedPng);
  if (actual.width !== expected.width || actual.height !== expected.height) {
    return { sizeChanged: true, changedPixels: null, percent: 100 };
  }
  const changedPixels = pixelmatch(actual.data, expected.data, null, actual.width, actual.height, {
    threshold: colourThreshold,
  });
  return {
    sizeChanged: false,
    changedPixels,
    percent: (100 * changedPixels) / (actual.width * actual.height),
  };
}

/** Whether a render passes the check against its baseline (byte for byte, or within tolerance). */
export function matchesBaseline(image: Buffer, baseline: Buffer): boolean {
  if (image.equals(baseline)) return true;
  const difference = renderDifference(image, baseline);
  return !difference.sizeChanged && difference.percent <= failureThreshold * 100;
}
