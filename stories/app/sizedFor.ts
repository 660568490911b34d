import { expect } from 'storybook/test';
import { rootFontSizeFor } from '../../packages/app/src/core/screenSize/index.ts';
import type { DesignWidth } from './designViewport.ts';

/**
 * The window is the story's (its width) and the app's text is the spec's size for it; nothing on
 * the page reaches past the window's right edge.
 */
export async function expectSizedFor(width: DesignWidth) {
  await expect(window.innerWidth).toBe(width);
  await expect(getComputedStyle(document.documentElement).fontSize).toBe(
    `${rootFontSizeFor(width)}px`,
  );
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}
