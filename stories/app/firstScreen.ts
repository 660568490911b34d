import { expect } from 'storybook/test';

/** Whole inside the window as the page opened (nothing scrolled, nothing cut at an edge). */
export async function expectOnFirstScreen(element: Element) {
  const box = element.getBoundingClientRect();
  await expect(box.top).toBeGreaterThanOrEqual(0);
  await expect(box.left).toBeGreaterThanOrEqual(0);
  await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
  await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
}
