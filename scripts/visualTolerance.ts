// The visual check's one tolerance, for the snapshot check of the story tests
// (.storybook/test-runner.ts, jest-image-snapshot's own settings) and the visual review
// (scripts/visualReview.ts), which so lists exactly the stories the check failed.
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** pixelmatch's colour distance under which two pixels count as the same. */
export const colourThreshold = 0.01;
/** The share of a render's pixels that may differ from its baseline (0.05 %). */
export const failureThreshold = 0.0005;

/** How two PNG renders differ: the changed pixels, or a change of size. */
export type RenderDifference =
  | { sizeChanged: true; changedPixels: null; percent: 100 }
  | { sizeChanged: false; changedPixels: number; percent: number; image?: Buffer };

/**
 * Compares two PNG files' pixels with the check's colour distance; with `image`, the answer
 * carries the difference as a PNG (the changed pixels in red over a faded copy).
 */
export function renderDifference(
  actualPng: Buffer,
  expectedPng: Buffer,
  { image = false }: { image?: boolean } = {},
): RenderDifference {
  const actual = PNG.sync.read(actualPng);
  const expected = PNG.sync.read(expectedPng);
  if (actual.width !== expected.width || actual.height !== expected.height) {
    return { sizeChanged: true, changedPixels: null, percent: 100 };
  }
  const { width, height } = actual;
  const output = image ? new PNG({ width, height }) : null;
  const changedPixels = pixelmatch(
    actual.data,
    expected.data,
    output?.data ?? null,
    width,
    height,
    {
      threshold: colourThreshold,
    },
  );
  return {
    sizeChanged: false,
    changedPixels,
    percent: (100 * changedPixels) / (width * height),
    ...(output ? { image: PNG.sync.write(output) } : {}),
  };
}

/** Whether a difference is within the check's tolerance (same size, few enough changed pixels). */
export function withinTolerance(difference: RenderDifference): boolean {
  return !difference.sizeChanged && difference.percent <= failureThreshold * 100;
}

/** Whether a render passes the check against its baseline (byte for byte, or within tolerance). */
export function matchesBaseline(image: Buffer, baseline: Buffer): boolean {
  return image.equals(baseline) || withinTolerance(renderDifference(image, baseline));
}
