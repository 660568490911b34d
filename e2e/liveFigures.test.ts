import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { setUpE2e } from './harness/browser.ts';
import { revokeStoredSession, signInAsCoach, storedTokens } from './harness/coach.ts';
import { eventsPath, expectLiveFigures, streamOpened } from './harness/liveFigures.ts';

// Live figures in Chromium against the running product: a device batch posted through
// the real API reaches the open clients list and the open profile of the client's coach live,
// in place; a session revoked elsewhere closes the app's stream for good. Its own product:
// the tests write client data and end a session.
const e2e = setUpE2e();

describe('live figures', () => {
  it("a device batch changes the client's figures on an open clients list and an open profile without a reload, the sort and the open dialogs untouched", async () => {
    await expectLiveFigures(e2e, e2e.product().url);
  }, 120_000);

  it("closes the app's stream when its session is revoked elsewhere: the app goes to sign-in and opens it no more", async () => {
    const page = await e2e.newPage();
    const opened = streamOpened(page);
    await signInAsCoach(page);
    await opened;
    const openings: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === eventsPath) openings.push(request.url());
    });
    // A logout elsewhere with this session's refresh token (another device of the coach's).
    await revokeStoredSession(page, e2e.product().url, e2e.secrets);

    // The server ends the stream; the app's next opening meets a 401, its refresh fails, and the
    // app signs out as on any failed refresh.
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor({ timeout: 15_000 });
    expect(await storedTokens(page)).toEqual({ accessToken: null, refreshToken: null });
    const seen = openings.length;
    expect(seen).toBeLessThanOrEqual(1);
    // Longer than the first reconnection wait: a stream that kept reconnecting would show.
    await delay(2500);
    expect(openings).toHaveLength(seen);
  }, 120_000);
});
