import { describe, expect, it } from 'vitest';
import { setUpE2e } from './harness/browser.ts';

// The screen-size rules of requirements R2.5, in the served app (signed out: the rules apply to
// every screen).
// The run's shared product: signed out, it only reads the served app.
const e2e = setUpE2e({ product: 'shared' });

const higherResolution = 'Coach app is available for screens with higher resolution';
const landscape = 'Coach app is available in landscape mode';

describe('screen-size rules', () => {
  it(`blocks a window 1003 px wide with '${higherResolution}', and not one of 1004 px`, async () => {
    const page = await e2e.newPage({ viewport: { width: 1003, height: 900 } });
    await page.goto('/');
    await page.getByText(higherResolution).waitFor();
    await page.setViewportSize({ width: 1004, height: 900 });
    await page.getByText(higherResolution).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  });

  // The landscape text applies under 1004 px of width too
  // (docs/decisions/0027-screen-size-and-landscape-rule.md): a tablet held upright 1003 px wide,
  // 1366 px high, would fit once turned.
  it(`asks a touch device held in portrait (1003x1366) to turn: '${landscape}'`, async () => {
    const page = await e2e.newPage({
      viewport: { width: 1003, height: 1366 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto('/');
    await page.getByText(landscape).waitFor();
    expect(await page.getByText(higherResolution).count()).toBe(0);
    // Turned to landscape, the app is there.
    await page.setViewportSize({ width: 1366, height: 1003 });
    await page.getByText(landscape).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  });

  it(`tells a touch device too small either way: '${higherResolution}'`, async () => {
    const page = await e2e.newPage({
      viewport: { width: 768, height: 1003 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto('/');
    await page.getByText(higherResolution).waitFor();
    expect(await page.getByText(landscape).count()).toBe(0);
  });

  it('sets the root font size by width: 11, 12, 14, 15 and 16 px', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    const expected = [
      [1096, '11px'],
      [1280, '12px'],
      [1600, '14px'],
      [1900, '15px'],
      [1920, '16px'],
    ] as const;
    for (const [width, fontSize] of expected) {
      await page.setViewportSize({ width, height: 900 });
      // CSS media queries in the page's head: the size follows the resize at once.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(
        fontSize,
      );
    }
  });

  it('has the root font size by width before any script runs (no jump after the first paint)', async () => {
    for (const [width, fontSize] of [
      [1096, '11px'],
      [1440, '14px'],
    ] as const) {
      const page = await e2e.newPage({
        viewport: { width, height: 900 },
        javaScriptEnabled: false,
      });
      await page.goto('/');
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(
        fontSize,
      );
    }
  });
});
