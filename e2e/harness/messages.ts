import { randomBytes, randomUUID } from 'node:crypto';
import type {
  ClientSummary,
  ClientSummaryList,
  MessageList,
  MessagesRead,
  QuickReplies,
  ThreadMessage,
  UnreadCounts,
} from '@coach/api';
import { messagingLimits } from '@coach/domain';
import type { Locator, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import type { E2e } from './browser.ts';
import { coach, client as demoClient, pathOf, signInAsCoach } from './coach.ts';
import { streamOpened } from './liveFigures.ts';

// The messages' end-to-end journey, with one product process or several: the coach keeps a quick
// reply, sends it to a client who needs attention from their profile, the client is mailed
// (without the text), reads and answers through the API, and the answer reaches the coach's open
// profile and open clients list live; reading it clears the list's count live.

/**
 * How long to wait for a live change to show, from the write's acknowledgment: a hang guard, as
 * in the live figures' files (decision 112). How soon it comes is the bench's figure
 * (`bench/live-streams.ts`); the times seen here are returned for the test to print.
 */
const liveWithinMs = 10_000;

/** An API session from Node: the base address it calls and its access token. */
type Session = { baseUrl: string; token: string };

/** Signs in through the API from Node (the tokens kept out of the logs). */
async function apiSignIn(
  e2e: E2e,
  baseUrl: string,
  account: { email: string; password: string },
): Promise<Session> {
  const answer = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(answer.status).toBe(200);
  const { accessToken, refreshToken } = (await answer.json()) as {
    accessToken: string;
    refreshToken: string;
  };
  e2e.secrets.add('access token', accessToken);
  e2e.secrets.add('refresh token', refreshToken);
  return { baseUrl, token: accessToken };
}

/** A call of the API with a session's token: the answer's status and body. */
async function apiCall<T>(
  session: Session,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const answer = await fetch(`${session.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: answer.status, body: (await answer.json()) as T };
}

/** The demo client's row of the coach's list (their person id and name). */
async function demoClientSummary(coachSession: Session): Promise<ClientSummary> {
  const list = await apiCall<ClientSummaryList>(coachSession, 'GET', '/analytics/clients');
  expect(list.status).toBe(200);
  const summary = list.body.clients.find((candidate) => candidate.email === demoClient.email);
  if (!summary) throw new Error('The demo client is not in the demo coach’s list');
  return summary;
}

/**
 * Polls `check` until it holds, `limitMs` at most from `since` (a `performance.now()`), and
 * answers how long after `since` it was seen to hold (when the check that saw it ended: an upper
 * bound); fails naming `what` otherwise.
 */
async function shownWithin(
  what: string,
  since: number,
  limitMs: number,
  check: () => Promise<boolean>,
): Promise<number> {
  for (;;) {
    const holds = await check();
    const seenAt = performance.now() - since;
    if (holds) return seenAt;
    if (seenAt > limitMs) {
      throw new Error(`${what}: not shown within ${limitMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `text` matched as itself in a regular expression. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a locator matches exactly `count` elements, now. */
const counts = async (locator: Locator, count: number) => (await locator.count()) === count;

/** The accessible name of the navigation's 'My clients' link with `total` unread messages. */
const myClientsName = (total: number) =>
  total === 0 ? 'My clients' : `My clients ${total} unread ${total === 1 ? 'message' : 'messages'}`;

/** Words of 'N unread message(s)'. */
const unreadWords = (count: number) => `${count} unread ${count === 1 ? 'message' : 'messages'}`;

/** The clients list's row of the demo client on `page`, and its Messages cell. */
async function demoClientRow(page: Page) {
  const table = page.getByRole('table', { name: 'Clients' });
  const row = table.locator('tbody tr[data-kind="data"]').filter({ hasText: demoClient.email });
  await row.waitFor();
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const messagesColumn = headers.findIndex((header) => header.startsWith('Messages'));
  expect(messagesColumn).toBeGreaterThan(-1);
  return { row, messagesCell: row.locator('td').nth(messagesColumn) };
}

/** Marks the page (not kept by a reload): `stillLoaded` answers whether it is the same page. */
async function markLoaded(page: Page) {
  await page.evaluate(() => Reflect.set(window, 'e2eNotReloaded', true));
  return async () => (await page.evaluate(() => Reflect.get(window, 'e2eNotReloaded'))) === true;
}

/** The times of the journey's live changes, in ms. */
export type MessagesTimes = {
  /** From the client's acknowledged answer to the answer on the coach's open profile. */
  answerOnProfile: number;
  /** From the client's acknowledged answer to the count on the coach's open clients list. */
  countOnList: number;
  /** From the profile's marking read (its request let through) to the list's count cleared. */
  countCleared: number;
};

/**
 * The messages' journey in Chromium against the product: the coach's screens on its first
 * process, the client's calls (sign-in, thread, marking read, answer) through `clientApiUrl` (the
 * same process, or another: the live event then crosses processes). Answers the times measured.
 */
export async function expectMessagesJourney(
  e2e: E2e,
  clientApiUrl: string,
): Promise<MessagesTimes> {
  const product = e2e.product();
  const coachSession = await apiSignIn(e2e, product.url, coach);
  const summary = await demoClientSummary(coachSession);
  const { clientId, firstName } = summary;
  const clientName = `${firstName} ${summary.lastName}`;
  const mark = randomBytes(3).toString('hex');

  // 1. The coach keeps a quick reply with the client's first name (after the ones they had).
  const quickReply = `Hi {firstName}, does Thursday at 6 suit you? (${mark})`;
  const filled = quickReply.replace('{firstName}', firstName);
  const kept = await apiCall<QuickReplies>(coachSession, 'GET', '/messaging/quickReplies');
  expect(kept.status).toBe(200);
  const saved = await apiCall<QuickReplies>(coachSession, 'PUT', '/messaging/quickReplies', {
    items: [
      ...kept.body.items.slice(0, messagingLimits.quickRepliesMax - 1),
      { id: randomUUID(), text: quickReply },
    ],
  });
  expect(saved.status).toBe(200);
  expect(saved.body.items.map((item) => item.text)).toContain(quickReply);

  // 2. The coach opens the client from the list of who needs attention (their unread messages).
  const profile = await e2e.newPage();
  const profileStream = streamOpened(profile);
  await signInAsCoach(profile);
  await profileStream;
  await profile.getByRole('button', { name: 'Needs attention only' }).click();
  await profile.getByRole('button', { name: 'Needs attention only', pressed: true }).waitFor();
  await profile.getByRole('searchbox', { name: 'Search' }).fill(summary.lastName);
  const { row: attentionRow } = await demoClientRow(profile);
  const unreadBefore = summary.unreadMessages;
  expect(unreadBefore).toBeGreaterThan(0);
  // The badge by the name says them.
  await attentionRow
    .locator(`[data-unread="${unreadBefore}"]`)
    .getByText(unreadWords(unreadBefore), { exact: true })
    .waitFor();
  // Opening the thread marks the client's messages read.
  const openedRead = profile.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `/api/messaging/clients/${clientId}/messages/read`,
  );
  await attentionRow.getByText(clientName, { exact: true }).click();
  await profile.getByRole('heading', { name: clientName, level: 1 }).waitFor();
  expect(pathOf(profile)).toBe(`/clients/${clientId}`);
  expect((await openedRead).status()).toBe(200);
  const stillLoaded = await markLoaded(profile);

  const thread = profile.getByRole('log', { name: `Messages with ${clientName}` });
  await thread.waitFor();
  const composer = profile.getByRole('textbox', { name: `Message to ${clientName}` });
  await profile.getByRole('button', { name: 'Insert quick reply' }).click();
  await profile.getByRole('menuitem', { name: filled, exact: true }).click();
  // The client's first name in place of {firstName}.
  await expect.poll(() => composer.inputValue()).toBe(filled);
  expect(await composer.inputValue()).not.toContain('{firstName}');
  const mailsBefore = (await product.mail.received()).length;
  const coachSent = profile.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `/api/messaging/clients/${clientId}/messages` &&
      response.request().method() === 'POST',
  );
  await profile.getByRole('button', { name: 'Send', exact: true }).click();
  expect((await coachSent).status()).toBe(201);
  const ownMessage = thread.getByRole('article', { name: /^You / }).filter({ hasText: filled });
  await ownMessage.getByText('Sent', { exact: true }).waitFor();
  await expect.poll(() => composer.inputValue()).toBe('');

  // 3. The client is mailed that their coach wrote, without the text.
  const mail = await product.mail.waitForMailTo(demoClient.email, mailsBefore);
  expect(mail.subject).toBe('Your coach sent you a message');
  expect(mail.text).toMatch(/sent you a message in Coach/);
  for (const part of [mail.subject, mail.text, mail.parts.plain ?? '', mail.parts.html ?? '']) {
    expect(part).not.toContain(filled);
    expect(part).not.toContain(mark);
    expect(part).not.toContain('Thursday');
  }

  // The client, with their own session: reads the thread (the coach's message, unread) and marks
  // it read; the coach's profile says it was read.
  const clientSession = await apiSignIn(e2e, clientApiUrl, demoClient);
  const threadPath = `/messaging/clients/${clientId}/messages`;
  const clientThread = await apiCall<MessageList>(clientSession, 'GET', threadPath);
  expect(clientThread.status).toBe(200);
  const [newest] = clientThread.body.items;
  expect(newest).toMatchObject({ author: 'coach', text: filled, readAt: null });
  expect(clientThread.body.unread).toBe(1);
  const clientRead = await apiCall<MessagesRead>(clientSession, 'POST', `${threadPath}/read`, {
    upTo: newest?.id,
  });
  expect(clientRead).toEqual({ status: 200, body: { unread: 0 } });
  await ownMessage.getByText('Read', { exact: true }).waitFor();

  // 4. A second tab of the coach's (the same session) on the clients list, open before the answer:
  // no unread message of the client's (the profile read them), the menu's total of the others.
  const list = await profile.context().newPage();
  const listStream = streamOpened(list);
  await list.goto(`/clients?q=${encodeURIComponent(summary.lastName)}`);
  await listStream;
  const { row, messagesCell } = await demoClientRow(list);
  const listStillLoaded = await markLoaded(list);
  await messagesCell.getByText(unreadWords(0), { exact: true }).waitFor();
  expect(await row.locator('[data-unread]').count()).toBe(0);
  const others = await apiCall<UnreadCounts>(coachSession, 'GET', '/messaging/unread');
  expect(others.status).toBe(200);
  expect(others.body.clients.map((each) => each.clientId)).not.toContain(clientId);
  const total = others.body.total;
  const myClients = (page: Page, unread: number) =>
    page.getByRole('link', { name: myClientsName(unread), exact: true });
  await myClients(list, total).waitFor();

  // The profile tab marks the answer read as soon as it shows it: its request is held until the
  // list has shown the count, then let through (the coach reading it).
  let requested: () => void = () => {};
  const readRequested = new Promise<void>((resolve) => {
    requested = resolve;
  });
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const holdRead = async (route: Route) => {
    requested();
    await released;
    await route.continue();
  };
  const readPattern = `**/api/messaging/clients/${clientId}/messages/read`;
  await profile.route(readPattern, holdRead);

  // The client answers.
  const answer = `Thursday at 6 works for me. (${mark})`;
  const answered = await apiCall<ThreadMessage>(clientSession, 'POST', threadPath, {
    id: randomUUID(),
    text: answer,
  });
  const acknowledged = performance.now();
  expect(answered.status).toBe(201);
  expect(answered.body).toMatchObject({ author: 'client', text: answer });

  // Without a reload: the answer on the profile, the count on the list and its menu.
  const fromClient = new RegExp(`^${escapeRegExp(clientName)} `);
  const answerMessage = thread
    .getByRole('article', { name: fromClient })
    .filter({ hasText: answer });
  const [answerOnProfile, countOnList] = await Promise.all([
    shownWithin('The answer on the open profile', acknowledged, liveWithinMs, () =>
      counts(answerMessage, 1),
    ),
    shownWithin('The unread count on the open clients list', acknowledged, liveWithinMs, async () =>
      (
        await Promise.all([
          counts(messagesCell.getByText(unreadWords(1), { exact: true }), 1),
          counts(row.locator('[data-unread="1"]').getByText(unreadWords(1), { exact: true }), 1),
          counts(myClients(list, total + 1), 1),
        ])
      ).every(Boolean),
    ),
  ]);

  // 5. The profile tab, showing an unread message, marks it read: the list's count clears,
  // without a reload.
  await Promise.race([
    readRequested,
    new Promise((_, reject) =>
      setTimeout(
        () => reject(new Error('The profile did not mark the shown answer read within 5 s')),
        5000,
      ),
    ),
  ]);
  const coachRead = profile.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `/api/messaging/clients/${clientId}/messages/read`,
  );
  const readAt = performance.now();
  release();
  expect((await coachRead).status()).toBe(200);
  const countCleared = await shownWithin(
    'The cleared count on the open clients list',
    readAt,
    liveWithinMs,
    async () =>
      (
        await Promise.all([
          counts(messagesCell.getByText(unreadWords(0), { exact: true }), 1),
          counts(row.locator('[data-unread]'), 0),
          counts(myClients(list, total), 1),
        ])
      ).every(Boolean),
  );
  await profile.unroute(readPattern, holdRead);

  // Neither tab was reloaded, and the profile is where it was.
  expect(await stillLoaded()).toBe(true);
  expect(await listStillLoaded()).toBe(true);
  expect(pathOf(profile)).toBe(`/clients/${clientId}`);
  expect(pathOf(list)).toBe('/clients');
  const after = await apiCall<UnreadCounts>(coachSession, 'GET', '/messaging/unread');
  expect(after.body.total).toBe(total);
  return { answerOnProfile, countOnList, countCleared };
}
