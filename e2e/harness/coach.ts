import { setTimeout as delay } from 'node:timers/promises';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { SecretLedger } from './secrets.ts';

/** The demo coach seeded in demo mode. */
export const coach = { email: 'coach@example.com', password: 'Coach123!' };
/** The demo account of type 'user', which the app refuses. */
export const client = { email: 'client@example.com', password: 'Client123!' };

/** Fills the sign-in form at '/' and submits it. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/');
  await submitSignIn(page, account);
}

/** Fills the sign-in form the page shows (wherever it is: '/?next=...') and submits it. */
export async function submitSignIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The first client row of the clients list the page shows, and that client's full name. */
export async function firstClientRow(page: Page) {
  const row = page
    .getByRole('table', { name: 'Clients' })
    .locator('tbody tr[data-kind="data"]')
    .first();
  const name = (await row.locator('td').first().locator('p').first().textContent()) ?? '';
  expect(name).toBeTruthy();
  return { row, name };
}

/** Signs in (as the demo coach by default) and waits for the first signed-in screen. */
export async function signInAsCoach(page: Page, account = coach) {
  await signIn(page, account);
  await page.getByRole('heading', { name: 'My clients', level: 1 }).waitFor();
}

/** Both tokens as the app keeps them in local storage. */
export function storedTokens(page: Page) {
  return page.evaluate(() => ({
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
  }));
}

/**
 * Ends the page's session behind the app's back, as a logout on another device of the coach's
 * does: its stored refresh token revoked through the API from Node (the token kept out of the
 * logs by `secrets`).
 */
export async function revokeStoredSession(page: Page, baseUrl: string, secrets: SecretLedger) {
  const { refreshToken } = await storedTokens(page);
  secrets.add('refresh token', refreshToken);
  const logout = await fetch(`${baseUrl}/api/auth/session/logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  await logout.body?.cancel();
  expect(logout.ok).toBe(true);
}

/** The path of the page's address. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Waits until the server refuses `accessToken` as expired: the moment a short-lived token has run
 * out, asked from Node (so the app sees none of these 401s) every 250 ms, 20 s at the most.
 */
export async function waitForExpiry(baseUrl: string, accessToken: string | null) {
  const status = async () => {
    const response = await fetch(`${baseUrl}/api/auth/session/current`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    await response.body?.cancel();
    return response.status;
  };
  await expect
    .poll(status, { timeout: 20_000, interval: 250, message: 'the access token never expired' })
    .toBe(401);
}

/**
 * Waits until the access token the app stored is refused as expired, and returns the stored
 * tokens. Should the app refresh meanwhile (a late request of a page meeting the expiry), the new
 * token is waited for in turn: the tokens returned are the ones a reload will start with.
 */
export async function waitForStoredTokensExpiry(page: Page, baseUrl: string) {
  for (;;) {
    const tokens = await storedTokens(page);
    await waitForExpiry(baseUrl, tokens.accessToken);
    const stored = await storedTokens(page);
    if (stored.accessToken === tokens.accessToken) return tokens;
  }
}

/** The app's refresh call, which {@link refreshCalls} watches. */
const refreshPath = '/api/auth/session/refresh';

/**
 * Watches the app's refresh calls in one browser context, from before its first page: `hold()`
 * holds every later refresh until `release()` (20 s at the most), and returns once the refreshes
 * already on their way unheld have finished. So tokens read after `hold()` are the ones a reload
 * starts with: no refresh sent before it can store newer ones behind the test's back.
 */
export function refreshCalls(context: BrowserContext) {
  const onTheirWay = new Set<Request>();
  const held = new Set<Request>();
  const isRefresh = (request: Request) => new URL(request.url()).pathname === refreshPath;
  context.on('request', (request) => {
    if (isRefresh(request)) onTheirWay.add(request);
  });
  const settled = (request: Request) => onTheirWay.delete(request);
  context.on('requestfinished', settled);
  context.on('requestfailed', settled);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    /** The refreshes held (a held refresh of a page that reloads is cancelled with it, unsent). */
    held,
    release: () => release(),
    async hold() {
      await context.route(`**${refreshPath}`, async (route) => {
        held.add(route.request());
        await Promise.race([released, delay(20_000, undefined, { ref: false })]);
        await route.continue();
      });
      await expect
        .poll(() => [...onTheirWay].every((request) => held.has(request)), {
          timeout: 30_000,
          message: 'a refresh sent before the hold never finished',
        })
        .toBe(true);
    },
  };
}
