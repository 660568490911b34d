// The deployed product as a visitor meets it (run by scripts/test-deploy.sh, DEPLOY_URL its address): the
// health check answers, and the app's sign-in page renders in Debian's chromium with no error.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.js';

const url = process.env.DEPLOY_URL;
if (!url) throw new Error('usage: DEPLOY_URL=<product address> node --test scripts/deployCheck.ts');

test('the deployment answers its health check and serves the sign-in page', async () => {
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
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // Signed out, a signed-in path opens sign-in at '/'.
    assert.equal(new URL(page.url()).pathname, '/');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
