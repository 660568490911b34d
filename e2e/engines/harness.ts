import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { artifactsDir, serverOutputEnd, stopCheckingSecrets } from '../harness/browser.ts';
import { coach, client as demoClient } from '../harness/coach.ts';
import { type Product, type StartProductOptions, startProduct } from '../harness/product.ts';
import { createSecretLedger, type SecretLedger } from '../harness/secrets.ts';
import type { Engine, EnginePage } from './engine.ts';
import { onScreen, type Screen } from './screen.ts';

export type EngineE2e = {
  /** The engine's name ('Firefox', 'WebKit'). */
  name: () => string;
  product: () => Product;
  /** A page in a fresh profile of the engine, at the product's address, closed after the test. */
  newScreen: () => Promise<Screen>;
  /** The secrets the file used: the journeys add the tokens the app stored. */
  secrets: SecretLedger;
};

/**
 * The hooks of one engine's test file, as e2e/harness/browser.ts's `setUpE2e` for chromium: a
 * product of the file's own (the settings journey changes the demo coach's name) and the engine,
 * both started before the tests; every page a test opens is closed after it, a failed test
 * leaving a screenshot of each and the end of the server's output. When the file ends, the engine
 * stops (its browser, driver and display) and then the product, and the file fails when the
 * server's output holds a secret the file used. The engine stops even when a test failed or the
 * product did not start.
 */
export function setUpEngine(
  launch: () => Promise<Engine>,
  options: StartProductOptions = {},
): EngineE2e {
  let product: Product | null = null;
  let engine: Engine | null = null;
  let pages: EnginePage[] = [];
  const secrets = createSecretLedger();
  secrets.add('demo coach password', coach.password);
  secrets.add('demo client password', demoClient.password);

  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startProduct(options), launch()]);
    if (started.status === 'fulfilled') product = started.value;
    if (launched.status === 'fulfilled') engine = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });
  afterEach(async ({ task }) => {
    const open = pages;
    pages = [];
    if (task.result?.state === 'fail') {
      mkdirSync(artifactsDir, { recursive: true });
      const name = `${engine?.name ?? 'engine'}-${task.name}`
        .replace(/[^a-z0-9]+/gi, '-')
        .slice(0, 80);
      await Promise.all(
        open.map((page, index) =>
          page.screenshot(join(artifactsDir, `${name}-${index}.png`)).catch(() => {}),
        ),
      );
      console.error(
        `${open.length} screenshot(s) in ${artifactsDir}. Server output (end, requests left out):\n${serverOutputEnd(product)}`,
      );
    }
    await Promise.all(open.map((page) => page.close().catch(() => {})));
  });
  afterAll(async () => {
    try {
      await engine?.close();
    } finally {
      if (product) await stopCheckingSecrets(product, secrets);
    }
  });

  return {
    name: () => engine?.name ?? '',
    product: () => {
      if (!product) throw new Error('The engine harness has not started');
      return product;
    },
    newScreen: async () => {
      if (!engine || !product) throw new Error('The engine harness has not started');
      const page = await engine.newPage(product.url);
      pages.push(page);
      return onScreen(page);
    },
    secrets,
  };
}
