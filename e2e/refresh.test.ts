import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpE2e } from './harness/browser.ts';
import { pathOf, signInAsCoach, storedTokens } from './harness/coach.ts';

// Access tokens of this product live 5 s, so one expires within the test (spec point 4: on a 401,
// refresh once and retry).
const accessTokenTtlSeconds = 5;
const e2e = setUpE2e({ accessTokenTtlSeconds });

describe('an expired access token', () => {
  it('is refreshed exactly once and the session goes on', async () => {
    const page = await e2e.newPage();
    const refreshes: Request[] = [];
    const unauthorised: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/session/refresh') refreshes.push(request);
    });
    page.on('response', (response) => {
      if (response.status() === 401) unauthorised.push(new URL(response.url()).pathname);
    });
    await signInAsCoach(page);
    const before = await storedTokens(page);
    expect(refreshes).toHaveLength(0);

    // Let the access token expire, then load data again: the app starts the session anew
    // (current user and profile) with the stored, now expired, token.
    await page.waitForTimeout((accessTokenTtlSeconds + 1) * 1000);
    await page.reload();
    await page.getByRole('heading', { name: 'My clients', level: 1 }).waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/settings');

    expect(unauthorised.length).toBeGreaterThan(0);
    expect(refreshes).toHaveLength(1);
    // Spec point 7: every call carries the bearer, the refresh call too (the expired token).
    expect(refreshes[0]?.headers().authorization).toBe(`Bearer ${before.accessToken}`);
    const refreshResponse = await refreshes[0]?.response();
    expect(refreshResponse?.status()).toBe(200);
    const after = await storedTokens(page);
    expect(after.accessToken).toBeTruthy();
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
  });
});
