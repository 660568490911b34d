import { describe, expect, it } from 'vitest';
import { setUpE2e } from './harness/browser.ts';
import { coach } from './harness/coach.ts';

// Throttled answers say so and when to try again. Its own product, so the
// throttled demo coach never slows the other files' sign-ins.
const e2e = setUpE2e();

describe('a throttled sign-in', () => {
  it('says there were too many attempts and when to try again, not that the server is down', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    const alert = page.getByRole('alert');
    const password = page.getByLabel('Password', { exact: true });
    await page.getByLabel('Email').fill(coach.email);
    let text = '';
    // The server throttles failures with growing delays: wrong passwords until it says so.
    for (let attempt = 1; attempt <= 15 && !text.startsWith('Too many attempts'); attempt += 1) {
      await password.fill(`Wrong${attempt}23!`);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await alert.waitFor();
      text = (await alert.textContent()) ?? '';
      expect(text).not.toContain('could not be reached');
    }
    expect(text).toMatch(
      /^Too many attempts\. Try again in \d+ (second|seconds|minute|minutes)\.$/,
    );
  });
});
