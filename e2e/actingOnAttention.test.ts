import { randomUUID } from 'node:crypto';
import type { AttentionEpisodeList, ClientSummary, ClientSummaryList } from '@coach/api';
import {
  type AttentionEpisode,
  addDays,
  attentionOf,
  episodeFigures,
  episodeSpan,
  fullName,
  localDateOf,
  zonedLocalToUtc,
} from '@coach/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type E2e, setUpE2e } from './harness/browser.ts';
import { client as demoClient, coach, signInAsCoach } from './harness/coach.ts';

// Acting on attention in Chromium against the running product: on a client who needs attention
// the coach writes a note and plans a follow-up for tomorrow; the list shows none due today. The
// product restarts on its data with its services' clock (COACH_TEST_NOW) at 07:00 the next
// morning: the morning mail lists the follow-up and the list flags it; the client's device sends
// three hours of app use over the API, the client no longer needs attention, and the profile's
// attention history tells the episode's end and the time to the coach's first action; the list's
// 30-day figures agree with the coach's episodes. Its own product: it writes and restarts.

const coachZone = 'Europe/London';
const hourMs = 3_600_000;

/**
 * 10:00:30 in the coach's zone on the first day at least 30 h after the demo's data was made:
 * every client is silent by then (their data stops when it was made), none is mailed at 10:00.
 */
function firstMorning(): Date {
  const earliest = Date.now() + 30 * hourMs;
  const day = localDateOf(new Date(earliest), coachZone);
  const at = new Date(zonedLocalToUtc(day, '10:00', coachZone).getTime() + 30_000);
  return at.getTime() >= earliest
    ? at
    : new Date(zonedLocalToUtc(addDays(day, 1), '10:00', coachZone).getTime() + 30_000);
}

const t1 = firstMorning();
const today = localDateOf(t1, coachZone);
const tomorrow = addDays(today, 1);
/** 07:00:30 the next morning in the coach's zone: the morning mail's hour. */
const t2 = new Date(zonedLocalToUtc(tomorrow, '07:00', coachZone).getTime() + 30_000);
const reason = 'Ask how the week went';

const e2e = setUpE2e({ testNow: t1 });

/** Signs in through the API from Node (tokens kept out of the logs) and answers a GET caller. */
async function apiAs(harness: E2e, account: { email: string; password: string }) {
  const base = harness.product().url;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(login.status).toBe(200);
  const { accessToken, refreshToken } = (await login.json()) as {
    accessToken: string;
    refreshToken: string;
  };
  harness.secrets.add('access token', accessToken);
  harness.secrets.add('refresh token', refreshToken);
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const answer = await fetch(`${base}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    expect(answer.status, `${path}: ${answer.status}`).toBeLessThan(300);
    return (await answer.json()) as T;
  };
  return call;
}

/** Polls `read` until `isDone` holds of its answer (15 s at most). */
async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The rows of the clients list the page shows, by the client's full name. */
const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Clients' }).locator('tbody tr[data-kind="data"]', {
    hasText: name,
  });

/** The silent clients whose reasons their device alone can clear: no low indicator among them. */
function silentClients(list: ClientSummaryList): ClientSummary[] {
  const now = new Date(list.generatedAt);
  return list.clients.filter((row) => {
    const { category, reasons } = attentionOf(row, now);
    return (
      category === 'noData' &&
      row.email !== demoClient.email &&
      reasons.every((each) => each.kind === 'noData' || each.kind === 'lowEngagement')
    );
  });
}

describe('acting on attention', () => {
  it("a note and tomorrow's follow-up on a client who needs attention; the next morning's mail and list flag it; the client's data ends the episode with the time to the first action; the list's 30-day figures agree", async () => {
    const product = e2e.product();
    const asCoach = await apiAs(e2e, coach);
    // The sweep of the product's start opened the silent clients' episodes. A client who already
    // needed attention when the run's template was made (at some hours of the day, one whose
    // daily sync comes later is silent for 24 h) has an episode from then: the target is one whose
    // episode began at this start, at t1.
    const candidates = silentClients(await asCoach<ClientSummaryList>('/api/analytics/clients'));
    let target: ClientSummary | undefined;
    for (const candidate of candidates) {
      const opened = await until(
        () =>
          asCoach<AttentionEpisodeList>(`/api/analytics/clients/${candidate.clientId}/episodes`),
        ({ items }) => items.some((episode) => episode.endedAt === null),
      );
      expect(opened.items[0]).toMatchObject({ endedAt: null, firstActionAt: null });
      if (opened.items[0]?.startedAt === t1.toISOString()) {
        target = candidate;
        break;
      }
    }
    if (!target) throw new Error('No silent client in the demo list began needing attention at t1');
    const name = fullName(target);
    const episodesPath = `/api/analytics/clients/${target.clientId}/episodes`;

    // The coach writes a note with a follow-up for tomorrow, on the profile.
    const page = await e2e.newPage();
    await signInAsCoach(page);
    await page.goto(`/clients/${target.clientId}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'New note' }).fill('Called: back from holiday soon.');
    const notes = page.locator('form', { has: page.getByRole('textbox', { name: 'New note' }) });
    // Chakra's checkbox: its label takes the click (the input itself is visually hidden).
    await notes.getByText('Check in again on…', { exact: true }).click();
    expect(await notes.getByRole('checkbox', { name: 'Check in again on…' }).isChecked()).toBe(
      true,
    );
    await notes.getByLabel('Check in again on', { exact: true }).fill(tomorrow);
    await notes.getByLabel('Reason').fill(reason);
    await notes.getByRole('button', { name: 'Save note' }).click();
    const followUp = page.getByRole('region', { name: 'Follow-up' });
    await followUp.getByText(new RegExp(`${reason}$`)).waitFor();
    expect(await followUp.getByText('Due', { exact: true }).count()).toBe(0);
    await page
      .getByRole('region', { name: /Notes and history/ })
      .getByText('Called: back from holiday soon.')
      .waitFor();

    // The note is the episode's first action.
    const acted = await until(
      () => asCoach<AttentionEpisodeList>(episodesPath),
      ({ items }) => items[0]?.firstActionKind === 'note',
    );
    expect(acted.items[0]).toMatchObject({
      firstActionKind: 'note',
      firstActionAt: t1.toISOString(),
    });

    // Today the list shows no follow-up due.
    await page.goto('/clients');
    await rowOf(page, name).waitFor();
    expect(await rowOf(page, name).getByText('Follow-up due').count()).toBe(0);
    await page.getByRole('button', { name: 'Follow-up due (0)' }).waitFor();

    // The next morning: the mail lists the follow-up with its reason.
    const mailsBefore = (await product.mail.received()).length;
    await product.restart(t2);
    const mail = await product.mail.waitForMailTo(coach.email, mailsBefore, 60_000);
    expect(mail.text).toContain(`${name}: ${reason}`);
    expect(mail.text).toMatch(/follow-up/i);

    // The list flags it.
    const morning = await e2e.newPage();
    await signInAsCoach(morning);
    await rowOf(morning, name).getByText('Follow-up due').waitFor();
    await morning.getByRole('button', { name: 'Follow-up due (1)' }).waitFor();

    // The client's device sends three hours of app use that ended a minute ago.
    const asClient = await apiAs(e2e, { email: target.email, password: demoClient.password });
    const accepted = await asClient<{ accepted: { sessions: number } }>(
      '/api/device-metrics/batches',
      {
        method: 'POST',
        body: JSON.stringify({
          sessions: [
            {
              id: randomUUID(),
              startedAt: new Date(t2.getTime() - 3 * hourMs - 60_000).toISOString(),
              endedAt: new Date(t2.getTime() - 60_000).toISOString(),
            },
          ],
        }),
      },
    );
    expect(accepted.accepted.sessions).toBe(1);
    const asCoachAgain = await apiAs(e2e, coach);
    const ended = await until(
      () => asCoachAgain<AttentionEpisodeList>(episodesPath),
      ({ items }) => items[0]?.endedAt !== null,
    );
    expect(ended.items[0]).toMatchObject({ endedAt: t2.toISOString(), firstActionKind: 'note' });

    // The profile tells it: the first action right away, the end some hours after it.
    const after = episodeSpan(t2.getTime() - t1.getTime());
    expect(after.unit).toBe('hours');
    const ending =
      (ended.items[0]?.reasons.length ?? 0) === 1
        ? 'back in the app'
        : 'no longer needing attention';
    await morning.goto(`/clients/${target.clientId}`);
    // The overview shows the attention history on request (its own call).
    await morning.getByRole('button', { name: 'Show the attention history' }).click();
    await morning
      .getByRole('region', { name: 'Attention history' })
      .getByText(`you noted after 0 min · ${ending} ${after.count} h later`, { exact: false })
      .waitFor();

    // The list's 30-day figures are the domain's figures over the coach's episodes.
    const list = await until(
      () => asCoachAgain<ClientSummaryList>('/api/analytics/clients'),
      (answer) => (answer.attentionFigures?.endedAfterAction ?? 0) >= 1,
    );
    const figures = list.attentionFigures;
    if (!figures) throw new Error('The clients list came without the attention figures');
    const all: AttentionEpisode[] = [];
    for (const row of list.clients) {
      const { items } = await asCoachAgain<AttentionEpisodeList>(
        `/api/analytics/clients/${row.clientId}/episodes`,
      );
      all.push(...items);
    }
    const { keptAt, days, ...kept } = figures;
    expect(days).toBe(30);
    expect(kept).toEqual(episodeFigures(all, new Date(keptAt ?? '')));
    console.info(`attention figures at the next morning: ${JSON.stringify(kept)}`);
    await morning.goto('/clients');
    const line = morning.getByTestId('attention-figures');
    await line
      .getByText(`${kept.episodes} times a client needed attention`, { exact: false })
      .waitFor();
    await line
      .getByText(
        `${kept.endedAfterAction} ended within 7 days of your action, ${kept.endedWithoutAction} without one`,
        { exact: false },
      )
      .waitFor();
  }, 180_000);
});
