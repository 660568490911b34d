import { describe, expect, it } from 'vitest';
import { setUpE2e } from './harness/browser.ts';
import { signInAsCoach, storedTokens } from './harness/coach.ts';

// Settings' recent security activity (issue 64): the coach, signed in in two browsers, sees the
// second one's sign-in in the first, signs every other session out from there, and the second
// browser's session is over. Its own product: it ends sessions of the demo coach.
const e2e = setUpE2e();

// The two browsers say what they are, so each sign-in reads apart from the other (headless
// chromium's own 'HeadlessChrome' would read as WebKit).
const chromeOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const firefoxOnLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

describe('recent security activity', () => {
  it("lists another browser's sign-in, and 'Sign out of all other sessions' ends that session", async () => {
    const first = await e2e.newPage({ userAgent: chromeOnLinux });
    await signInAsCoach(first);
    const second = await e2e.newPage({ userAgent: firefoxOnLinux });
    await signInAsCoach(second);
    const secondTokens = await storedTokens(second);
    e2e.secrets.add('access token', secondTokens.accessToken);
    e2e.secrets.add('refresh token', secondTokens.refreshToken);

    await first
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    const events = first.getByRole('list', { name: 'Recent security activity' });
    await events.waitFor();
    // Newest first: the second browser's sign-in, then this one's, marked.
    const items = events.getByRole('listitem');
    await expect
      .poll(() => items.nth(0).textContent())
      .toMatch(/^Signed in with passwordFirefox on Linux · /);
    expect(await items.nth(0).textContent()).not.toContain('This session');
    expect(await items.nth(1).textContent()).toMatch(
      /^Signed in with passwordThis sessionChrome on Linux · /,
    );
    await first.getByText('You are also signed in on 1 other session.').waitFor();

    const end = first.getByRole('button', { name: 'Sign out of all other sessions' });
    await end.click();
    await first.getByText('1 other session signed out').waitFor();
    await first.getByText('You are not signed in anywhere else.').waitFor();
    expect(await end.isDisabled()).toBe(true);
    await expect
      .poll(() => items.nth(0).textContent())
      .toMatch(/^Signed out of all other sessionsChrome on Linux · /);

    // The second browser's session is over: its tokens are refused, and it is back at sign-in.
    const baseUrl = e2e.product().url;
    const current = await fetch(`${baseUrl}/api/auth/session/current`, {
      headers: { authorization: `Bearer ${secondTokens.accessToken}` },
    });
    await current.body?.cancel();
    expect(current.status).toBe(401);
    const refresh = await fetch(`${baseUrl}/api/auth/session/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: secondTokens.refreshToken }),
    });
    await refresh.body?.cancel();
    expect(refresh.status).toBe(401);
    await second.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor({ timeout: 15_000 });
    expect(await storedTokens(second)).toEqual({ accessToken: null, refreshToken: null });

    // This browser stays signed in: its next call goes through.
    await first.reload();
    await events.waitFor();
    await first.getByText('You are not signed in anywhere else.').waitFor();
  });
});
