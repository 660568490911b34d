import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../packages/server/test/pdfText.ts';
import { setUpE2e } from './harness/browser.ts';
import { coach, pathOf, signIn } from './harness/coach.ts';

// Hostile input in names and notes: clients created through the real API, by invite
// acceptance, with markup, SQL, bidirectional controls, 250 emoji and i18n placeholders in their
// names are stored as typed and shown as text everywhere the coach meets them: the list, the
// profile, the breadcrumb and the report's PDF. Nothing runs, no element comes out of a name.
// Its own product: it adds clients (and leaves an invite pending) that the list of a shared
// product would show, and counts the clients.
const e2e = setUpE2e();

const password = 'Hostile2026!';

/** Names as a hostile or unusual client would type them. */
const names = {
  markup: { firstName: '<img src=x onerror=alert(1)>', lastName: '<script>alert(2)</script>' },
  sql: { firstName: "Robert'); DROP TABLE persons;--", lastName: "' OR '1'='1" },
  // A right-to-left mark around Hebrew, and a right-to-left override left open (shows 'exe.jpg').
  bidi: { firstName: '\u200fדנה\u200f', lastName: 'Levi\u202egpj.exe' },
  emoji: { firstName: '😀'.repeat(250), lastName: 'Emoji' },
  placeholders: { firstName: '{{coachName}}', lastName: '$t(profile.title) %s' },
} as const;

type Name = { firstName: string; lastName: string };

const fullName = ({ firstName, lastName }: Name) => `${firstName} ${lastName}`;

/** Calls the product's API from the page, as the app does; answers the status and JSON body. */
async function callApi(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  accessToken?: string | null,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path, body, accessToken }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body, accessToken },
  );
}

type ClientSummary = Name & { email: string };

/** Signs the demo coach in through the API from a page of the product: the access token. */
async function apiSignIn(page: Page): Promise<string> {
  await page.goto('/');
  const login = await callApi(page, 'POST', '/auth/login', coach);
  expect(login.status).toBe(200);
  return (login.body as { accessToken: string }).accessToken;
}

/** The coach's clients as the API lists them. */
async function listClients(page: Page, accessToken: string): Promise<ClientSummary[]> {
  const list = await callApi(page, 'GET', '/analytics/clients', undefined, accessToken);
  expect(list.status).toBe(200);
  return (list.body as { clients: ClientSummary[] }).clients;
}

/** Invites `email` as the signed-in coach and answers the token of the link mailed to it. */
async function invite(page: Page, accessToken: string, email: string): Promise<string> {
  const created = await callApi(page, 'POST', '/auth/invites', { email }, accessToken);
  expect(created.status).toBe(201);
  const sent = await e2e.product().mail.waitForMailTo(email);
  const token = /\/invite\?token=([\w-]+)/.exec(sent.text)?.[1];
  if (!token) throw new Error(`The invite mail to ${email} holds no link`);
  return token;
}

/**
 * Everything on the page that would show a name turned into markup: elements the payloads would
 * create, inline handlers, and whether a dialog opened or the 'x' picture was asked for.
 */
function watchForInjection(page: Page) {
  const dialogs: string[] = [];
  const requests: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('/x')) requests.push(path);
  });
  return async () => {
    const injected = await page.evaluate(() =>
      [...document.querySelectorAll('img[src="x"], [onerror], body script:not([src])')].map(
        (element) => element.outerHTML,
      ),
    );
    return { dialogs, requests, injected };
  };
}

const nothingInjected = { dialogs: [], requests: [], injected: [] };

const clientsTable = (page: Page) => page.getByRole('table', { name: 'Clients' });

/** The full names of the rows shown (a name cell's first paragraph), once the table has loaded. */
async function rowNames(page: Page): Promise<string[]> {
  await page.waitForFunction(() => {
    const table = document.querySelector('table[aria-label="Clients"]');
    return table !== null && !table.hasAttribute('aria-busy');
  });
  return clientsTable(page)
    .locator('tbody tr[data-kind="data"]')
    .evaluateAll((rows) =>
      rows.map(
        (row) => (row as HTMLTableRowElement).cells[0]?.querySelector('p')?.textContent ?? '',
      ),
    );
}

/**
 * Signs the demo coach in through the app and waits for 'My clients' (up to 30 s: a sign-in
 * hashes the password, and the runner's 2 cores are busy).
 */
async function signInToApp(page: Page) {
  await signIn(page, coach);
  await page.getByRole('heading', { name: 'My clients', level: 1 }).waitFor({ timeout: 30_000 });
}

/** Goes to 'My clients' through the menu (no reload), unless already there. */
async function goToClients(page: Page) {
  if (pathOf(page) === '/clients') return;
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My clients' })
    .click();
  await page.waitForURL(/\/clients$/);
}

/** Finds the client on 'My clients' by a search for `query`, checks the row and opens it. */
async function openFromList(page: Page, name: string, query: string) {
  await goToClients(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(query);
  await expect.poll(() => rowNames(page), { timeout: 15_000 }).toContain(name);
  await clientsTable(page)
    .locator('tbody tr[data-kind="data"]')
    .filter({ has: page.locator('p', { hasText: query }) })
    .first()
    .click();
  await page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
}

/** Checks that the profile's heading is the name, as text, and the breadcrumb ends with it. */
async function expectProfileOf(page: Page, name: string) {
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
    .toBe(name);
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  expect(await breadcrumb.textContent()).toMatch(new RegExp(`${escapeRegExp(name)}$`));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('hostile names', () => {
  it('shows a client named <img src=x onerror=alert(1)> as text in the list, the profile, the breadcrumb and the report, and nothing runs', async () => {
    const coachPage = await e2e.newPage();
    const injection = watchForInjection(coachPage);
    const accessToken = await apiSignIn(coachPage);
    const email = 'markup@example.com';
    const token = await invite(coachPage, accessToken, email);

    // The invitee types the markup as their name on the invite page.
    const page = await e2e.newPage({ timezoneId: 'Europe/Paris' });
    const inviteeInjection = watchForInjection(page);
    await page.goto(`/invite?token=${token}`);
    await page.getByRole('heading', { name: 'Join Coach' }).waitFor();
    await page.getByLabel('First name').fill(names.markup.firstName);
    await page.getByLabel('Last name').fill(names.markup.lastName);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Your account is ready' }).waitFor();
    expect(await inviteeInjection()).toEqual(nothingInjected);

    // Stored as typed.
    const clients = await listClients(coachPage, accessToken);
    expect(clients.find((client) => client.email === email)).toMatchObject(names.markup);

    await signInToApp(coachPage);
    // The list, the profile's heading and the breadcrumb show it as text.
    const name = fullName(names.markup);
    await openFromList(coachPage, name, '<script>');
    await expectProfileOf(coachPage, name);

    // The report: notes with payloads too; the PDF holds the name and the notes as text.
    const notes = {
      'Mental wellbeing': '<img src=x onerror=alert(3)> is a name, not a picture.',
      'Physical wellbeing': "'); DELETE FROM reports; -- stays a note.",
      Productivity: '{{name}} and $t(profile.title) stay as typed.',
      'Final comments from coach': 'Ready for more: <b>bold</b> stays plain.',
    };
    await coachPage.getByRole('button', { name: 'Generate report' }).click();
    const dialog = coachPage.getByRole('dialog', { name: 'Generate report' });
    for (const [label, text] of Object.entries(notes)) {
      await dialog.getByLabel(label, { exact: true }).fill(text);
    }
    const download = coachPage.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^report-img-src-x-onerror-alert-1-script-alert-2-script-\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const text = (await pdfPageTexts(new Uint8Array(Buffer.concat(chunks)))).join(' ');
    expect(text).toContain(name);
    for (const note of Object.values(notes)) expect(text).toContain(note);

    // Nowhere did the name become markup, a script or a request for the 'x' picture: the
    // profile's Reports group (one group shown at a time) lists the report with the name too.
    await coachPage
      .getByRole('navigation', { name: "The client's record" })
      .getByRole('link', { name: 'Reports' })
      .click();
    await coachPage.getByRole('heading', { name: 'Reports' }).waitFor();
    expect(await injection()).toEqual(nothingInjected);
  }, 120_000);

  it('stores SQL, right-to-left marks, 250 emoji and i18n placeholders as typed and shows them literally', async () => {
    const coachPage = await e2e.newPage();
    const injection = watchForInjection(coachPage);
    const accessToken = await apiSignIn(coachPage);
    const before = await listClients(coachPage, accessToken);

    const cases = [
      { email: 'sql@example.com', name: names.sql, query: 'DROP TABLE' },
      { email: 'bidi@example.com', name: names.bidi, query: 'Levi' },
      { email: 'emoji@example.com', name: names.emoji, query: 'Emoji' },
      { email: 'placeholders@example.com', name: names.placeholders, query: '$t(' },
    ];
    for (const { email, name } of cases) {
      const token = await invite(coachPage, accessToken, email);
      const accepted = await callApi(coachPage, 'POST', '/auth/invites/accept', {
        token,
        password,
        ...name,
      });
      expect(accepted.status, `${email}: ${JSON.stringify(accepted.body)}`).toBe(200);
    }
    const clients = await listClients(coachPage, accessToken);
    for (const { email, name } of cases) {
      expect(clients.find((client) => client.email === email)).toMatchObject(name);
    }
    // The SQL did nothing but name a client: every other client is still there.
    expect(clients.length).toBe(before.length + cases.length);

    await signInToApp(coachPage);
    await coachPage.getByText(`${clients.length} of ${clients.length} clients`).waitFor();
    for (const { name, query } of cases) {
      await openFromList(coachPage, fullName(name), query);
      await expectProfileOf(coachPage, fullName(name));
    }
    expect(await injection()).toEqual(nothingInjected);
  }, 120_000);

  it('refuses a name with a NUL or a lone surrogate with a 400 naming the field, and the invite stays usable', async () => {
    const coachPage = await e2e.newPage();
    const token = await invite(coachPage, await apiSignIn(coachPage), 'refused@example.com');
    const anonymous = await e2e.newPage();
    await anonymous.goto('/');

    const refusals = [
      { field: 'firstName', name: { firstName: 'Nul\u0000l', lastName: 'Byte' } },
      { field: 'lastName', name: { firstName: 'Lone', lastName: 'Half\ud800' } },
    ];
    for (const { field, name } of refusals) {
      const answer = await callApi(anonymous, 'POST', '/auth/invites/accept', {
        token,
        password,
        ...name,
      });
      expect(answer).toEqual({
        status: 400,
        body: expect.objectContaining({
          message: `${field} contains characters that are not allowed`,
        }),
      });
    }
    // Nothing was stored: the link still works, for the same address.
    const check = await callApi(anonymous, 'POST', '/auth/invites/check', { token });
    expect(check).toMatchObject({ status: 200, body: { email: 'refused@example.com' } });
  });
});
