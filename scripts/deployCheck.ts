// The deployed product as a visitor and its first coach meet it (run by scripts/test-deploy.sh,
// DEPLOY_URL its address, DEPLOY_COACH_EMAIL and DEPLOY_COACH_PASSWORD the coach docs/deploying.md's
// step 6 created): the health check answers, the app's sign-in page renders in Debian's chromium
// with no error, and the coach signs in to their (empty) clients list.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.js';

const url = process.env.DEPLOY_URL;
const coachEmail = process.env.DEPLOY_COACH_EMAIL;
const coachPassword = process.env.DEPLOY_COACH_PASSWORD;
if (!url || !coachEmail || !coachPassword) {
  throw new Error(
    'usage: DEPLOY_URL=<product address> DEPLOY_COACH_EMAIL=<email> DEPLOY_COACH_PASSWORD=<password> node --test scripts/deployCheck.ts',
  );
}

test('the deployment answers its health check, serves the app, and its first coach signs in', async () => {
  const health = await fetch(`${url}/api/health`);
  assert.equal(health.status, 200);
  assert.equal(((await health.json()) as { status: string }).status, 'ok');

  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${url}/clients`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    // Signed out, a signed-in path opens sign-in at '/'.
    assert.equal(new URL(page.url()).pathname, '/');
    assert.deepEqual(errors, []);

    await page.getByLabel('Email').fill(coachEmail);
    await page.getByLabel('Password', { exact: true }).fill(coachPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'My clients', level: 1 }).waitFor({ timeout: 30_000 });
    // Back to the page they opened, on a production build without demo data.
    assert.equal(new URL(page.url()).pathname, '/clients');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
