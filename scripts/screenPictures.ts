// `node scripts/screenPictures.ts [base URL]`: the pictures of the handbook and the README, taken
// from a running product (`npm start`, http://localhost:8080 by default) in Debian's Chromium:
// My clients and the first client of the attention queue ('/queue': the profile with its panel)
// at the widths a coach meets (1,004 x 768, 1,280 x 800, 1,440 x 900, 1,920 x 1,080), signed in
// as the demo coach. Writes docs/images/clients-<width>.png and docs/images/queue-<width>.png, and
// the whole client rows on each first screen to test-results/screen-pictures.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.js';

const root = resolve(import.meta.dirname, '..');
const baseUrl = process.argv[2] ?? 'http://localhost:8080';
const windows = [
  { width: 1004, height: 768 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;
const demoCoach = { email: 'coach@example.com', password: 'Coach123!' };

/** Signs in as the demo coach and waits for the clients table's rows. */
async function signIn(page: Page) {
  await page.goto(baseUrl);
  await page.getByLabel('Email').fill(demoCoach.email);
  await page.locator('input[type="password"]').fill(demoCoach.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const table = page.getByRole('table', { name: 'Clients' });
  await table.locator('tr[data-kind="data"]').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

/** The client rows wholly inside the window, below the table's header row. */
const wholeRows = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector('thead')?.getBoundingClientRect();
    const top = header ? header.bottom : 0;
    return [...document.querySelectorAll('tr[data-kind="data"]')].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= top - 0.5 && box.bottom <= window.innerHeight + 0.5;
    }).length;
  });

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const figures: { width: number; height: number; wholeRows: number }[] = [];
try {
  mkdirSync(join(root, 'docs/images'), { recursive: true });
  for (const size of windows) {
    const context = await browser.newContext({ viewport: size, locale: 'en-US' });
    const page = await context.newPage();
    await signIn(page);
    figures.push({ ...size, wholeRows: await wholeRows(page) });
    await page.screenshot({ path: join(root, `docs/images/clients-${size.width}.png`) });
    await page.goto(`${baseUrl}/queue`);
    await page.getByRole('navigation', { name: 'Attention queue' }).waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    // The focus ring of the composer is part of the picture: the coach writes at once.
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(root, `docs/images/queue-${size.width}.png`) });
    await context.close();
  }
} finally {
  await browser.close();
}
mkdirSync(join(root, 'test-results'), { recursive: true });
writeFileSync(
  join(root, 'test-results/screen-pictures.json'),
  `${JSON.stringify({ baseUrl, takenAt: new Date().toISOString(), figures }, null, 2)}\n`,
);
for (const { width, height, wholeRows: rows } of figures) {
  console.log(`${width} x ${height}: ${rows} whole client rows on the first screen`);
}
