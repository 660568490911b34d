import { describe, expect, it } from 'vitest';
import { setUpE2e } from './harness/browser.ts';
import { signInAsCoach } from './harness/coach.ts';

// The server out of reach in the app: a clear message with a retry, never
// a blank screen; a form keeps what was typed; a screen's code gone after a new deployment
// offers a reload of the page.
// Its own product: it changes the demo coach's profile (settings.test.ts reads the first name).
const e2e = setUpE2e();

const unreachable = 'The server could not be reached, please try again';

describe('the server out of reach', () => {
  it('shows the clients screen failing with a retry, and the retry loads the list once back', async () => {
    const page = await e2e.newPage();
    await signInAsCoach(page);
    // The server goes away for the list: the page is opened afresh and asks for it.
    await page.route('**/api/analytics/clients**', (route) => route.abort('connectionrefused'));
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: unreachable });
    await alert.waitFor();
    expect(await page.getByRole('heading', { name: 'My clients', level: 1 }).isVisible()).toBe(
      true,
    );

    await page.unroute('**/api/analytics/clients**');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('table', { name: 'Clients' }).waitFor();
    // The table may show before its rows have come: wait for the first one, then count.
    const rows = page.locator('tbody tr[data-kind="data"]');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await alert.count()).toBe(0);
  });

  it('keeps the settings form as typed when offline, and saves it once back online', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await signInAsCoach(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    const firstName = page.getByLabel('First name', { exact: true });
    const aboutMe = page.getByLabel('About me', { exact: true });
    await firstName.waitFor();
    await firstName.fill('Offline Olivia');
    await aboutMe.fill('Typed while the network was gone');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(unreachable).waitFor();
    // The spec's own text stays, word for word; the reason comes on a line of its own.
    await page.getByText('Error updating profile', { exact: true }).waitFor();
    expect(await firstName.inputValue()).toBe('Offline Olivia');
    expect(await aboutMe.inputValue()).toBe('Typed while the network was gone');

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Profile successfully edited').waitFor();
    await page.reload();
    await firstName.waitFor();
    expect(await firstName.inputValue()).toBe('Offline Olivia');
  });

  it("offers a reload when a screen's code is gone (a new deployment), and the reload brings it", async () => {
    const page = await e2e.newPage();
    const loaded = new Set<string>();
    page.on('requestfinished', (request) => loaded.add(request.url()));
    await signInAsCoach(page);
    // What this page has not loaded yet is gone from the server, as after a new deployment.
    const gone: string[] = [];
    await page.route('**/assets/*.js', (route) => {
      const url = route.request().url();
      if (loaded.has(url)) return route.continue();
      gone.push(url);
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    const failure = page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' });
    await failure.waitFor();
    expect(gone.length).toBeGreaterThan(0);
    expect(await failure.textContent()).toContain('Reload the page to get the new version.');

    // The new deployment's files are there: the reload brings the screen.
    await page.unrouteAll();
    await failure.getByRole('button', { name: 'Reload page' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByLabel('First name', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
  });
});
