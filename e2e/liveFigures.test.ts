import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { ClientSummary, ClientSummaryList } from '@coach/api';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type E2e, setUpE2e } from './harness/browser.ts';
import {
  coach,
  client as demoClient,
  pathOf,
  signInAsCoach,
  storedTokens,
} from './harness/coach.ts';

// Live figures (issue 20) in Chromium against the running product: a device batch posted through
// the real API reaches the open clients list and the open profile of the client's coach within
// 2 s, in place; a session revoked elsewhere closes the app's stream for good. Its own product:
// the tests write client data and end a session.
const e2e = setUpE2e();

const eventsPath = '/api/analytics/events';

/** Resolves once the page's live event stream has its answer (the stream is open). */
const streamOpened = (page: Page) =>
  page.waitForResponse(
    (response) => new URL(response.url()).pathname === eventsPath && response.status() === 200,
    { timeout: 30_000 },
  );

/** Signs in through the API from Node and answers the access token (kept out of the logs). */
async function apiSignIn(harness: E2e, account: { email: string; password: string }) {
  const answer = await fetch(`${harness.product().url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(answer.status).toBe(200);
  const { accessToken, refreshToken } = (await answer.json()) as {
    accessToken: string;
    refreshToken: string;
  };
  harness.secrets.add('access token', accessToken);
  harness.secrets.add('refresh token', refreshToken);
  return accessToken;
}

/** The demo client's row of the coach's list (their id and name). */
async function demoClientSummary(harness: E2e): Promise<ClientSummary> {
  const token = await apiSignIn(harness, coach);
  const answer = await fetch(`${harness.product().url}/api/analytics/clients`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const list = (await answer.json()) as ClientSummaryList;
  const summary = list.clients.find((candidate) => candidate.email === demoClient.email);
  if (!summary) throw new Error('The demo client is not in the demo coach’s list');
  return summary;
}

/** The demo client's device sends 40 minutes of app use that ended a minute ago. */
async function postUsageBatch(harness: E2e) {
  const token = await apiSignIn(harness, demoClient);
  const now = Date.now();
  const answer = await fetch(`${harness.product().url}/api/device-metrics/batches`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      sessions: [
        {
          id: randomUUID(),
          startedAt: new Date(now - 41 * 60_000).toISOString(),
          endedAt: new Date(now - 60_000).toISOString(),
        },
      ],
    }),
  });
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { accepted: { sessions: number } }).accepted.sessions).toBe(1);
}

describe('live figures', () => {
  it("a device batch changes the client's figures on an open clients list and an open profile within 2 s, the sort and the open dialogs untouched", async () => {
    const summary = await demoClientSummary(e2e);
    const name = `${summary.firstName} ${summary.lastName}`;

    // The clients list, sorted by name, with the invite dialog open and an address typed.
    const list = await e2e.newPage();
    const listStream = streamOpened(list);
    await signInAsCoach(list);
    await listStream;
    // The open dialog hides the page from assistive technology: the table is found all the same.
    const table = list.getByRole('table', { name: 'Clients', includeHidden: true });
    await table
      .getByRole('columnheader', { name: /^Name/, includeHidden: true })
      .getByRole('button')
      .click();
    await expect
      .poll(() =>
        table
          .getByRole('columnheader', { name: /^Name/, includeHidden: true })
          .getAttribute('aria-sort'),
      )
      .toBe('ascending');
    const rows = table.locator('tbody tr[data-kind="data"]');
    const order = await rows.allTextContents();
    const listCell = rows.filter({ hasText: demoClient.email }).locator('td').nth(2);
    const listBefore = await listCell.textContent();
    await list.getByRole('button', { name: 'Invite client' }).first().click();
    const inviteDialog = list.getByRole('dialog', { name: 'Invite client' });
    await inviteDialog.getByLabel('Email').fill('new.client@example.com');

    // The client's profile on another device of the coach's (its own browser and session; a
    // browser's six connections to a host are shared by its tabs, two of them held by streams).
    const profile = await e2e.newPage();
    const profileStream = streamOpened(profile);
    await signInAsCoach(profile);
    await profileStream;
    const reopened = streamOpened(profile);
    await profile.goto(`/clients/${summary.clientId}`);
    await reopened;
    const engagement = profile.getByRole('region', {
      name: 'Engagement (48h)',
      includeHidden: true,
    });
    await engagement.getByText(/in the last 24 h/).waitFor();
    const profileBefore = await engagement.textContent();
    await profile.getByRole('button', { name: 'Generate report' }).click();
    const reportDialog = profile.getByRole('dialog');
    await reportDialog.getByRole('textbox', { name: /Mental wellbeing/ }).fill('Sleeping better');

    await postUsageBatch(e2e);
    // From the acknowledged batch: both screens show the new figures within 2 s.
    await Promise.all([
      expect
        .poll(() => listCell.textContent(), { timeout: 2000, interval: 50 })
        .not.toBe(listBefore),
      expect
        .poll(() => engagement.textContent(), { timeout: 2000, interval: 50 })
        .not.toBe(profileBefore),
    ]);

    // In place: the sort and the rows' order, the dialogs and what was typed in them.
    expect(
      await table
        .getByRole('columnheader', { name: /^Name/, includeHidden: true })
        .getAttribute('aria-sort'),
    ).toBe('ascending');
    const after = await rows.allTextContents();
    expect(after.map((text) => text.slice(0, 20))).toEqual(order.map((text) => text.slice(0, 20)));
    expect(await inviteDialog.getByLabel('Email').inputValue()).toBe('new.client@example.com');
    expect(await reportDialog.getByRole('textbox', { name: /Mental wellbeing/ }).inputValue()).toBe(
      'Sleeping better',
    );
    // Screen readers were told once, by name.
    await expect.poll(() => list.getByText(`Updated: ${name}`).count()).toBe(1);
    await expect.poll(() => profile.getByText(`Updated: ${name}`).count()).toBe(1);
    expect(pathOf(profile)).toBe(`/clients/${summary.clientId}`);
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
    const { refreshToken } = await storedTokens(page);
    e2e.secrets.add('refresh token', refreshToken);
    const logout = await fetch(`${e2e.product().url}/api/auth/session/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    await logout.body?.cancel();
    expect(logout.ok).toBe(true);

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
