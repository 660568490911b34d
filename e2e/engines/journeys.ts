import { describe, expect, it } from 'vitest';
import { coach } from '../harness/coach.ts';
import { demoClientSummary, postUsageBatch } from '../harness/liveFigures.ts';
import type { Engine } from './engine.ts';
import { type EngineE2e, setUpEngine } from './harness.ts';
import type { Query } from './inPage.ts';
import { type Screen, waitUntil } from './screen.ts';

// The coach's main journeys in an engine other than chromium, written once for every engine (see
// engine.ts): the same steps as e2e/session, clients, clientProfile and settings.test.ts, with
// fewer details, so that what differs between the engines (events, focus, layout, storage) shows.
// Each engine's file has a product of its own (the settings journey renames the demo coach).

const signInHeading: Query = { role: 'heading', name: 'Sign in', level: 1 };
const clientsHeading: Query = { role: 'heading', name: 'My clients', level: 1 };
const clientsTable: Query = { role: 'table', name: 'Clients' };
const mainMenu: Query = { role: 'navigation', name: 'Main' };
const inviteButton = { role: 'button', name: 'Invite client' } satisfies Query;
/** More Tabs than the clients screen has stops before its table's rows. */
const tabsAtMost = 40;
/** How long a device batch may take to show on an open profile (e2e/liveFigures.test.ts: 2 s). */
const liveWithinMs = 10_000;

/** Signs in as the demo coach from the sign-in screen and waits for 'My clients'. */
export async function signInAsCoach(screen: Screen, e2e: EngineE2e) {
  await screen.goto('/');
  await screen.waitFor(signInHeading);
  await screen.fill({ label: 'Email' }, coach.email);
  await screen.fill({ label: 'Password' }, coach.password);
  await screen.click({ role: 'button', name: 'Sign in' });
  await screen.waitFor(clientsHeading);
  // The tokens the app keeps: the server's output must hold neither (harness.ts).
  const tokens = await screen.page.evaluate(() => [
    localStorage.getItem('accessToken'),
    localStorage.getItem('refreshToken'),
  ]);
  for (const token of tokens) e2e.secrets.add('token of the signed-in app', token);
}

/** The clients table once its figures have loaded (no longer busy, a client's row shown). */
export async function loadedClients(screen: Screen) {
  await screen.waitFor(clientsTable);
  await waitUntil(
    'the clients table to load',
    async () => (await screen.attribute(clientsTable, 'aria-busy')) === null,
  );
  await screen.waitFor({ role: 'img', within: clientsTable });
}

/**
 * A dialog open with the focus inside closes with Escape and gives the focus back to `returnTo`.
 * `shown` is a part of the dialog that says it has rendered; the dialog is still (its opening
 * animation over) before Escape is pressed.
 */
async function closesWithEscape(
  screen: Screen,
  dialog: Query,
  shown: Query,
  { name, returnTo }: { name: string; returnTo: Query & { name: string } },
) {
  await screen.waitFor({ ...shown, within: dialog });
  await waitUntil(`the focus in ${name}`, () => screen.hasFocusWithin(dialog));
  await screen.waitForStill(dialog);
  await screen.press('Escape');
  await screen.waitForGone(dialog);
  await waitUntil(`the focus back on ${returnTo.name}`, () => screen.isFocused(returnTo));
}

/**
 * The clients the table shows, in order: each row's picture is named after its client (a person
 * icon named so when there is no picture).
 */
const shownClients = (screen: Screen) => screen.names({ role: 'img', within: clientsTable });

/** 'Maya Lindqvist' -> 'Lindqvist Maya': 'Name/Surname' sorts by surname, then first name. */
const surnameFirst = (name: string) => name.split(' ').reverse().join(' ');
const collator = new Intl.Collator('en-US', { sensitivity: 'base' });
const bySurname = (a: string, b: string) => collator.compare(surnameFirst(a), surnameFirst(b));

/** The coach's main journeys in `engine`. */
export function describeJourneys(name: string, launch: () => Promise<Engine>) {
  const e2e = setUpEngine(launch);

  describe(`${name}: the coach's main journeys`, () => {
    it('signs in as the demo coach to My clients', async () => {
      const screen = await e2e.newScreen();
      await signInAsCoach(screen, e2e);
      expect(await screen.path()).toBe('/clients');
      // 'My clients' with the count of unread messages beside it.
      await screen.waitFor({ role: 'link', nameMatches: '^My clients', within: mainMenu });
      await screen.waitFor({ role: 'link', name: 'Settings', within: mainMenu });
    });

    it('lists the clients and sorts them by the Name/Surname header, both ways', async () => {
      const screen = await e2e.newScreen();
      await signInAsCoach(screen, e2e);
      await loadedClients(screen);
      const count = await screen.text({ textMatches: '^[\\d,]+ of [\\d,]+ clients$' });
      const [shown, of] = (count?.match(/[\d,]+/g) ?? []).map((figure) =>
        Number(figure.replaceAll(',', '')),
      );
      expect(shown).toBe(of);
      expect(shown).toBeGreaterThan(5);

      const nameHeader: Query = {
        role: 'columnheader',
        nameMatches: '^Name/Surname',
        within: clientsTable,
      };
      const sortByName: Query = {
        role: 'button',
        nameMatches: '^Name/Surname',
        within: nameHeader,
      };
      await screen.click(sortByName);
      await waitUntil(
        'an ascending sort',
        async () => (await screen.attribute(nameHeader, 'aria-sort')) === 'ascending',
      );
      const ascending = await shownClients(screen);
      expect(ascending.length).toBeGreaterThan(5);
      expect(ascending).toEqual([...ascending].sort(bySurname));

      await screen.click(sortByName);
      await waitUntil(
        'a descending sort',
        async () => (await screen.attribute(nameHeader, 'aria-sort')) === 'descending',
      );
      const descending = await shownClients(screen);
      expect(descending).toEqual([...descending].sort(bySurname).reverse());
      expect(descending[0]).not.toBe(ascending[0]);
    });

    it("opens a client's profile with its chart of indicators, read from the keyboard", async () => {
      const screen = await e2e.newScreen();
      await signInAsCoach(screen, e2e);
      await loadedClients(screen);
      // A client with figures (a percentage in their row): their chart has days with data.
      const withFigures: Query = {
        role: 'img',
        within: { role: 'row', hasText: '\\d+%', within: clientsTable },
      };
      const [client] = await screen.names(withFigures);
      expect(client).toBeTruthy();
      await screen.click(withFigures);
      await screen.waitFor({ role: 'heading', name: client, level: 1 });
      expect(await screen.path()).toMatch(/^\/clients\/[0-9a-f-]{36}$/);

      // The charts are in the record's Indicators group, named in the address.
      await screen.click({
        role: 'link',
        name: 'Indicators',
        within: { role: 'navigation', name: "The client's record" },
      });
      await waitUntil('the Indicators group', async () =>
        /^\/clients\/[0-9a-f-]{36}\/indicators$/.test(await screen.path()),
      );
      await screen.waitFor({ role: 'heading', name: 'Indicators per day', level: 2 });
      const chart: Query = { role: 'group', nameMatches: '^Indicators per day, .+ to .+$' };
      await screen.waitFor(chart);
      const [chartName] = await screen.names(chart);
      const lastDay = /, .+ to (.+)$/.exec(chartName ?? '')?.[1] ?? '';
      expect(lastDay).not.toBe('');
      await screen.waitFor({ textMatches: '^\\d+ of \\d+ days with data$' });

      // The arrow keys and End move through the days: the last one is announced.
      await screen.click(chart);
      await screen.press('End');
      const announced = await waitUntil('the last day announced', async () => {
        const text = await screen.text({ role: 'status', within: chart });
        return text?.startsWith(lastDay) ? text : undefined;
      });
      expect(announced).toMatch(/\d+%|No data/);

      // The same figures as a table, captioned as the chart is named.
      await screen.click({ role: 'button', name: 'Show as table' });
      await screen.waitFor({ role: 'table', name: chartName });
    });

    it("shows a client's new figures on their open profile as their device sends them, without a reload", async () => {
      const { url } = e2e.product();
      const { clientId } = await demoClientSummary(e2e, url);
      const screen = await e2e.newScreen();
      await signInAsCoach(screen, e2e);
      await screen.goto(`/clients/${clientId}`);
      const engagement: Query = { role: 'region', name: 'Engagement (48h)' };
      const before = await waitUntil('the engagement figures', async () => {
        const text = await screen.text(engagement);
        return text?.includes('in the last 24 h') ? text : undefined;
      });
      await postUsageBatch(e2e, url);
      // The live event stream says the figures changed: the profile reads them again in place.
      await waitUntil(
        'the new engagement figures',
        async () => (await screen.text(engagement)) !== before,
        liveWithinMs,
      );
      expect(await screen.path()).toBe(`/clients/${clientId}`);
    });

    it("edits the first name in the settings: 'Profile successfully edited', kept after a reload", async () => {
      const screen = await e2e.newScreen();
      await signInAsCoach(screen, e2e);
      await screen.click({ role: 'link', name: 'Settings', within: mainMenu });
      await screen.waitFor({ role: 'heading', name: 'Settings', level: 1 });
      const firstName: Query = { label: 'First name' };
      expect(await screen.value(firstName)).toBe('Olivia');

      await screen.fill(firstName, 'Liv');
      expect(await screen.value(firstName)).toBe('Liv');
      await screen.click({ role: 'button', name: 'Save' });
      await screen.waitFor({ text: 'Profile successfully edited' });

      await screen.reload();
      await screen.waitFor({ role: 'heading', name: 'Settings', level: 1 });
      await waitUntil(
        'the saved first name',
        async () => (await screen.value(firstName)) === 'Liv',
      );
    });

    it('logs out to the sign-in screen, which the signed-in screens then lead to', async () => {
      const screen = await e2e.newScreen();
      await signInAsCoach(screen, e2e);
      await screen.click({ role: 'button', name: 'Log out' });
      await screen.waitFor(signInHeading);
      expect(await screen.path()).toBe('/');
      expect(await screen.count({ role: 'button', name: 'Log out' })).toBe(0);

      await screen.goto('/settings');
      await screen.waitFor(signInHeading);
      expect(await screen.path()).toBe('/');
    });

    it('opens the invite dialog and the shortcut list from the keyboard, closes them with Escape and gives the focus back', async () => {
      const screen = await e2e.newScreen();
      await signInAsCoach(screen, e2e);
      await loadedClients(screen);

      // Tab by Tab to 'Invite client', as a keyboard user goes.
      for (let presses = 0; !(await screen.isFocused(inviteButton)); presses += 1) {
        if (presses === tabsAtMost)
          throw new Error(`${tabsAtMost} Tabs did not reach Invite client`);
        await screen.press('Tab');
      }
      await screen.press('Enter');
      await closesWithEscape(
        screen,
        { role: 'dialog', name: 'Invite client' },
        { label: 'Email' },
        { name: 'the invite dialog', returnTo: inviteButton },
      );

      // '?' lists the keyboard shortcuts wherever the focus is but in a text field.
      await screen.press('?');
      await closesWithEscape(
        screen,
        { role: 'dialog', name: 'Keyboard shortcuts' },
        { text: 'Search clients' },
        { name: 'the shortcut list', returnTo: inviteButton },
      );
    });
  });
}
