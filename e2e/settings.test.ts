import { describe, expect, it } from 'vitest';
import { setUpE2e } from './harness/browser.ts';
import { signInAsCoach } from './harness/coach.ts';
import { solidPng } from './harness/png.ts';

// Settings (requirements R2.10): the coach edits their first name and uploads a profile picture.
// Its own product: it changes the demo coach's name (the invite page and the reports show it) and
// picture.
const e2e = setUpE2e();

/** Whether an `<img>` of the profile picture served by the resource service has loaded. */
const pictureShown = () =>
  [...document.images].some(
    (image) =>
      image.src.includes('/api/resource/profilePicture/') &&
      image.complete &&
      image.naturalWidth === 4,
  );

describe('settings', () => {
  it("saves a new first name: 'Profile successfully edited'", async () => {
    const page = await e2e.newPage();
    await signInAsCoach(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

    // The form shows only once the profile has loaded: wait for the field, as a coach does.
    const firstName = page.getByLabel('First name', { exact: true });
    await firstName.waitFor();
    expect(await firstName.inputValue()).toBe('Olivia');
    await firstName.fill('Liv');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Profile successfully edited').waitFor();

    // Kept by the server: still there after a reload.
    await page.reload();
    await firstName.waitFor();
    expect(await firstName.inputValue()).toBe('Liv');
  });

  it('uploads a profile picture and shows it', async () => {
    const page = await e2e.newPage();
    await signInAsCoach(page);
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

    const upload = page.waitForResponse(
      (response) =>
        response.url().includes('/api/resource/profilePicture/') &&
        response.request().method() === 'PUT',
    );
    await page.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: solidPng(4, 4, [20, 110, 100]),
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await upload).ok()).toBe(true);
    await page.getByText('Profile successfully edited').waitFor();
    await page.waitForFunction(pictureShown);

    // Served by the product from now on.
    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.waitForFunction(pictureShown);
  });
});
