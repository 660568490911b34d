import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { thorough } from '../../packages/server/test/thorough.ts';
import { chromiumArgs, chromiumHeadlessShellPath } from '../../scripts/chromium.js';
import { appBuildDir, templateDataDirVariable } from './paths.ts';
import { startSharedProduct } from './sharedProduct.ts';
import { buildTemplate, isTemplateBuilt } from './template.ts';

/**
 * Once per run:
 * - checks that the app is built;
 * - makes the template database every product copies (see `buildTemplate`), unless
 *   COACH_E2E_TEMPLATE_DATA_DIR names one made before the run (the test command makes it while
 *   the unit tests run), which it then uses and leaves in place;
 * - launches the run's chromium (a Playwright browser server), Debian's headless shell as the
 *   stories run in (decision 119: a third less wall time and two fifths less browser CPU than the
 *   full browser, which the journeys in every engine still drive, e2e/engines/chromium.ts): each
 *   test file connects to it and opens contexts of its own (fresh profiles) instead of launching
 *   a browser;
 * - starts the shared product, which the files that change no state another file reads use
 *   (`setUpE2e({ product: 'shared' })`), and stops it at the end; the run fails when its whole
 *   output holds a secret (the demo passwords, a mailed code or link token, a JWT).
 * The thorough tier (`npm run test:thorough`) runs only the several-process files (`heavyFiles.e2e`
 * in vitest.workspace.ts), whose products seed PostgreSQL databases of their own: it makes neither
 * the template nor the shared product.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(appBuildDir, 'index.html'))) {
    throw new Error(
      `The coach app is not built (${appBuildDir}): run 'npm run test:e2e', which builds it`,
    );
  }
  const browserServer = chromium.launchServer({
    executablePath: chromiumHeadlessShellPath,
    args: chromiumArgs,
  });
  let dataDir: string | null = null;
  let shared: Awaited<ReturnType<typeof startSharedProduct>> | null = null;
  const teardown = async () => {
    const found = (await shared?.finish()) ?? [];
    await (await browserServer.catch(() => null))?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (found.length > 0) {
      throw new Error(
        `The shared product's output holds secrets this run used: ${found.join(', ')}`,
      );
    }
  };
  try {
    if (
      !thorough &&
      process.env.COACH_E2E_DB !== 'postgres' &&
      !isTemplateBuilt(process.env[templateDataDirVariable])
    ) {
      dataDir = mkdtempSync(join(tmpdir(), 'coach-e2e-template-'));
      await buildTemplate(dataDir);
      process.env[templateDataDirVariable] = dataDir;
    }
    if (!thorough) shared = await startSharedProduct();
    project.provide('e2eSharedProduct', shared?.info ?? null);
    project.provide('e2eBrowserEndpoint', (await browserServer).wsEndpoint());
  } catch (error) {
    await teardown().catch(() => {});
    throw error;
  }
  return teardown;
}
